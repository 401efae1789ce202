/**
 * Caption entries for `add_captions` and `update_captions`: entries in time order, none
 * ending before it starts, with optional word timing inside each entry, which is what
 * the engine checks (`invalid_captions` otherwise).
 *
 * @module
 */
import fc from "fast-check";
import type { CaptionEntry } from "../../schemas/edit-values.js";
import { CAPTION_TEXT_MAX_LENGTH, CONFIDENCE_MAX, CONFIDENCE_MIN } from "../../schemas/limits.js";
import { numberBetween } from "./numbers.js";
import { SAMPLE_WORDS, shortTextArbitrary } from "./text.js";

// Entries are drawn as gaps and lengths, then laid end to start, so order holds by
// construction rather than by filtering (which would waste most draws).
const entryShapeArbitrary = fc.record({
  gapMs: fc.integer({ min: 0, max: 3000 }),
  lengthMs: fc.integer({ min: 0, max: 4000 }),
  text: shortTextArbitrary(CAPTION_TEXT_MAX_LENGTH),
  words: fc.option(fc.array(fc.constantFrom(...SAMPLE_WORDS), { minLength: 1, maxLength: 4 }), {
    nil: undefined,
  }),
  confidence: fc.option(numberBetween(CONFIDENCE_MIN, CONFIDENCE_MAX), { nil: undefined }),
});

type EntryShape = typeof entryShapeArbitrary extends fc.Arbitrary<infer Shape> ? Shape : never;

function entryAt(startMs: number, shape: EntryShape): CaptionEntry {
  const endMs = startMs + shape.lengthMs;
  const entry: CaptionEntry = { text: shape.text, startMs, endMs };
  if (shape.confidence !== undefined) entry.confidence = shape.confidence;
  if (shape.words !== undefined) {
    const count = shape.words.length;
    // Words share the entry evenly, so they stay in order and inside it.
    entry.words = shape.words.map((word, index) => ({
      word,
      startMs: startMs + Math.floor((index * shape.lengthMs) / count),
      endMs: startMs + Math.floor(((index + 1) * shape.lengthMs) / count),
    }));
  }
  return entry;
}

/**
 * 1 to `maxEntries` caption entries in time order. The wire allows 2000; short lists
 * keep a hundred runs fast and exercise the same rules.
 */
export function captionEntriesArbitrary(maxEntries: number): fc.Arbitrary<CaptionEntry[]> {
  return fc.array(entryShapeArbitrary, { minLength: 1, maxLength: maxEntries }).map((shapes) => {
    let startMs = 0;
    return shapes.map((shape) => {
      startMs += shape.gapMs;
      return entryAt(startMs, shape);
    });
  });
}
