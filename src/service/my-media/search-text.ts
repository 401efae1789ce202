/**
 * The text GET /editor/media searches (`query`): an item's file name and title, kept
 * lowercased on the record so a search is a plain substring test.
 *
 * @module
 */

/** The indexed text of an item: its file name and title, lowercased. */
export function searchTextOf(filename: string, title: string | undefined): string {
  return [filename, title ?? ""].join("\n").trim().toLowerCase();
}

/** The search terms of a `query`: its words, lowercased; none for blank text. */
export function searchTermsOf(query: string | undefined): readonly string[] {
  return (query ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((term) => term !== "");
}

/**
 * True when every term occurs in the text, so `rain loop` finds `rain-loop.mp3` and
 * `Loop of rain`. No terms match everything.
 *
 * @example
 * ```ts
 * matchesTerms(searchTextOf("Rain-Loop.mp3", undefined), searchTermsOf("loop RAIN")); // true
 * ```
 */
export function matchesTerms(text: string, terms: readonly string[]): boolean {
  return terms.every((term) => text.includes(term));
}
