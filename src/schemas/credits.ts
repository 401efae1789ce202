/**
 * The credit balance of GET /credits, an extension beyond the contract: the contract
 * reports the balance only inside paid responses (`remaining_credits`) and 402 errors
 * (`credits_available`), so a client had no way to read it before spending.
 *
 * @module
 */
import { z } from "zod";

/** The response of GET /credits. */
export const creditBalanceSchema = z
  .object({
    object: z.literal("credit_balance").describe("Always credit_balance."),
    available: z
      .int()
      .min(0)
      .describe(
        "Credits a new paid request may use now: posted minus pending. Paid responses report the same number as remaining_credits, a 402 insufficient_credits as credits_available.",
      ),
    pending: z
      .int()
      .min(0)
      .describe(
        "Credits held for queued work that has not finished: charged when it completes, returned when it fails.",
      ),
    posted: z.int().describe("Settled credits: every grant minus the work already charged."),
  })
  .describe("The organization's credit balance.");
/** The organization's credit balance. */
export type CreditBalanceBody = z.output<typeof creditBalanceSchema>;
