/**
 * Default titles of slideshows and videos created without one (spec 4.6 and 4.8 make
 * `title` optional): the opening words of the prompt, or a fixed fallback.
 *
 * @module
 */

/** Longest title derived from a prompt, in characters (before the ellipsis). */
export const DERIVED_TITLE_MAX_LENGTH = 60;

/** The title of a slideshow created without title or prompt. */
export const UNTITLED_SLIDESHOW = "Untitled slideshow";

/** The title of a faceless video created without title, prompt or script. */
export const UNTITLED_FACELESS_VIDEO = "Untitled faceless video";

/**
 * The given title when it has any text; otherwise the opening of `text` on one line, cut
 * at a word boundary within {@link DERIVED_TITLE_MAX_LENGTH} characters with an ellipsis;
 * otherwise `fallback`.
 *
 * @example
 * ```ts
 * titleOf(undefined, "5 ways to style a linen shirt", UNTITLED_SLIDESHOW); // "5 ways to style a linen shirt"
 * titleOf("  ", undefined, UNTITLED_SLIDESHOW); // "Untitled slideshow"
 * ```
 */
export function titleOf(
  title: string | undefined,
  text: string | undefined,
  fallback: string,
): string {
  const given = title?.trim() ?? "";
  if (given !== "") return given;
  const line = text?.trim().replace(/\s+/g, " ") ?? "";
  if (line === "") return fallback;
  if (line.length <= DERIVED_TITLE_MAX_LENGTH) return line;
  const cut = line.slice(0, DERIVED_TITLE_MAX_LENGTH + 1);
  const lastSpace = cut.lastIndexOf(" ");
  // A first word longer than the limit is cut inside the word rather than dropped.
  const words = lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, DERIVED_TITLE_MAX_LENGTH);
  return `${words.replace(/[\s.,;:!?-]+$/, "")}…`;
}
