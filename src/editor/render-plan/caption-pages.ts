/**
 * Caption entries as pages on the output: when each page shows, its text, and when each
 * of its words is spoken. An entry with word timing is split into several pages when it
 * would stay longer than `page_duration_ms` or hold more than `max_lines` lines of its
 * box, its words laid out in lines as the renderer then draws them; an entry without
 * word timing is one page.
 *
 * @module
 */
import type { CaptionEntry, CaptionStyle, CaptionWord } from "../../schemas/edit-values.js";
import { PLAYBACK_RATE_DEFAULT } from "../../schemas/limits.js";
import {
  CAPTION_LINES_DEFAULT,
  CAPTION_TAIL_WORDS_MAX,
  CAPTIONS_FONT_SIZE_DEFAULT,
  TEXT_BOX_PADDING_RATIO,
} from "../defaults.js";
import type { CaptionsItem } from "../items.js";
import { fontWeightOf } from "./text-style.js";
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

// Widths in ems that DejaVu Sans (the default font; most fonts are narrower) never
// exceeds, by kind of character: laid out with these, a line never needs more room
// than it is given, so the renderer never wraps it again.
const NARROW_EMS = 0.42;
const WIDE_EMS = 1;
const CAPITAL_EMS = 0.8;
const SMALL_EMS = 0.64;
const SPACE_EMS = 0.32;
const NARROW = new Set("iIjlftr.,:;'!|()[]{}-\"`");
const WIDE = new Set("mwMW");
// Bold faces run up to this much wider.
const BOLD_WIDTH_RATIO = 1.15;
const BOLD_WEIGHT_MIN = 600;

function characterEms(character: string): number {
  if (NARROW.has(character)) return NARROW_EMS;
  if (WIDE.has(character)) return WIDE_EMS;
  if (/[A-Z]/.test(character)) return CAPITAL_EMS;
  if (/[a-z0-9]/.test(character)) return SMALL_EMS;
  return WIDE_EMS;
}

// How wide words are set, and how wide a line and how many lines a page may be.
interface LineMeasure {
  readonly wordWidth: (word: string) => number;
  readonly spaceWidth: number;
  readonly lineWidth: number;
  readonly lines: number;
}

function lineMeasure(item: CaptionsItem): LineMeasure {
  const { style } = item;
  const fontSize = style.font_size ?? CAPTIONS_FONT_SIZE_DEFAULT;
  const em = fontSize * (fontWeightOf(style.font_weight) >= BOLD_WEIGHT_MIN ? BOLD_WIDTH_RATIO : 1);
  const spacing = style.letter_spacing ?? 0;
  const padding =
    style.background_color === undefined || style.background_color === null
      ? 0
      : (style.background_horizontal_padding ?? fontSize * TEXT_BOX_PADDING_RATIO);
  return {
    wordWidth: (word) =>
      [...word].reduce((sum, character) => sum + characterEms(character) * em + spacing, 0),
    spaceWidth: SPACE_EMS * em + spacing,
    lineWidth: Math.max(1, item.width - 2 * padding),
    lines: style.max_lines ?? CAPTION_LINES_DEFAULT,
  };
}

// Indices of the words that start a line after the first, filled greedily as the
// renderer fills them. A word wider than a line has a line of its own.
function lineStartsOf(words: readonly CaptionWord[], measure: LineMeasure): number[] {
  const starts: number[] = [];
  let used = 0;
  for (const [index, word] of words.entries()) {
    const width = measure.wordWidth(word.word);
    if (index > 0 && used + measure.spaceWidth + width > measure.lineWidth) {
      starts.push(index);
      used = width;
    } else {
      used += (index > 0 ? measure.spaceWidth : 0) + width;
    }
  }
  return starts;
}

function fits(words: readonly CaptionWord[], measure: LineMeasure): boolean {
  return lineStartsOf(words, measure).length < measure.lines;
}

// Words grouped into pages of at most `max_lines` lines, each group starting a page. A
// last page of a few words that would fit on the page before joins it, past the page
// duration if need be: a lone "it," is not worth a page of its own.
function groupWords(
  words: readonly CaptionWord[],
  pageDurationMs: number | undefined,
  measure: LineMeasure,
): CaptionWord[][] {
  const groups: CaptionWord[][] = [];
  let group: CaptionWord[] = [];
  for (const word of words) {
    const first = group[0];
    const tooLong =
      first !== undefined &&
      pageDurationMs !== undefined &&
      word.startMs - first.startMs >= pageDurationMs;
    const tooFull = first !== undefined && !fits([...group, word], measure);
    if (tooLong || tooFull) {
      groups.push(group);
      group = [];
    }
    group.push(word);
  }
  const previous = groups.at(-1);
  const tail = group.length <= CAPTION_TAIL_WORDS_MAX ? group : [];
  if (previous !== undefined && tail.length > 0 && fits([...previous, ...tail], measure)) {
    previous.push(...tail);
  } else if (group.length > 0) {
    groups.push(group);
  }
  return groups;
}

function entryPages(entry: CaptionEntry, item: CaptionsItem, clock: CaptionClock): CaptionPage[] {
  const words = entry.words ?? [];
  const entryWindow = { startSeconds: clock(entry.startMs), endSeconds: clock(entry.endMs) };
  if (words.length === 0)
    return [{ window: entryWindow, text: entry.text, words: [], lineStarts: [] }];
  const measure = lineMeasure(item);
  const groups = groupWords(words, item.style.page_duration_ms, measure);
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
      lineStarts: lineStartsOf(group, measure),
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
