/**
 * The limit of previews: every GET /editor/videos/{id}/frame that would render (one frame
 * or a contact sheet, and MCP's preview_editor_video) counts once against the
 * organization's `frameRateLimiter`, apart from the paid and edit limits. A preview is free
 * but runs ffmpeg, so without a limit of its own one organization could keep the render
 * line busy at no cost. Past it a preview answers 429 `rate_limited` with `Retry-After`,
 * `X-RateLimit-Remaining` and `X-RateLimit-Reset` (spec 7.2) and renders nothing.
 *
 * @module
 */
import type { ServiceFailure } from "../../../ports/contract.js";
import type { ServiceDependencies } from "../../../ports/dependencies.js";
import type { Caller } from "../../pipeline/authorize.js";
import { freeRateRefusal } from "../../pipeline/paid.js";

/**
 * Counts one preview by the caller's organization: undefined when it may render (or no
 * limiter is configured), else the 429 that refuses it.
 */
export function frameRateRefusal(
  deps: ServiceDependencies,
  caller: Caller,
): Promise<ServiceFailure | undefined> {
  return freeRateRefusal(deps, caller, "frames");
}
