/**
 * The words a brief is about, for the default planners and the simulated script writer:
 * its longer words that are not function words, in order of first use.
 *
 * @module
 */
import { comparableWord, narrationWords } from "./narration-text.js";

// English function words long enough to pass the length test, and the counting words of
// list briefs ("three facts", "five ways"); other languages' short words are left out by
// the length test alone.
const FUNCTION_WORDS = new Set([
  "three",
  "four",
  "five",
  "seven",
  "eight",
  "nine",
  "twelve",
  "facts",
  "ideas",
  "reasons",
  "steps",
  "things",
  "tips",
  "about",
  "after",
  "again",
  "also",
  "because",
  "been",
  "before",
  "being",
  "best",
  "between",
  "both",
  "does",
  "each",
  "every",
  "from",
  "have",
  "here",
  "into",
  "just",
  "like",
  "more",
  "most",
  "much",
  "only",
  "other",
  "over",
  "same",
  "should",
  "some",
  "such",
  "than",
  "that",
  "their",
  "them",
  "then",
  "there",
  "these",
  "they",
  "this",
  "those",
  "through",
  "very",
  "want",
  "ways",
  "what",
  "when",
  "where",
  "which",
  "while",
  "will",
  "with",
  "without",
  "would",
  "your",
]);

/** Fewest letters a keyword has. */
export const KEYWORD_MIN_LENGTH = 4;

/**
 * The keywords of `text`: words of at least {@link KEYWORD_MIN_LENGTH} letters that are
 * not function or counting words, in lower case without surrounding punctuation, each
 * once, in order of first use.
 *
 * @example
 * ```ts
 * briefKeywords("Three facts about deep-sea octopuses!"); // ["deep-sea", "octopuses"]
 * ```
 */
export function briefKeywords(text: string): string[] {
  const found = new Map<string, string>();
  for (const word of narrationWords(text)) {
    const key = comparableWord(word);
    if (key.length < KEYWORD_MIN_LENGTH || FUNCTION_WORDS.has(key) || found.has(key)) continue;
    const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    found.set(key, bare.toLocaleLowerCase("und"));
  }
  return [...found.values()];
}

/**
 * A short topic line of a brief: its first clause, at most `maxWords` words, without
 * closing punctuation; empty for an empty brief.
 *
 * @example
 * ```ts
 * briefTopic("Cold brew at home: three mistakes to avoid.", 8); // "Cold brew at home"
 * ```
 */
export function briefTopic(text: string, maxWords: number): string {
  const clause = text.trim().split(/[.!?:;\n]/u)[0] ?? "";
  const words = clause.split(/\s+/u).filter((word) => word !== "");
  return words
    .slice(0, maxWords)
    .join(" ")
    .replace(/[\s,;:–—-]+$/u, "");
}
