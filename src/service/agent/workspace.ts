/**
 * Who an agent acts for (spec 4.19, 5.9). `get_workspace` answers the organization, its
 * credit balance, the key's scopes and the subscription state. Admitting an agent
 * connection (the MCP endpoint) checks the bearer key before any message is read, with
 * the same keys as REST; a connection needs no subscription, so an agent of a lapsed
 * organization can still list the tools, and every tool then answers the 402 a REST call
 * would, with tool scopes checked per call.
 *
 * @module
 */

import type { ServiceDependencies } from "../../ports/dependencies.js";
import { API_SCOPES } from "../../schemas/scopes.js";
import { authenticate, hasAnyScope, missingScopeError } from "../pipeline/authorize.js";
import { failure, success } from "../pipeline/results.js";
import type { UseCase } from "../pipeline/use-case.js";
import { agentUseCase } from "./agent-use-case.js";

/**
 * The workspace of the caller's key. Like every REST call, it needs an active
 * subscription: without one it answers 402 `payment_required`, which says why.
 */
export const getWorkspace = agentUseCase("getWorkspace", undefined, async ({ deps, caller }) => {
  const balance = await deps.credits.balance(caller.organization.id);
  const active = caller.organization.subscriptionActive;
  return success({
    object: "workspace",
    organization: { id: caller.organization.id, name: caller.organization.name },
    credits: { available: balance.available, pending: balance.pending, posted: balance.posted },
    api_key: { id: caller.key.keyId, scopes: [...caller.key.scopes] },
    subscription: { active, status: active ? "active" : "inactive" },
  });
});

/**
 * Admits a connection: `unauthorized` or `invalid_api_key` for a missing or bad key,
 * `forbidden` for a key with none of the four scopes, else a success with the
 * organization id and the key's scopes.
 */
export function authorizeConnection(deps: ServiceDependencies): UseCase {
  return async (request) => {
    const caller = await authenticate(deps, request);
    if (!caller.ok) return caller.error;
    const { organization, key } = caller.value;
    if (!hasAnyScope(key, API_SCOPES)) {
      return failure(missingScopeError(API_SCOPES, key.scopes));
    }
    return success({
      object: "agent_connection",
      organization_id: organization.id,
      scopes: [...key.scopes],
    });
  };
}
