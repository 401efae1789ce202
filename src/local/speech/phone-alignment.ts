/**
 * Which word each phone the synthesizer timed belongs to. flite reports every phone it
 * spoke with its end time but not which word it belongs to; its text-to-phones program
 * gives each word's phones. The two sequences are nearly the same, so a banded edit-
 * distance alignment pairs them, and a word lasts from the start of its first timed
 * phone to the end of its last. Pauses belong to no word.
 *
 * @module
 */

/** One phone the synthesizer spoke, with its end in seconds from the start of the audio. */
export interface TimedPhone {
  /** The phone, such as `hh` or `pau` (a pause). */
  readonly phone: string;
  /** End of the phone, in seconds. */
  readonly endSeconds: number;
}

/** A word's span, in seconds. */
export interface WordSpan {
  /** Start, in seconds. */
  readonly startSeconds: number;
  /** End, in seconds; not before the start. */
  readonly endSeconds: number;
}

const PAUSE = "pau";
// Extra diagonals searched beside the length difference: room for the few phones the two
// programs disagree on (a reduced vowel, a post-lexical change).
const BAND_MARGIN = 48;
const MATCH = 0;
const EDIT = 1;

interface Spoken {
  readonly phone: string;
  readonly startSeconds: number;
  readonly endSeconds: number;
}

// The phones between pauses, each with its start (the previous phone's end).
function spokenPhones(timed: readonly TimedPhone[]): Spoken[] {
  const spoken: Spoken[] = [];
  let start = 0;
  for (const { phone, endSeconds } of timed) {
    if (phone !== PAUSE) spoken.push({ phone, startSeconds: start, endSeconds });
    start = Math.max(start, endSeconds);
  }
  return spoken;
}

// For each spoken phone, the index of the expected phone it pairs with (or -1), by a
// banded edit distance: three moves per cell, kept in one byte each.
function pairPhones(expected: readonly string[], spoken: readonly Spoken[]): Int32Array {
  const rows = expected.length;
  const columns = spoken.length;
  const band = Math.abs(rows - columns) + BAND_MARGIN;
  const width = 2 * band + 1;
  const moves = new Uint8Array((rows + 1) * width);
  let previous = new Float64Array(width).fill(Number.POSITIVE_INFINITY);
  let current = new Float64Array(width);
  const offset = (row: number, column: number) => column - row + band;
  for (let row = 0; row <= rows; row += 1) {
    current.fill(Number.POSITIVE_INFINITY);
    const first = Math.max(0, row - band);
    const last = Math.min(columns, row + band);
    for (let column = first; column <= last; column += 1) {
      const cell = offset(row, column);
      if (row === 0 && column === 0) {
        current[cell] = 0;
        continue;
      }
      const diagonal =
        row > 0 && column > 0
          ? (previous[offset(row - 1, column - 1)] ?? Number.POSITIVE_INFINITY) +
            (expected[row - 1] === spoken[column - 1]?.phone ? MATCH : EDIT)
          : Number.POSITIVE_INFINITY;
      const up =
        row > 0
          ? (previous[offset(row - 1, column)] ?? Number.POSITIVE_INFINITY) + EDIT
          : Number.POSITIVE_INFINITY;
      const left =
        column > 0
          ? (current[offset(row, column - 1)] ?? Number.POSITIVE_INFINITY) + EDIT
          : Number.POSITIVE_INFINITY;
      const best = Math.min(diagonal, up, left);
      current[cell] = best;
      moves[row * width + cell] = best === diagonal ? 0 : best === up ? 1 : 2;
    }
    [previous, current] = [current, previous];
  }
  const pairs = new Int32Array(columns).fill(-1);
  let row = rows;
  let column = columns;
  while (row > 0 || column > 0) {
    const move = moves[row * width + offset(row, column)];
    if (row > 0 && column > 0 && move === 0) {
      pairs[column - 1] = row - 1;
      row -= 1;
      column -= 1;
    } else if (row > 0 && (column === 0 || move === 1)) row -= 1;
    else column -= 1;
  }
  return pairs;
}

// The word of each spoken phone: its pair's word, or, unpaired, the word of the phone
// before it (the first word for leading ones).
function wordOfEachPhone(pairs: Int32Array, wordOfExpected: readonly number[]): number[] {
  const words: number[] = [];
  let last = 0;
  for (const pair of pairs) {
    if (pair >= 0) last = wordOfExpected[pair] ?? last;
    words.push(last);
  }
  return words;
}

/**
 * The span of each word, given each word's phones (as the text-to-phones program spells
 * them) and the phones the synthesizer timed. Spans never go back in time; a word none
 * of whose phones was heard gets an empty span where it would have been.
 *
 * @example
 * ```ts
 * alignWordsToPhones([["hh", "ax", "l", "ow"], ["w", "er", "l", "d"]], [
 *   { phone: "pau", endSeconds: 0.16 }, { phone: "hh", endSeconds: 0.25 },
 *   { phone: "ax", endSeconds: 0.3 }, { phone: "l", endSeconds: 0.41 },
 *   { phone: "ow", endSeconds: 0.55 }, { phone: "w", endSeconds: 0.66 },
 *   { phone: "er", endSeconds: 0.79 }, { phone: "l", endSeconds: 0.97 },
 *   { phone: "d", endSeconds: 1.02 }, { phone: "pau", endSeconds: 1.14 },
 * ]);
 * // [{ startSeconds: 0.16, endSeconds: 0.55 }, { startSeconds: 0.55, endSeconds: 1.02 }]
 * ```
 */
export function alignWordsToPhones(
  wordPhones: readonly (readonly string[])[],
  timed: readonly TimedPhone[],
): WordSpan[] {
  const expected = wordPhones.flat();
  const wordOfExpected = wordPhones.flatMap((phones, word) => phones.map(() => word));
  const spoken = spokenPhones(timed);
  const owners = wordOfEachPhone(pairPhones(expected, spoken), wordOfExpected);
  const spans: { start: number; end: number }[] = wordPhones.map(() => ({
    start: Number.POSITIVE_INFINITY,
    end: Number.NEGATIVE_INFINITY,
  }));
  spoken.forEach((phone, index) => {
    const span = spans[owners[index] ?? 0];
    if (span === undefined) return;
    span.start = Math.min(span.start, phone.startSeconds);
    span.end = Math.max(span.end, phone.endSeconds);
  });
  let floor = 0;
  return spans.map(({ start, end }) => {
    const startSeconds = Number.isFinite(start) ? Math.max(floor, start) : floor;
    const endSeconds = Math.max(startSeconds, Number.isFinite(end) ? end : startSeconds);
    floor = endSeconds;
    return { startSeconds, endSeconds };
  });
}
