/**
 * Counting spoken words for the voiceover limit and its price (spec 4.14 rule 3, section
 * 8). The engine checks the limit itself, since it may be handed operations that never
 * met a schema.
 *
 * Words are counted the way a speech engine speaks them, for every script: the text is
 * cut at the word boundaries of Unicode (UAX #29, `Intl.Segmenter`), which segments
 * Chinese, Japanese, Thai and other scripts written without spaces by dictionary, so no
 * text can pass as fewer words than it takes to say.
 *
 * @module
 */

/**
 * The most characters one spoken word is taken to hold: a longer run of letters or digits
 * without a boundary (`aaaa…`, a 40-digit number) counts one word per started run of this
 * many characters, since a voice takes that long to say it. Real words stay below it:
 * "internationalization" has 20 letters.
 */
export const SPOKEN_WORD_MAX_CHARACTERS = 20;

// A fixed locale: the count, and so the limit and the price, must not depend on the host.
const WORDS = new Intl.Segmenter("und", { granularity: "word" });

// A segment is spoken when it holds a letter or a digit in any script.
const SPOKEN = /[\p{L}\p{N}]/u;

// Inside a segment, anything but letters, marks, digits, connectors and apostrophes joins
// parts that are spoken one after the other: "U.S.A." is three letters, "3.14" two numbers.
const JOINER = /[^\p{L}\p{M}\p{N}\p{Pc}'’]+/u;

// Symbols a voice reads out ("$", "+", "%", "&", "@", "#", emoji) count as a word each;
// dashes, quotes, brackets and sentence punctuation are silent.
const SPOKEN_SYMBOL = /[\p{S}%&@#]/u;

function wordsIn(part: string): number {
  if (!SPOKEN.test(part)) return 0;
  let characters = 0;
  for (const _ of part) characters += 1;
  return Math.ceil(characters / SPOKEN_WORD_MAX_CHARACTERS);
}

/**
 * Counts the words a voice would speak in `text`: each word of any script, each part of a
 * dotted abbreviation or number, each spoken symbol; long unbroken runs count as several
 * words; typography (`—`, `...`, quotes) counts as nothing.
 *
 * @example
 * ```ts
 * countSpokenWords("Hello — world... it's 2025!"); // 4
 * countSpokenWords("日本語のテキストです"); // 4
 * countSpokenWords("a.a.a"); // 3
 * countSpokenWords("   "); // 0
 * ```
 */
export function countSpokenWords(text: string): number {
  let count = 0;
  for (const { segment } of WORDS.segment(text)) {
    if (SPOKEN.test(segment)) {
      for (const part of segment.split(JOINER)) count += wordsIn(part);
    } else if (SPOKEN_SYMBOL.test(segment)) {
      count += 1;
    }
  }
  return count;
}
