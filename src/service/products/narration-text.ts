/**
 * Reading a narration as the workflows need it: its words (what captions show and what
 * timings are matched to), its sentences (what scenes are cut along), and an estimate of
 * how long each word takes to say. Pure and deterministic: the same text gives the same
 * answer on every host.
 *
 * @module
 */

// Sentence boundaries of Unicode (UAX #29) in a fixed locale, so that hosts agree.
const SENTENCES = new Intl.Segmenter("und", { granularity: "sentence" });

// A word is spoken when it holds a letter or a digit in any script.
const SPOKEN = /[\p{L}\p{N}]/u;

/**
 * The words of a narration as captions show them: its runs of non-space characters that
 * hold a letter or a digit, punctuation kept on the word it follows. Dashes and other
 * marks standing alone are not words.
 *
 * @example
 * ```ts
 * narrationWords("Octopuses have three hearts — and blue blood."); // 7 words, "blood." last
 * ```
 */
export function narrationWords(text: string): string[] {
  return text.split(/\s+/u).filter((word) => SPOKEN.test(word));
}

/**
 * A word as it is compared with another: lower case, accents and punctuation removed, so
 * that "Hearts," and "hearts" match.
 *
 * @example
 * ```ts
 * comparableWord("Crème,"); // "creme"
 * ```
 */
export function comparableWord(word: string): string {
  return word
    .normalize("NFKD")
    .toLocaleLowerCase("und")
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * The sentences of a text, in order, trimmed; text without sentence punctuation is one
 * sentence. Sentences without a word are left out.
 *
 * @example
 * ```ts
 * narrationSentences("One. Two! Three?"); // ["One.", "Two!", "Three?"]
 * ```
 */
export function narrationSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const { segment } of SENTENCES.segment(text)) {
    const sentence = segment.trim();
    if (SPOKEN.test(sentence)) sentences.push(sentence);
  }
  return sentences;
}

// Vowel groups of the Latin, Greek and Cyrillic scripts, the usual syllable estimate.
const VOWEL_GROUPS = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœаеёиоуыэюяαεηιουω]+/giu;
// Scripts without spaces (Chinese, Japanese, Thai) read about a syllable per character.
const SYLLABIC_CHARACTER =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu;

/**
 * About how many syllables a word takes to say, at least 1: its vowel groups (a silent
 * final "e" left out), one per character of the scripts written without spaces, and one
 * per digit.
 *
 * @example
 * ```ts
 * estimatedSyllables("octopuses"); // 4
 * estimatedSyllables("three"); // 1
 * ```
 */
export function estimatedSyllables(word: string): number {
  const letters = comparableWord(word);
  const characters = letters.match(SYLLABIC_CHARACTER)?.length ?? 0;
  const digits = letters.match(/\p{N}/gu)?.length ?? 0;
  const latin = letters.replace(/e$/u, "");
  const vowels = latin.match(VOWEL_GROUPS)?.length ?? 0;
  return Math.max(1, vowels + characters + digits);
}
