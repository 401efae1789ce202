/**
 * Caption entries as pages on the output: when each page shows, its text, and when each
 * of its words is spoken. An entry with word timing is split into several pages when it
 * would stay longer than `page_duration_ms` or hold more text than `max_lines` lines of
 * its box can take; an entry without word timing is one page.
 *
 * @module
 */
import type { CaptionEntry, CaptionStyle, CaptionWord } from "../../schemas/edit-values.js";
import { PLAYBACK_RATE_DEFAULT } from "../../schemas/limits.js";
import {
  CAPTION_LINES_DEFAULT,
  CAPTIONS_FONT_SIZE_DEFAULT,
  GLYPH_WIDTH_RATIO,
} from "../defaults.js";
import type { CaptionsItem } from "../items.js";
import type { CaptionPage, CaptionPageWord, TimeWindow } from "./types.js";

const MILLISECONDS_PER_SECOND = 1000;

/** Turns a time on the captions' clock, in milliseconds, into output seconds. */
export type CaptionClock = (clockMilliseconds: number) => number;

/**
 * The captions' clock on the output: it starts at `caption_start_seconds` when the item
 * starts and runs at `playback_rate`.
 */
export function captionClock(style: CaptionStyle, window: TimeWindow): CaptionClock {
  const startSeconds = style.caption_start_seconds ?? 0;
  const rate = style.playback_rate ?? PLAYBACK_RATE_DEFAULT;
  return (clockMilliseconds) =>
    window.startSeconds + (clockMilliseconds / MILLISECONDS_PER_SECOND - startSeconds) / rate;
}

// Characters a page can hold: the lines allowed times an estimate of the characters per
// line at the box's width (the same estimate that sized the box).
function pageCapacity(item: CaptionsItem): number {
  const fontSize = item.style.font_size ?? CAPTIONS_FONT_SIZE_DEFAULT;
  const perLine = Math.max(1, Math.floor(item.width / (fontSize * GLYPH_WIDTH_RATIO)));
  return perLine * (item.style.max_lines ?? CAPTION_LINES_DEFAULT);
}

// Words grouped into pages, each group starting a page.
function groupWords(
  words: readonly CaptionWord[],
  pageDurationMs: number | undefined,
  capacity: number,
): CaptionWord[][] {
  const groups: CaptionWord[][] = [];
  let group: CaptionWord[] = [];
  let length = 0;
  for (const word of words) {
    const first = group[0];
    const tooLong =
      first !== undefined &&
      pageDurationMs !== undefined &&
      word.startMs - first.startMs >= pageDurationMs;
    const tooFull = first !== undefined && length + 1 + word.word.length > capacity;
    if (tooLong || tooFull) {
      groups.push(group);
      group = [];
      length = 0;
    }
    length += (group.length > 0 ? 1 : 0) + word.word.length;
    group.push(word);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

function entryPages(entry: CaptionEntry, item: CaptionsItem, clock: CaptionClock): CaptionPage[] {
  const words = entry.words ?? [];
  const entryWindow = { startSeconds: clock(entry.startMs), endSeconds: clock(entry.endMs) };
  if (words.length === 0) return [{ window: entryWindow, text: entry.text, words: [] }];
  const groups = groupWords(words, item.style.page_duration_ms, pageCapacity(item));
  return groups.map((group, index) => {
    const next = groups[index + 1]?.[0];
    const first = group[0];
    const startSeconds =
      index === 0 || first === undefined ? entryWindow.startSeconds : clock(first.startMs);
    const endSeconds = next === undefined ? entryWindow.endSeconds : clock(next.startMs);
    const pageWords: CaptionPageWord[] = group.map((word) => ({
      text: word.word,
      startSeconds: clock(word.startMs),
      endSeconds: clock(word.endMs),
    }));
    return {
      window: { startSeconds, endSeconds },
      text: group.map((word) => word.word).join(" "),
      words: pageWords,
    };
  });
}

function clip(window: TimeWindow, bounds: TimeWindow): TimeWindow {
  return {
    startSeconds: Math.max(window.startSeconds, bounds.startSeconds),
    endSeconds: Math.min(window.endSeconds, bounds.endSeconds),
  };
}

/**
 * The pages of `item` that show inside `visible` (the rendered part of the item's
 * `window`), in time order, each clipped to the item's window.
 *
 * @example
 * ```ts
 * // One entry of three timed words, the item starting 1 s into the output:
 * planCaptionPages(item, { startSeconds: 1, endSeconds: 4 }, { startSeconds: 1, endSeconds: 4 });
 * // [{ window: { startSeconds: 1, endSeconds: 2.5 }, text: "one two three", words: [...] }]
 * ```
 */
export function planCaptionPages(
  item: CaptionsItem,
  window: TimeWindow,
  visible: TimeWindow,
): CaptionPage[] {
  const clock = captionClock(item.style, window);
  const pages: CaptionPage[] = [];
  for (const entry of item.captions) {
    for (const page of entryPages(entry, item, clock)) {
      const shown = clip(page.window, window);
      const overlapsRange =
        shown.endSeconds > visible.startSeconds && shown.startSeconds < visible.endSeconds;
      if (shown.endSeconds > shown.startSeconds && overlapsRange)
        pages.push({ ...page, window: shown });
    }
  }
  return pages;
}
