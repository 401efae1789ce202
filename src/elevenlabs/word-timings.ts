/**
 * Word times from ElevenLabs' character alignment: each character of the spoken text
 * with its start and end in the audio. A word is a run of characters without white
 * space, timed from its first character's start to its last one's end, with its
 * punctuation kept on it, as the speech port's words are.
 *
 * @module
 */
import type { TranscriptWord } from "../editor/providers.js";

/** Each character of the text with its time, in seconds, as ElevenLabs answers it. */
export interface CharacterAlignment {
  readonly characters: readonly string[];
  readonly characterStartTimesSeconds: readonly number[];
  readonly characterEndTimesSeconds: readonly number[];
}

const toMilliseconds = (seconds: number) => Math.round(seconds * 1000);

/**
 * The words of `alignment`, in order, timed in milliseconds of the audio; `undefined`
 * when the alignment is not one (lists of different lengths, a time that is not a
 * number), so the caller falls back to aligning the text itself.
 *
 * @example
 * ```ts
 * wordsOfAlignment({
 *   characters: ["H", "i", " ", "y", "o", "u"],
 *   characterStartTimesSeconds: [0, 0.1, 0.2, 0.3, 0.4, 0.5],
 *   characterEndTimesSeconds: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
 * }); // [{ word: "Hi", startMs: 0, endMs: 200 }, { word: "you", startMs: 300, endMs: 600 }]
 * ```
 */
export function wordsOfAlignment(alignment: CharacterAlignment): TranscriptWord[] | undefined {
  const {
    characters,
    characterStartTimesSeconds: starts,
    characterEndTimesSeconds: ends,
  } = alignment;
  if (starts.length !== characters.length || ends.length !== characters.length) return undefined;
  const words: TranscriptWord[] = [];
  let current: { word: string; startMs: number; endMs: number } | undefined;
  for (const [index, character] of characters.entries()) {
    const start = starts[index] as number;
    const end = ends[index] as number;
    if (!(Number.isFinite(start) && Number.isFinite(end) && start >= 0)) return undefined;
    if (/^\s*$/.test(character)) {
      if (current !== undefined) words.push(current);
      current = undefined;
      continue;
    }
    const startMs = toMilliseconds(start);
    const endMs = Math.max(toMilliseconds(end), startMs);
    current =
      current === undefined
        ? { word: character, startMs, endMs }
        : {
            word: current.word + character,
            startMs: current.startMs,
            endMs: Math.max(current.endMs, endMs),
          };
  }
  if (current !== undefined) words.push(current);
  return words;
}
