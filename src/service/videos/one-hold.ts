/**
 * Paid work charged as one credit hold (a slideshow, a faceless video): the hold is
 * reserved before anything is stored or queued, and released again when the work
 * answers with an error or throws, so a failed request charges nothing.
 *
 * @module
 */
import type { CreditBalance, HoldRequest } from "../../credits/account.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { Caller } from "../pipeline/authorize.js";
import { holdCredits, releaseHolds } from "../pipeline/credits.js";
import type { PaidAnswer } from "../pipeline/paid.js";

/** A checked request and the credits its price came to. */
export interface PricedRequest<Request> {
  /** The parsed request. */
  readonly request: Request;
  /** The credits to hold for it. */
  readonly credits: number;
}

/** Paid work and the one hold that pays for it. */
export interface HeldWork {
  /** The credits reserved before `work` runs. */
  readonly hold: HoldRequest;
  /** The work, given the balance after the reservation. */
  readonly work: (balance: CreditBalance) => Promise<PaidAnswer>;
}

/**
 * Reserves `hold` (402 `insufficient_credits` when it does not fit), then runs `work`
 * with the balance after the reservation.
 */
export async function underOneHold(
  deps: ServiceDependencies,
  caller: Caller,
  { hold, work }: HeldWork,
): Promise<PaidAnswer> {
  const held = await holdCredits(deps, caller, [hold]);
  if (!held.ok) return held.error;
  let response: PaidAnswer;
  try {
    response = await work(held.value);
  } catch (error) {
    await releaseHolds(deps, caller, [hold.holdId]);
    throw error;
  }
  if (response.kind !== "ok") await releaseHolds(deps, caller, [hold.holdId]);
  return response;
}
