/**
 * Caption entries: checking their order, measuring how long they run, and turning
 * transcripts of source media into entries on the timeline (spec 4.14 rule 7).
 *
 * @module
 */
import { ok, type Result } from "../result.js";
import type { CaptionEntry, CaptionStyle, CaptionWord } from "../schemas/edit-values.js";
import {
  CAPTION_TEXT_MAX_LENGTH,
  CAPTION_WORD_MAX_LENGTH,
  CAPTION_WORDS_MAX,
  PLAYBACK_RATE_DEFAULT,
  WORDS_PER_CAPTION_DEFAULT,
} from "../schemas/limits.js";
import { SPLIT_ON_PUNCTUATION_DEFAULT } from "./defaults.js";
import { type EditFailure, editFailure } from "./errors.js";
import type { SoundItem } from "./items.js";
import type { Transcript, TranscriptWord } from "./providers.js";
import { framesToSeconds, millisecondsToSeconds, secondsToMilliseconds } from "./time.js";

interface Timed {
  startMs: number;
  endMs: number;
}

function checkTimedList(list: readonly Timed[], what: string): Result<void, EditFailure> {
  for (const [index, timed] of list.entries()) {
    if (timed.endMs < timed.startMs) {
      return editFailure(
        "invalid_captions",
        `${what} ${index} ends at ${timed.endMs} ms, before it starts at ${timed.startMs} ms.`,
      );
    }
    const previous = list[index - 1];
    if (previous !== undefined && timed.startMs < previous.startMs) {
      return editFailure(
        "invalid_captions",
        `${what} ${index} starts at ${timed.startMs} ms, before ${what.toLowerCase()} ${index - 1} at ${previous.startMs} ms; keep them in time order.`,
      );
    }
  }
  return ok(undefined);
}

/**
 * Checks what the engine relies on: entries and their words in non-decreasing `startMs`
 * order, none ending before it starts, and at most 120 words per entry.
 */
export function checkCaptionEntries(entries: readonly CaptionEntry[]): Result<void, EditFailure> {
  const entriesChecked = checkTimedList(entries, "Caption");
  if (!entriesChecked.ok) return entriesChecked;
  for (const [index, entry] of entries.entries()) {
    const words = entry.words ?? [];
    if (words.length > CAPTION_WORDS_MAX) {
      return editFailure(
        "invalid_captions",
        `Caption ${index} has ${words.length} words; the limit is ${CAPTION_WORDS_MAX}.`,
      );
    }
    const wordsChecked = checkTimedList(words, `Caption ${index} word`);
    if (!wordsChecked.ok) return wordsChecked;
  }
  return ok(undefined);
}

/**
 * How long captions run on the timeline, in seconds: until the last entry ends, read on
 * the captions' clock (which starts at `caption_start_seconds` and runs at
 * `playback_rate`). Never negative.
 */
export function captionsLengthSeconds(
  entries: readonly CaptionEntry[],
  style: CaptionStyle,
): number {
  const lastEndMs = entries.reduce((latest, entry) => Math.max(latest, entry.endMs), 0);
  const clockSeconds = millisecondsToSeconds(lastEndMs) - (style.caption_start_seconds ?? 0);
  return Math.max(0, clockSeconds / (style.playback_rate ?? PLAYBACK_RATE_DEFAULT));
}

/** A word on the timeline and the transcript word it was timed from. */
export interface TimelineWord {
  /** The word, in absolute timeline milliseconds. */
  readonly word: CaptionWord;
  /** The transcript word (source time) it comes from. */
  readonly source: TranscriptWord;
}

// Two pieces of one word meet when one ends within this of where the other starts: the
// halves of a split clip, which both play part of a word spoken across the cut.
const CUT_WORD_JOIN_MS = 0.5;

/**
 * The words of `transcript` that the timeline plays from `item`, re-timed to absolute
 * timeline milliseconds: words outside the played source range (before the trim, or past
 * the item's length at its playback rate) are dropped, words cut by either edge are
 * clipped, and source time is divided by the playback rate.
 */
export function wordsOnTimeline(
  item: SoundItem,
  transcript: Transcript,
  fps: number,
): CaptionWord[] {
  return timelineWords(item, transcript.words, fps).map((timed) => timed.word);
}

/** {@link wordsOnTimeline}, keeping each word's transcript word, in source order. */
export function timelineWords(
  item: SoundItem,
  transcriptWords: readonly TranscriptWord[],
  fps: number,
): TimelineWord[] {
  const itemStartMs = secondsToMilliseconds(framesToSeconds(item.from, fps));
  const lengthMs = secondsToMilliseconds(framesToSeconds(item.durationInFrames, fps));
  const sourceStartMs = secondsToMilliseconds(item.sourceStartSeconds);
  const sourceEndMs = sourceStartMs + lengthMs * item.playbackRate;
  const toTimeline = (sourceMs: number) =>
    itemStartMs + (sourceMs - sourceStartMs) / item.playbackRate;
  const words: TimelineWord[] = [];
  for (const word of [...transcriptWords].sort((left, right) => left.startMs - right.startMs)) {
    const text = word.word.trim().slice(0, CAPTION_WORD_MAX_LENGTH);
    if (text === "" || word.endMs <= sourceStartMs || word.startMs >= sourceEndMs) continue;
    const startMs = toTimeline(Math.max(word.startMs, sourceStartMs));
    const endMs = Math.max(startMs, toTimeline(Math.min(word.endMs, sourceEndMs)));
    const timed: CaptionWord =
      word.confidence === undefined
        ? { word: text, startMs, endMs }
        : { word: text, startMs, endMs, confidence: word.confidence };
    words.push({ word: timed, source: word });
  }
  return words;
}

/**
 * Timeline words of several sources in `startMs` order, with the two pieces of a word
 * that a split cut in two (the same transcript word, one piece ending where the other
 * starts) joined back into one word, so a split never doubles a word.
 */
export function joinedTimelineWords(words: readonly TimelineWord[]): CaptionWord[] {
  const sorted = [...words].sort((left, right) => left.word.startMs - right.word.startMs);
  const lastPiece = new Map<TranscriptWord, CaptionWord>();
  const joined: CaptionWord[] = [];
  for (const { word, source } of sorted) {
    const before = lastPiece.get(source);
    if (before !== undefined && Math.abs(before.endMs - word.startMs) <= CUT_WORD_JOIN_MS) {
      before.endMs = Math.max(before.endMs, word.endMs);
      continue;
    }
    const piece = { ...word };
    lastPiece.set(source, piece);
    joined.push(piece);
  }
  return joined;
}

/**
 * `entries` with every time (entry, word and timestamp) moved later by `milliseconds`
 * on the captions' clock: what keeps them on screen at the same moments when the
 * captions item starts that much earlier on that clock.
 */
export function shiftCaptionEntries(
  entries: readonly CaptionEntry[],
  milliseconds: number,
): CaptionEntry[] {
  return entries.map((entry) => {
    const shifted: CaptionEntry = {
      ...entry,
      startMs: entry.startMs + milliseconds,
      endMs: entry.endMs + milliseconds,
    };
    if (typeof entry.timestampMs === "number") {
      shifted.timestampMs = entry.timestampMs + milliseconds;
    }
    if (entry.words !== undefined) {
      shifted.words = entry.words.map((word) => ({
        ...word,
        startMs: word.startMs + milliseconds,
        endMs: word.endMs + milliseconds,
      }));
    }
    return shifted;
  });
}

const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u;

function entryFrom(words: readonly CaptionWord[], originMs: number): CaptionEntry {
  const relative = words.map((word) => ({
    ...word,
    startMs: Math.round(word.startMs - originMs),
    endMs: Math.round(word.endMs - originMs),
  }));
  const first = relative[0];
  if (first === undefined) throw new Error("A caption entry needs at least one word.");
  return {
    text: relative.map((word) => word.word).join(" "),
    startMs: first.startMs,
    endMs: relative.reduce((latest, word) => Math.max(latest, word.endMs), first.endMs),
    words: relative,
  };
}

/**
 * Groups timeline words (in `startMs` order) into caption entries of at most
 * `words_per_caption` words (default 3), starting a new entry after sentence punctuation
 * unless `split_on_punctuation` is false, and before the text would pass 500 characters.
 * Entry and word times become whole milliseconds from `originMs`, the captions item's
 * start.
 */
export function groupIntoEntries(
  words: readonly CaptionWord[],
  style: CaptionStyle,
  originMs: number,
): CaptionEntry[] {
  const wordsPerEntry = style.words_per_caption ?? WORDS_PER_CAPTION_DEFAULT;
  const splitOnPunctuation = style.split_on_punctuation ?? SPLIT_ON_PUNCTUATION_DEFAULT;
  const entries: CaptionEntry[] = [];
  let current: CaptionWord[] = [];
  let textLength = 0;
  for (const word of words) {
    const previous = current[current.length - 1];
    const full =
      current.length >= wordsPerEntry ||
      textLength + 1 + word.word.length > CAPTION_TEXT_MAX_LENGTH ||
      (splitOnPunctuation && previous !== undefined && SENTENCE_END.test(previous.word));
    if (full && current.length > 0) {
      entries.push(entryFrom(current, originMs));
      current = [];
      textLength = 0;
    }
    textLength += (current.length > 0 ? 1 : 0) + word.word.length;
    current.push(word);
  }
  if (current.length > 0) entries.push(entryFrom(current, originMs));
  return entries;
}
