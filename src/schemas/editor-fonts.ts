/**
 * The font families of GET /editor/fonts, an extension beyond the contract: the contract
 * lets a style name any `font_family`, and a server that draws with a fixed set of fonts
 * refuses the others, so a client needs to read the set before it picks a look.
 *
 * @module
 */
import { z } from "zod";

/** The lightest font weight a face may have (CSS `font-weight`). */
export const FONT_FACE_WEIGHT_MIN = 100;
/** The heaviest font weight a face may have (CSS `font-weight`). */
export const FONT_FACE_WEIGHT_MAX = 900;

/** One font family a style may name. */
export const fontFamilySchema = z
  .object({
    family: z.string().describe("The family's name, as a style's font_family names it."),
    weights: z
      .array(z.int().min(FONT_FACE_WEIGHT_MIN).max(FONT_FACE_WEIGHT_MAX))
      .describe(
        `The weights (${FONT_FACE_WEIGHT_MIN} to ${FONT_FACE_WEIGHT_MAX}) the family has a face for, lightest first. A style's font_weight is drawn with the nearest of them (the lighter on a tie), never a synthesized bold.`,
      ),
    styles: z
      .array(z.enum(["normal", "italic"]))
      .describe("The styles the family has faces for: normal (upright), italic."),
    license: z
      .string()
      .nullable()
      .describe("The family's licence as an SPDX identifier (OFL-1.1), or null when unknown."),
    default: z.boolean().describe("True for the family text is set in when its style names none."),
  })
  .describe("A font family, its faces and its licence.");
/** One font family a style may name. */
export type FontFamilyBody = z.output<typeof fontFamilySchema>;

/** The response of GET /editor/fonts. */
export const editorFontsSchema = z
  .object({
    object: z.literal("font_family_list").describe("Always font_family_list."),
    restricted: z
      .boolean()
      .describe(
        "True when a style's font_family must name one of families (another is refused with edit code unknown_font_family); false when this server has no renderer that lists its fonts, and any family is accepted.",
      ),
    families: z
      .array(fontFamilySchema)
      .describe("The families a style may name, the default first; empty when not restricted."),
  })
  .describe("The font families text and captions may be set in.");
/** The response of GET /editor/fonts. */
export type EditorFontsBody = z.output<typeof editorFontsSchema>;
