/**
 * GET /editor/fonts (an extension beyond the contract): the font families the renderer
 * draws, which are the ones a style may name.
 *
 * @module
 */

import type { FontFamilyInfo } from "../../ports/renderer.js";
import type { EditorFontsBody, FontFamilyBody } from "../../schemas/editor-fonts.js";
import { success } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";

function familyBody(info: FontFamilyInfo, index: number): FontFamilyBody {
  return {
    family: info.family,
    weights: [...info.weights],
    styles: [...(info.styles ?? ["normal"])],
    license: info.license ?? null,
    // The renderer lists the family it sets unstyled text in first.
    default: index === 0,
  };
}

/**
 * The answer of GET /editor/fonts for a renderer listing `families` (undefined: it lists
 * none, and edits accept any family).
 *
 * @example
 * ```ts
 * editorFontsBody([{ family: "DejaVu Sans", weights: [400, 700] }]);
 * // { object: "font_family_list", restricted: true, families: [{ family: "DejaVu Sans", ..., default: true }] }
 * ```
 */
export function editorFontsBody(families: readonly FontFamilyInfo[] | undefined): EditorFontsBody {
  return {
    object: "font_family_list",
    restricted: families !== undefined,
    families: (families ?? []).map(familyBody),
  };
}

/** GET /editor/fonts: the families a style may name, with their weights and licences. */
export const listEditorFonts: UseCaseFactory = authenticated("listEditorFonts", async ({ deps }) =>
  success(editorFontsBody(deps.renderer?.fontFamilies)),
);
