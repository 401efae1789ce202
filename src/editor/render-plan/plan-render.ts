/**
 * `planRender`: the pure compile step from an editor state to a render plan (DESIGN
 * section 6). Frames, contact sheets and exports all start here, so what a preview shows
 * is what an export contains.
 *
 * @module
 */

import { ok, type Result } from "../../result.js";
import { isSoundItem, isVisualItem } from "../items.js";
import type { EditorState } from "../state.js";
import type { RenderPlanError } from "./errors.js";
import { planLayer } from "./layers.js";
import {
  type RenderPlanOptions,
  type ResolvedRenderOptions,
  resolveRenderOptions,
} from "./options.js";
import { planSound } from "./sounds.js";
import { checkItemColors } from "./style-colors.js";
import { placeInRange } from "./timing.js";
import type { PlannedLayer, PlannedSound, RenderInput, RenderPlan } from "./types.js";

/** A plan, or why there is none. */
export type RenderPlanResult = Result<RenderPlan, RenderPlanError>;

// The assets that layers and sounds read, once each, in the order they are first used.
function inputsOf(
  state: EditorState,
  used: ReadonlyArray<PlannedLayer | PlannedSound>,
): RenderInput[] {
  const inputs = new Map<string, RenderInput>();
  for (const entry of used) {
    if (!("inputId" in entry) || inputs.has(entry.inputId)) continue;
    const asset = state.assets[entry.inputId];
    if (asset === undefined) throw new Error(`Asset "${entry.inputId}" is missing from the state.`);
    inputs.set(asset.id, {
      id: asset.id,
      kind: asset.type,
      url: asset.url,
      durationSeconds: asset.durationSeconds,
    });
  }
  return [...inputs.values()];
}

function collect(
  state: EditorState,
  resolved: ResolvedRenderOptions,
): Result<{ layers: PlannedLayer[]; sounds: PlannedSound[] }, RenderPlanError> {
  const durationSeconds = resolved.frameCount / resolved.fps;
  const context = { state, pixelScale: resolved.pixelScale, frame: resolved };
  const layers: PlannedLayer[] = [];
  const sounds: PlannedSound[] = [];
  // Back to front: the last track is the back-most layer, `tracks[0]` paints last.
  for (let trackIndex = state.tracks.length - 1; trackIndex >= 0; trackIndex -= 1) {
    for (const itemId of state.tracks[trackIndex]?.items ?? []) {
      const item = state.items[itemId];
      if (item === undefined) throw new Error(`Item "${itemId}" is missing from the state.`);
      const placed = placeInRange(item, state.fps, {
        startSeconds: resolved.startSeconds,
        durationSeconds,
      });
      if (placed === undefined) continue;
      const colors = checkItemColors(item);
      if (!colors.ok) return colors;
      if (isVisualItem(item)) layers.push(planLayer(item, { trackIndex, placed }, context));
      if (isSoundItem(item)) sounds.push(planSound(item, placed, state));
    }
  }
  return ok({ layers, sounds });
}

/**
 * Compiles `state` into a render plan: the inputs, and for each item inside the range,
 * in paint order, its time window, source trim and rate, box at the output size, fit,
 * opacity, style, animations, motion and audio settings. Items outside the range are
 * left out. Pure: no clock, no I/O; the same state and options give the same plan.
 *
 * Fails with a value, never a throw: `empty_timeline`, `invalid_time_range`,
 * `invalid_output_size`, `invalid_frame_rate`, `unsupported_color`.
 *
 * @example
 * ```ts
 * // The whole timeline at 540 pixels wide:
 * const result = planRender(state, { width: 540 });
 * if (result.ok) result.value.frameCount; // every frame of the timeline
 *
 * // One frame, 2.5 s in:
 * const frame = planRender(state, { atSeconds: 2.5, width: 540 });
 * ```
 */
export function planRender(state: EditorState, options: RenderPlanOptions = {}): RenderPlanResult {
  const resolution = resolveRenderOptions(state, options);
  if (!resolution.ok) return resolution;
  const resolved = resolution.value;
  const collected = collect(state, resolved);
  if (!collected.ok) return collected;
  const { layers, sounds } = collected.value;
  return ok({
    width: resolved.width,
    height: resolved.height,
    fps: resolved.fps,
    pixelScale: resolved.pixelScale,
    startSeconds: resolved.startSeconds,
    frameCount: resolved.frameCount,
    durationSeconds: resolved.frameCount / resolved.fps,
    background: resolved.background,
    inputs: inputsOf(state, [...layers, ...sounds]),
    layers,
    sounds,
  });
}
