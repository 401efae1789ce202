/**
 * Item time on the output: windows in output seconds and how a source plays over them.
 *
 * @module
 */
import { effectSpanOf } from "../effect-spans.js";
import type { EditorItem, EffectFamily, SourceTimedItem } from "../items.js";
import type { EditorAsset } from "../state.js";
import type { SourceTiming, TimeWindow } from "./types.js";

/** Where an item sits on the output: its whole window and the part inside the range. */
export interface PlacedWindows {
  /** The item's whole time on the output. */
  readonly window: TimeWindow;
  /** The part inside `[0, durationSeconds)`. */
  readonly visible: TimeWindow;
}

/** The part of the timeline an output shows. */
export interface OutputRange {
  /** Timeline second of the output's first frame. */
  readonly startSeconds: number;
  /** Length of the output. */
  readonly durationSeconds: number;
}

/**
 * The item's window on the output, whose first frame sits at timeline second
 * `startSeconds`, and its part inside an output of `durationSeconds`; undefined when the
 * item lies wholly outside.
 */
export function placeInRange(
  item: Pick<EditorItem, "from" | "durationInFrames">,
  fps: number,
  { startSeconds, durationSeconds }: OutputRange,
): PlacedWindows | undefined {
  const window = {
    startSeconds: item.from / fps - startSeconds,
    endSeconds: (item.from + item.durationInFrames) / fps - startSeconds,
  };
  const visible = {
    startSeconds: Math.max(0, window.startSeconds),
    endSeconds: Math.min(durationSeconds, window.endSeconds),
  };
  return visible.endSeconds > visible.startSeconds ? { window, visible } : undefined;
}

/**
 * The window `family`'s effects on `item` are timed over: the item's own `window`, or the
 * longer whole a half of a split item was cut from (`EffectSpans`).
 */
export function effectWindowOf(
  item: Pick<EditorItem, "effectSpans">,
  { family, window }: { readonly family: EffectFamily; readonly window: TimeWindow },
): TimeWindow {
  const { beforeSeconds, afterSeconds } = effectSpanOf(item, family);
  return {
    startSeconds: window.startSeconds - beforeSeconds,
    endSeconds: window.endSeconds + afterSeconds,
  };
}

/** The length of a window in seconds. */
export function windowSeconds(window: TimeWindow): number {
  return window.endSeconds - window.startSeconds;
}

/**
 * How `item` reads its asset: from its trim, at its rate. A GIF loops; when its length
 * is known, the trim is brought inside the loop so a renderer never seeks past its end.
 */
export function sourceTimingOf(item: SourceTimedItem, asset: EditorAsset): SourceTiming {
  const loops = item.type === "gif";
  const loopSeconds =
    loops && asset.durationSeconds !== null && asset.durationSeconds > 0
      ? asset.durationSeconds
      : null;
  const startSeconds =
    loopSeconds === null ? item.sourceStartSeconds : item.sourceStartSeconds % loopSeconds;
  return { startSeconds, playbackRate: item.playbackRate, loopSeconds, loops };
}

/**
 * The source position heard or shown at output second `seconds` of a layer or sound
 * whose window starts at `windowStartSeconds`.
 *
 * @example
 * ```ts
 * const timing = { startSeconds: 2, playbackRate: 2, loopSeconds: null, loops: false };
 * sourceSecondsAt(timing, 1, 1.5); // 3: half a second in, at double speed, after a 2 s trim
 * ```
 */
export function sourceSecondsAt(
  timing: SourceTiming,
  windowStartSeconds: number,
  seconds: number,
): number {
  const position = timing.startSeconds + (seconds - windowStartSeconds) * timing.playbackRate;
  return timing.loopSeconds === null ? position : position % timing.loopSeconds;
}
