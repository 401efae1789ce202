/**
 * Timing the words of a known script from words heard in its audio: a speech engine's own
 * word times, a forced alignment, or a transcript. The two sequences are matched by their
 * longest common subsequence of words (compared without case, accents or punctuation), so
 * recognition errors, numbers read out ("2025" heard as "twenty twenty five") and words
 * the engine splits or joins cost only the words concerned. Each matched script word
 * takes its heard word's time; the words between two matches share the time between
 * them in proportion to their syllables; with no match at all the whole narration is
 * shared that way. Pure.
 *
 * @module
 */
import type { TranscriptWord } from "../../editor/providers.js";
import type { TimedWord } from "../../ports/product-workflow.js";
import { comparableWord, estimatedSyllables } from "./narration-text.js";

/**
 * Most heard words matched against a script; the rest are left out. A 180 s narration
 * holds under 600 words, so this bounds the matching table, not real audio.
 */
export const HEARD_WORDS_MAX = 4000;

/** Script words timed, and how many took their time from a heard word. */
export interface MatchedWords {
  /** One per script word, in order, within the narration. */
  readonly words: TimedWord[];
  /** How many of them matched a heard word. */
  readonly matched: number;
}

// A pause after sentence punctuation counts like this many syllables, after a comma half.
const SENTENCE_PAUSE_SYLLABLES = 1;
const CLAUSE_PAUSE_SYLLABLES = 0.5;

function weightOf(word: string): number {
  const pause = /[.!?…。！？]["'”’)]*$/u.test(word)
    ? SENTENCE_PAUSE_SYLLABLES
    : /[,;:]["'”’)]*$/u.test(word)
      ? CLAUSE_PAUSE_SYLLABLES
      : 0;
  return estimatedSyllables(word) + pause;
}

// Index pairs (script, heard) of a longest common subsequence, in order.
function commonSubsequence(
  script: readonly string[],
  heard: readonly string[],
): [number, number][] {
  const rows = script.length + 1;
  const columns = heard.length + 1;
  const lengths = new Uint16Array(rows * columns);
  for (let i = script.length - 1; i >= 0; i -= 1) {
    for (let j = heard.length - 1; j >= 0; j -= 1) {
      const here = i * columns + j;
      lengths[here] =
        script[i] !== "" && script[i] === heard[j]
          ? (lengths[here + columns + 1] ?? 0) + 1
          : Math.max(lengths[here + columns] ?? 0, lengths[here + 1] ?? 0);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < script.length && j < heard.length) {
    if (script[i] !== "" && script[i] === heard[j]) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * columns + j] ?? 0) >= (lengths[i * columns + j + 1] ?? 0)) {
      i += 1;
    } else {
      j += 1;
    }
  }
  return pairs;
}

// Shares [fromMs, toMs] among `words` by their weight, one after the other.
function spread(words: readonly string[], fromMs: number, toMs: number): TimedWord[] {
  const weights = words.map(weightOf);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const span = Math.max(0, toMs - fromMs);
  let at = fromMs;
  return words.map((word, index) => {
    const startMs = at;
    at += total === 0 ? 0 : (span * (weights[index] ?? 0)) / total;
    return { word, startMs: Math.round(startMs), endMs: Math.round(at) };
  });
}

/**
 * Times `script` (its words in order) within a narration of `durationMs` from the words
 * `heard` in it, as described in the module comment. Heard words past
 * {@link HEARD_WORDS_MAX}, empty ones, and times outside the narration are left out or
 * clamped; times never go backwards.
 *
 * @example
 * ```ts
 * const { words, matched } = matchWordTimes(["Three", "hearts."], [
 *   { word: "three", startMs: 0, endMs: 300 },
 *   { word: "hearts", startMs: 350, endMs: 800 },
 * ], 1000);
 * matched; // 2
 * words[1]; // { word: "hearts.", startMs: 350, endMs: 800 }
 * ```
 */
export function matchWordTimes(
  script: readonly string[],
  heard: readonly TranscriptWord[],
  durationMs: number,
): MatchedWords {
  const usable = heard
    .filter((word) => comparableWord(word.word) !== "")
    .filter((word) => Number.isFinite(word.startMs) && Number.isFinite(word.endMs))
    .slice(0, HEARD_WORDS_MAX);
  const pairs = commonSubsequence(
    script.map(comparableWord),
    usable.map((word) => comparableWord(word.word)),
  );
  const timed: TimedWord[] = [];
  let cursorMs = 0;
  let next = 0;
  const anchors = [...pairs, [script.length, -1] as [number, number]];
  for (const [scriptIndex, heardIndex] of anchors) {
    const anchor = usable[heardIndex];
    const anchorStart =
      anchor === undefined ? durationMs : Math.min(durationMs, Math.max(cursorMs, anchor.startMs));
    timed.push(...spread(script.slice(next, scriptIndex), cursorMs, anchorStart));
    if (anchor === undefined) break;
    const endMs = Math.min(durationMs, Math.max(anchorStart, anchor.endMs));
    timed.push({ word: script[scriptIndex] ?? "", startMs: anchorStart, endMs });
    cursorMs = endMs;
    next = scriptIndex + 1;
  }
  return { words: timed, matched: pairs.length };
}
