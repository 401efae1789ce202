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

/** Grants `amount` credits to an account under its row lock; returns the new balance. */
export async function grantWithin(
  client: Queryable,
  schema: PostgresSchema,
  organizationId: OrganizationId,
  amount: number,
  reference: string,
  recordedAtMilliseconds: number,
): Promise<CreditBalance> {
  assertCreditAmount(amount, "A grant");
  const locked = await lockAccount(client, schema, organizationId, true);
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
