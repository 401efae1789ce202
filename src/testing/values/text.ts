/**
 * Strings of edit operations: titles, overlay text, spoken scripts and transcript words,
 * within their length limits. Beside printable ASCII they include right-to-left, CJK and
 * emoji text, which layout and word counting must handle.
 *
 * @module
 */
import fc from "fast-check";
import {
  TEXT_MAX_LENGTH,
  TEXT_MIN_LENGTH,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
} from "../../schemas/limits.js";

const SAMPLE_TEXTS = [
  "Spring sale",
  "Line one\nLine two",
  "مرحبا بالعالم",
  "日本語のテキスト",
  "Launch day 🚀",
  "  padded  ",
];

/** Plain words for scripts and transcripts; some end a sentence, so captions break there. */
export const SAMPLE_WORDS = [
  "hello",
  "world.",
  "this",
  "is",
  "a",
  "video",
  "about",
  "sound!",
  "really?",
  "yes",
] as const;

/** A project title, 1 to 160 characters. */
export function titleArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ minLength: TITLE_MIN_LENGTH, maxLength: TITLE_MAX_LENGTH }),
    fc.constantFrom(...SAMPLE_TEXTS),
  );
}

/** Overlay text, 1 to 2000 characters. */
export function overlayTextArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ minLength: TEXT_MIN_LENGTH, maxLength: TEXT_MAX_LENGTH }),
    fc.constantFrom(...SAMPLE_TEXTS),
  );
}

/** A non-empty string of at most `maxLength` characters. */
export function shortTextArbitrary(maxLength: number): fc.Arbitrary<string> {
  return fc.string({ minLength: 1, maxLength });
}

/** A script of 1 to `maxWords` spoken words, for `add_voiceover`. */
export function scriptArbitrary(maxWords: number): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom(...SAMPLE_WORDS), { minLength: 1, maxLength: maxWords })
    .map((words) => words.join(" "));
}
