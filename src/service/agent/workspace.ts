/**
 * `get_workspace`: who the agent acts for and what it may do (spec 4.19): the
 * organization, its credit balance, the key's scopes and the subscription state.
 *
 * @module
 */
import { accountOf } from "../pipeline/authorize.js";
import { okResponse } from "../pipeline/responses.js";
import { agentUseCase } from "./agent-use-case.js";

/**
 * The workspace of the caller's key. Like every REST call, it needs an active
 * subscription: without one it answers 402 `payment_required`, which says why.
 */
export const getWorkspace = agentUseCase("getWorkspace", undefined, async ({ deps, caller }) => {
  const balance = await deps.credits.balance(accountOf(caller));
  const active = caller.organization.subscriptionActive;
  return okResponse({
    object: "workspace",
    organization: { id: caller.organization.id, name: caller.organization.name },
    credits: { available: balance.available, pending: balance.pending, posted: balance.posted },
    api_key: { id: caller.key.keyId, scopes: [...caller.key.scopes] },
    subscription: { active, status: active ? "active" : "inactive" },
  });
});
