/**
 * Counting spoken words for the voiceover limit (spec 4.14 rule 3, section 8). The engine
 * checks the limit itself, since it may be handed operations that never met a schema.
 *
 * @module
 */

// A token is spoken when it holds at least one letter or digit in any script; dashes,
// ellipses and stray quotes between words are silent.
const SPOKEN_TOKEN = /[\p{L}\p{N}]/u;

/**
 * Counts the words a voice would speak in `text`: whitespace-separated tokens holding at
 * least one letter or digit, so typography (`—`, `...`) never pushes a script over the
 * limit.
 *
 * @example
 * ```ts
 * countSpokenWords("Hello — world... it's 2025!"); // 4
 * countSpokenWords("   "); // 0
 * ```
 */
export function countSpokenWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/u)) {
    if (SPOKEN_TOKEN.test(token)) count += 1;
  }
  return count;
}
