/**
 * The PostgreSQL {@link CreditStore}. Every change is one transaction that locks the
 * organization's account row, applies the shared pure transition (`reserveCredits`,
 * `captureHold`...) and writes its outcome in one statement, so concurrent requests in
 * any number of processes cannot spend the same credits twice, a hold resolves once, and
 * the lock is held for two or three round trips only.
 *
 * @module
 */
import type { Pool } from "pg";
import { type Clock, systemClock } from "../clock.js";
import {
  assertCreditAmount,
  balanceOf,
  type CreditAccount,
  type CreditHold,
  EMPTY_CREDIT_ACCOUNT,
  type HoldResolution,
} from "../credits/account.js";
import { reconcileLedger } from "../credits/reconcile.js";
import type { CreditStore, ResolveHoldResult } from "../credits/store.js";
import {
  captureHold,
  type ResolveTransition,
  releaseHold,
  reserveCredits,
} from "../credits/transitions.js";
import type { OrganizationId } from "../organization-id.js";
import { err, ok } from "../result.js";
import { grantWithin } from "./credit-grant.js";
import { lockAccount, readAccount, readHolds, readLedger } from "./credit-rows.js";
import { writeChanges } from "./credit-writes.js";
import { type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";
import { inTransaction, queryable } from "./transaction.js";

/** Options of {@link createPostgresCreditStore}. */
export interface PostgresCreditStoreOptions extends PostgresSchemaOptions {
  /** Stamps ledger entries; the system clock by default. */
  readonly clock?: Clock;
}

/** `captureHold` or `releaseHold`. */
type Resolver<Resolution extends HoldResolution> = (
  account: CreditAccount,
  hold: CreditHold | undefined,
) => ResolveTransition<Resolution>;

/**
 * Creates a credit store over the pool's database (run {@link migrate} first, with the
 * same `schema` option).
 *
 * @example
 * ```ts
 * const credits = createPostgresCreditStore(pool);
 * await credits.grant(toOrganizationId(1), 500, "invoice-2041");
 * const result = await credits.reserve(toOrganizationId(1), [{ holdId: "gen_1", amount: 40 }]);
 * if (result.ok) result.value.balance.available; // 460
 * ```
 */
export function createPostgresCreditStore(
  pool: Pool,
  options: PostgresCreditStoreOptions = {},
): CreditStore {
  const clock = options.clock ?? systemClock;
  const schema = postgresSchemaOf(options);

  const resolve = <Resolution extends HoldResolution>(
    organizationId: OrganizationId,
    holdId: string,
    transitionOf: Resolver<Resolution>,
  ): Promise<ResolveHoldResult<Resolution>> =>
    inTransaction(pool, async (client) => {
      const locked = await lockAccount(client, schema, { organizationId, create: false });
      if (locked === undefined) return err({ kind: "unknown_hold" });
      // Read after the lock is granted, so the hold is as the previous holder left it (a
      // join with the locking select would see the hold as it was before the wait).
      const [hold] = await readHolds(client, schema, { organizationId, holdId });
      const transition = transitionOf(locked.account, hold);
      if (!transition.ok) return transition;
      const { resolution, account, change, hold: resolved } = transition.value;
      // The hold's update is conditional on it still being open: the account lock already
      // serializes this, and the condition makes a second resolution impossible regardless.
      await writeChanges(client, {
        organizationId,
        locked,
        next: account,
        changes: [change],
        recordedAtMilliseconds: clock.now(),
        write: { kind: "resolve", holdId, state: resolved.state },
      });
      return ok({ resolution, hold: resolved, balance: balanceOf(account) });
    });

  return {
    reserve: (organizationId, requests) =>
      inTransaction(pool, async (client) => {
        const locked = await lockAccount(client, schema, { organizationId, create: true });
        if (locked === undefined)
          throw new Error(`Account ${organizationId} could not be created.`);
        const transition = reserveCredits(locked.account, requests);
        if (!transition.ok) return transition;
        const { account, changes, holds } = transition.value;
        // A hold id already taken inserts nothing, which throws and rolls everything back.
        await writeChanges(client, {
          organizationId,
          locked,
          next: account,
          changes,
          recordedAtMilliseconds: clock.now(),
          write: { kind: "open", holds },
        });
        return ok({ holds, balance: balanceOf(account) });
      }),
    capture: (organizationId, holdId) => resolve(organizationId, holdId, captureHold),
    release: (organizationId, holdId) => resolve(organizationId, holdId, releaseHold),
    async grant(organizationId, amount, reference) {
      // Checked before any connection is taken: a bad amount is a caller's bug.
      assertCreditAmount(amount, "A grant");
      return inTransaction(pool, (client) =>
        grantWithin(client, schema, {
          organizationId,
          amount,
          reference,
          recordedAtMilliseconds: clock.now(),
        }),
      );
    },
    async balance(organizationId) {
      const account = await readAccount(queryable(pool), schema, organizationId);
      return balanceOf(account ?? EMPTY_CREDIT_ACCOUNT);
    },
    async hold(organizationId, holdId) {
      const [hold] = await readHolds(queryable(pool), schema, { organizationId, holdId });
      return hold;
    },
    ledger: (organizationId) => readLedger(queryable(pool), schema, organizationId),
    reconcile: (organizationId) =>
      inTransaction(
        pool,
        async (client) =>
          reconcileLedger({
            account: (await readAccount(client, schema, organizationId)) ?? EMPTY_CREDIT_ACCOUNT,
            holds: await readHolds(client, schema, { organizationId }),
            entries: await readLedger(client, schema, organizationId),
          }),
        { isolation: "repeatable read", readOnly: true },
      ),
  };
}
