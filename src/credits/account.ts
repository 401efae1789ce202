/**
 * The values a credit account is made of: the two running totals, the balance derived
 * from them, and the holds that move credits from available to pending.
 *
 * @module
 */

/**
 * An organization's credit totals. Both are whole credits and never negative.
 *
 * Credits move in two phases so that a paid action is charged before it is queued and
 * refunded at most once: a hold raises `pending`, a capture lowers both `posted` and
 * `pending`, a release lowers `pending` only.
 */
export interface CreditAccount {
  /** Settled credits: every grant minus every captured hold. */
  readonly posted: number;
  /** Credits held by reservations that are neither captured nor released yet. */
  readonly pending: number;
}

/** What an organization holds, and what it can still spend. */
export interface CreditBalance {
  /** Settled credits: every grant minus every captured hold. */
  readonly posted: number;
  /** Credits held by open reservations. */
  readonly pending: number;
  /**
   * Credits a new reservation may use: `posted - pending`, never negative. This is the
   * `remaining_credits` and `credits_available` of the API.
   */
  readonly available: number;
}

/** Where a hold is in its life: open, or resolved one way or the other. */
export type HoldState = "pending" | "captured" | "released";

/** The two ways a hold can resolve; whichever comes first wins for good. */
export type HoldResolution = "captured" | "released";

/** Credits set aside for one paid item, such as one generation of a batch. */
export interface CreditHold {
  /** Caller-chosen id, unique within the organization (a generation id fits well). */
  readonly holdId: string;
  /** Whole credits held. */
  readonly amount: number;
  /** Whether the hold is still open, or how it resolved. */
  readonly state: HoldState;
}

/** One hold to open: its id and its amount. */
export interface HoldRequest {
  /** Caller-chosen id, unique within the organization. */
  readonly holdId: string;
  /** Whole credits to hold; zero is allowed for free items. */
  readonly amount: number;
}

/** The account of an organization that has never been granted anything. */
export const EMPTY_CREDIT_ACCOUNT: CreditAccount = Object.freeze({ posted: 0, pending: 0 });

/**
 * Derives the balance of an account.
 *
 * @example
 * ```ts
 * balanceOf({ posted: 100, pending: 30 }); // { posted: 100, pending: 30, available: 70 }
 * ```
 */
export function balanceOf(account: CreditAccount): CreditBalance {
  return {
    posted: account.posted,
    pending: account.pending,
    available: account.posted - account.pending,
  };
}

/**
 * Throws unless `amount` is a whole, non-negative, safe number of credits. Fractional or
 * negative credits can only come from a bug in the caller, never from a client request
 * (prices are computed server-side), so they are not an expected failure.
 */
export function assertCreditAmount(amount: number, what = "A credit amount"): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`${what} must be a non-negative whole number of credits, got ${amount}.`);
  }
}
