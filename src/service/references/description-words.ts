/**
 * The words of free text, reduced so that a description and a target's label, slug and
 * category can be compared: lowercased, split on anything but letters and digits, short
 * and filler words dropped, a plural `s` removed.
 *
 * @module
 */

/** Words too short to say anything; shorter ones are dropped. */
const MIN_WORD_LENGTH = 3;

// Common filler words that would match every target and tell nothing about any.
const FILLER_WORDS: ReadonlySet<string> = new Set([
  "and",
  "the",
  "for",
  "with",
  "from",
  "into",
  "this",
  "that",
  "our",
  "your",
  "are",
  "some",
  "its",
]);

// "bottles" and "bottle" are one word here; "glass" keeps its ending.
function singular(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

/**
 * The distinct meaningful words of a text, in first-seen order.
 *
 * @example
 * ```ts
 * meaningfulWords("Unboxing videos of the new headphones"); // ["unboxing", "video", "new", "headphone"]
 * ```
 */
export function meaningfulWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= MIN_WORD_LENGTH && !FILLER_WORDS.has(word))
    .map(singular);
  return [...new Set(words)];
}
