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
import type { JobFailure } from "../../../ports/records.js";
import type { RenderError, RenderFailureCode } from "../../../ports/renderer.js";

/** The API error a renderer failure is answered with. */
export interface RenderFailureAnswer {
  /** The API error code. */
  readonly code: ErrorCode;
  /** Whether the same request may succeed later. */
  readonly retryable: boolean;
}

/**
 * Renderer failure code to API error. What the project or the server's set-up makes
 * impossible is a 400 `bad_request`, not retryable, since the same request fails again
 * until something changes: the project's media cannot be read, is too large or cannot be
 * decoded (the error names the item), the render would exceed a bound, or the server
 * has no renderer (a lasting condition only its operator can change: rendering is an
 * option this server does not support, and the contract's closed set has no 501 or
 * 503). What may pass on a later try is a 500 `server_error`, and every 500 is
 * retryable (spec 7.3).
 */
export const RENDER_FAILURE_ANSWERS: {
  readonly [Code in RenderFailureCode]: RenderFailureAnswer;
} = {
  renderer_unavailable: { code: "bad_request", retryable: false },
  renderer_busy: { code: "server_error", retryable: true },
  renderer_closed: { code: "server_error", retryable: true },
  media_unavailable: { code: "bad_request", retryable: false },
  media_too_large: { code: "bad_request", retryable: false },
  media_undecodable: { code: "bad_request", retryable: false },
  render_too_large: { code: "bad_request", retryable: false },
  render_memory_exceeded: { code: "bad_request", retryable: false },
  render_timeout: { code: "server_error", retryable: true },
  render_aborted: { code: "server_error", retryable: true },
  output_too_large: { code: "bad_request", retryable: false },
  output_unwritable: { code: "server_error", retryable: true },
  render_failed: { code: "server_error", retryable: true },
};

/** The failure of a service that was given no renderer. */
export const RENDERER_NOT_CONFIGURED: RenderError = Object.freeze({
  code: "renderer_unavailable",
  message:
    "This server has no renderer, so it cannot export or preview videos; its operator can install ffmpeg and pass a renderer (reelkit/render).",
  missing: "renderer",
});

// What a failure names, as context fields of the API error.
function detailsOf(error: RenderError): Record<string, string | number> {
  const context: Record<string, string | number> = { reason: error.code };
  if (error.missing !== undefined) context.missing = error.missing;
  if (error.itemId !== undefined) context.item_id = error.itemId;
  if (error.assetId !== undefined) context.asset_id = error.assetId;
  if (error.limit !== undefined) {
    context.limit = error.limit.name;
    context.maximum = error.limit.maximum;
    if (error.limit.requested !== undefined) context.requested = error.limit.requested;
  }
  return context;
}

/**
 * The API error of a failed render: `context.reason` is the renderer's code, with the
 * item, asset, missing dependency or bound it names.
 */
export function renderApiError(error: RenderError): ApiError {
  const answer = RENDER_FAILURE_ANSWERS[error.code];
  return apiError(answer.code, error.message, {
    retryable: answer.retryable,
    context: detailsOf(error),
  });
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
