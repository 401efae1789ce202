/**
 * How render failures are answered. The renderer's failure codes and the render plan's
 * are closed sets of their own; each maps here to one API error code of the contract's
 * closed set (spec 7.2) with its `retryable`, and `context.reason` keeps the renderer's
 * code so clients can tell them apart. The table is recorded in `docs/spec-decisions.md`.
 *
 * @module
 */
import type { RenderPlanError } from "../../../editor/render-plan/errors.js";
import { type ApiError, apiError } from "../../../errors/api-error.js";
import type { ErrorCode } from "../../../errors/codes.js";
import type { JobFailure } from "../../ports/records.js";
import type { RenderError, RenderFailureCode } from "../../ports/renderer.js";

/** The API error a renderer failure is answered with. */
export interface RenderFailureAnswer {
  /** The API error code. */
  readonly code: ErrorCode;
  /** Whether the same request may succeed later. */
  readonly retryable: boolean;
}

/**
 * Renderer failure code to API error. The contract has no 503: a missing or busy
 * renderer is a 500 `server_error` (busy is retryable, missing is not: the same server
 * answers the same until its operator installs ffmpeg); what the project itself makes
 * impossible (its media cannot be read or is too large, the output would be too large)
 * is a 400 `bad_request`, since the same request fails again.
 */
export const RENDER_FAILURE_ANSWERS: {
  readonly [Code in RenderFailureCode]: RenderFailureAnswer;
} = {
  renderer_unavailable: { code: "server_error", retryable: false },
  renderer_busy: { code: "server_error", retryable: true },
  media_unavailable: { code: "bad_request", retryable: false },
  media_too_large: { code: "bad_request", retryable: false },
  render_timeout: { code: "server_error", retryable: true },
  render_aborted: { code: "server_error", retryable: true },
  output_too_large: { code: "bad_request", retryable: false },
  output_unwritable: { code: "server_error", retryable: true },
  render_failed: { code: "server_error", retryable: false },
};

/** The failure of a service that was given no renderer. */
export const RENDERER_NOT_CONFIGURED: RenderError = Object.freeze({
  code: "renderer_unavailable",
  message:
    "This server has no renderer, so it cannot export or preview videos; its operator can install ffmpeg and pass a renderer (reelkit/render).",
  missing: "renderer",
});

/** The API error of a failed render, `context.reason` being the renderer's code. */
export function renderApiError(error: RenderError): ApiError {
  const answer = RENDER_FAILURE_ANSWERS[error.code];
  const context =
    error.missing === undefined
      ? { reason: error.code }
      : { reason: error.code, missing: error.missing };
  return apiError(answer.code, error.message, { retryable: answer.retryable, context });
}

/** The failure recorded on an export whose render failed; its category is the renderer's code. */
export function renderJobFailure(error: RenderError): JobFailure {
  return {
    category: error.code,
    message: error.message,
    retryable: RENDER_FAILURE_ANSWERS[error.code].retryable,
  };
}

/** The 400 of a project that cannot be planned (empty, an undrawable colour, ...). */
export function renderPlanApiError(error: RenderPlanError): ApiError {
  return apiError("bad_request", error.message, { context: { reason: error.code } });
}
