/**
 * A grant inside a transaction the caller already holds, for the credit store and for
 * seeding, which grants starting credits in the transaction that adds the organization.
 *
 * @module
 */
import { assertCreditAmount, balanceOf, type CreditBalance } from "../credits/account.js";
import { grantCredits } from "../credits/transitions.js";
import type { OrganizationId } from "../organization-id.js";
import { lockAccount, type Queryable } from "./credit-rows.js";
import { writeChanges } from "./credit-writes.js";
import type { PostgresSchema } from "./schema.js";

/** A grant to write: whose account, how much, its ledger reference and its time. */
export interface GrantWrite {
  /** The organization whose account is granted to. */
  readonly organizationId: OrganizationId;
  /** Credits granted, a positive whole number. */
  readonly amount: number;
  /** The ledger entry's reference. */
  readonly reference: string;
  /** Stamps the ledger entry. */
  readonly recordedAtMilliseconds: number;
}

/** Grants `amount` credits to an account under its row lock; returns the new balance. */
export async function grantWithin(
  client: Queryable,
  schema: PostgresSchema,
  { organizationId, amount, reference, recordedAtMilliseconds }: GrantWrite,
): Promise<CreditBalance> {
  assertCreditAmount(amount, "A grant");
  const locked = await lockAccount(client, schema, { organizationId, create: true });
  if (locked === undefined) throw new Error(`Account ${organizationId} could not be created.`);
  const transition = grantCredits(locked.account, amount, reference);
  await writeChanges(client, {
    organizationId,
    locked,
    next: transition.account,
    changes: [transition.change],
    recordedAtMilliseconds,
  });
  return balanceOf(transition.account);
}
