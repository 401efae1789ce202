/**
 * Why a render cannot be planned: a closed set of codes, returned as values.
 *
 * @module
 */
import { type Err, err } from "../../result.js";

/** Every code planning a render can fail with. */
export const RENDER_PLAN_ERROR_CODES = [
  "empty_timeline",
  "invalid_time_range",
  "invalid_output_size",
  "invalid_frame_rate",
  "invalid_contact_sheet",
  "unsupported_color",
] as const;

/**
 * Why a render could not be planned:
 *
 * - `empty_timeline`: the timeline has no item, so there is nothing to show.
 * - `invalid_time_range`: the range or instant lies outside the timeline, or ends
 *   before it starts.
 * - `invalid_output_size`: the width or height is out of bounds, or the two disagree
 *   with the composition's aspect ratio.
 * - `invalid_frame_rate`: the frame rate is not an integer from 1 to 120.
 * - `invalid_contact_sheet`: no time, too many times, or too many columns.
 * - `unsupported_color`: a style colour is not a CSS colour the renderer can draw.
 */
export type RenderPlanErrorCode = (typeof RENDER_PLAN_ERROR_CODES)[number];

/** Why a render could not be planned, in words a person or an agent can act on. */
export interface RenderPlanError {
  /** Why, from the closed set. */
  readonly code: RenderPlanErrorCode;
  /** A sentence naming the offending value (and item, for a style). */
  readonly message: string;
}

/** A failed plan: the failure side of {@link RenderPlanResult}. */
export type RenderPlanFailure = Err<RenderPlanError>;

/** Builds a {@link RenderPlanFailure}. */
export function renderPlanFailure(code: RenderPlanErrorCode, message: string): RenderPlanFailure {
  return err({ code, message });
}
