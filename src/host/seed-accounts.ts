/**
 * Fills the in-memory account and credit stores with the setup's organizations: each
 * organization, its keys (kept as digests by the store) and its starting balance.
 *
 * @module
 */
import type { CreditStore } from "../credits/store.js";
import type { MemoryAccountStore } from "../memory/account-store.js";
import { seedMemoryAccounts } from "../memory/ports.js";
import type { SetupOrganization } from "./host-setup.js";

/** Ledger reference of the starting balances, as it shows in the credit ledger. */
export const STARTING_CREDITS_REFERENCE = "reelkit host: starting credits";

/**
 * Stores the organizations, their API keys and their starting credits.
 *
 * @example
 * ```ts
 * await seedAccounts(accounts, credits, setupOf(DEMO_FIXTURE).organizations);
 * ```
 */
export function seedAccounts(
  accounts: MemoryAccountStore,
  credits: CreditStore,
  organizations: readonly SetupOrganization[],
): Promise<void> {
  return seedMemoryAccounts({ accounts, credits }, organizations, {
    creditsReference: STARTING_CREDITS_REFERENCE,
  });
}
