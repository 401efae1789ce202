/**
 * Holding credits for paid work: all holds of a request at once, or a 402
 * `insufficient_credits` that names what was needed and what was available.
 *
 * @module
 */
import type { CreditBalance, HoldRequest } from "../../credits/account.js";
import { insufficientCreditsError } from "../../errors/api-error.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { Caller } from "./authorize.js";
import { halt, proceed, type Step } from "./results.js";

/**
 * Reserves every hold of a request, all or none. The balance returned is the one after
 * the reservation; its `available` is the response's `remaining_credits`.
 */
export async function holdCredits(
  deps: ServiceDependencies,
  caller: Caller,
  holds: readonly HoldRequest[],
): Promise<Step<CreditBalance>> {
  const result = await deps.credits.reserve(caller.organization.id, holds);
  if (!result.ok) {
    return halt(
      insufficientCreditsError({
        credits_required: result.error.credits_required,
        credits_available: result.error.credits_available,
      }),
    );
  }
  return proceed(result.value.balance);
}

/** Releases holds whose work never reached the queue; a hold released twice refunds once. */
export async function releaseHolds(
  deps: ServiceDependencies,
  caller: Caller,
  holdIds: readonly string[],
): Promise<void> {
  for (const holdId of holdIds) await deps.credits.release(caller.organization.id, holdId);
}
