/**
 * Settling a batch of generations after queueing (spec 3, "partial").
 *
 * The batch reserves every item's hold at once, all or nothing, through
 * {@link CreditStore.reserve}; a request the balance cannot cover as a whole is a 402 and
 * queues nothing. Queueing can then fail for some items; those holds are released here,
 * so only the queued items stay charged.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type { CreditBalance } from "./account.js";
import type { CreditStore } from "./store.js";

/** One reserved item of a batch and whether it reached the queue. */
export interface BatchItem {
  /** The item's hold. */
  readonly holdId: string;
  /** Credits held for the item. */
  readonly amount: number;
  /** True when the item was queued; its hold then stays open until the work resolves. */
  readonly queued: boolean;
}

/**
 * The batch status of spec 2.3 (`queued` or `partial`), plus `failed` when no item was
 * queued at all, which the API reports as an error rather than as a batch.
 */
export type BatchStatus = "queued" | "partial" | "failed";

/** The outcome of {@link settleBatch}. */
export interface BatchSettlement {
  /** `queued` when every item was queued, `partial` when some were, `failed` when none. */
  readonly status: BatchStatus;
  /** Credits kept for the queued items: the batch's `credits_deducted`. */
  readonly creditsDeducted: number;
  /** Holds released because their item was not queued, in item order. */
  readonly releasedHoldIds: readonly string[];
  /** The balance after the releases; its `available` is `remaining_credits`. */
  readonly balance: CreditBalance;
}

/**
 * Releases the holds of the items that were not queued and reports what the batch costs.
 * Safe to repeat: a hold released twice is refunded once.
 *
 * Throws when an unqueued item's hold turns out captured: an item that never ran cannot
 * have been delivered, so that is a bug in the caller.
 *
 * @example
 * ```ts
 * const settlement = await settleBatch(store, "org_1", [
 *   { holdId: "gen_1", amount: 40, queued: true },
 *   { holdId: "gen_2", amount: 40, queued: false },
 * ]);
 * settlement.status; // "partial"
 * settlement.creditsDeducted; // 40
 * ```
 */
export async function settleBatch(
  store: CreditStore,
  organizationId: OrganizationId,
  items: readonly BatchItem[],
): Promise<BatchSettlement> {
  if (items.length === 0) throw new RangeError("A batch has at least one item.");
  const releasedHoldIds: string[] = [];
  for (const item of items) {
    if (item.queued) continue;
    const result = await store.release(organizationId, item.holdId);
    const captured =
      !result.ok &&
      result.error.kind === "already_resolved" &&
      result.error.resolution === "captured";
    if (captured) {
      throw new Error(`Hold ${item.holdId} of an item that was never queued is captured.`);
    }
    releasedHoldIds.push(item.holdId);
  }
  const queued = items.filter((item) => item.queued);
  return {
    status: batchStatus(queued.length, items.length),
    creditsDeducted: queued.reduce((sum, item) => sum + item.amount, 0),
    releasedHoldIds,
    balance: await store.balance(organizationId),
  };
}

/**
 * The status of a batch from how many of its items were queued.
 *
 * @example
 * ```ts
 * batchStatus(3, 3); // "queued"
 * batchStatus(1, 3); // "partial"
 * ```
 */
export function batchStatus(queuedCount: number, requestCount: number): BatchStatus {
  if (queuedCount === requestCount) return "queued";
  return queuedCount === 0 ? "failed" : "partial";
}
