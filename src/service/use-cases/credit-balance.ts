/**
 * GET /credits, an extension beyond the contract: the caller's credit balance.
 *
 * @module
 */
import type { CreditBalanceBody } from "../../schemas/credits.js";
import { accountOf } from "../pipeline/authorize.js";
import { okResponse } from "../pipeline/responses.js";
import { authenticated, type UseCaseFactory } from "../use-case.js";

/** GET /credits: available, pending and posted credits of the caller's organization. */
export const getCreditBalance: UseCaseFactory = authenticated(
  "getCreditBalance",
  async ({ deps, caller }) => {
    const balance = await deps.credits.balance(accountOf(caller));
    const body: CreditBalanceBody = {
      object: "credit_balance",
      available: balance.available,
      pending: balance.pending,
      posted: balance.posted,
    };
    return okResponse(body);
  },
);
