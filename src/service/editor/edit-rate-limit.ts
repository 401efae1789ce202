/**
 * The limit of changes of editor projects: creating a project, a PATCH of free edits,
 * adding media to a timeline (by POST /editor/videos/{id}/media or an upload with
 * `add_to_editor`), undo and redo each count once against the organization's
 * `editRateLimiter` (a paid voiceover counts against the paid limit instead). Past it a
 * change answers 429 `rate_limited` with `Retry-After`, `X-RateLimit-Remaining` and
 * `X-RateLimit-Reset` (spec 7.2) and changes nothing; reads never count.
 *
 * @module
 */
import type { ServiceFailure } from "../../ports/contract.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { Caller } from "../pipeline/authorize.js";
import { freeRateRefusal } from "../pipeline/paid.js";

/**
 * Counts one change by the caller's organization: undefined when it may go ahead (or no
 * limiter is configured), else the 429 that refuses it.
 */
export function editRateRefusal(
  deps: ServiceDependencies,
  caller: Caller,
): Promise<ServiceFailure | undefined> {
  return freeRateRefusal(deps, caller, "edits");
}
