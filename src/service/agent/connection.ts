/**
 * Admitting an agent connection (the MCP endpoint, spec 4.19 and 5.9): the bearer key is
 * checked before any message is read, with the same keys as REST. Scopes and the
 * subscription are checked per tool, so a key of a lapsed organization can still connect
 * and learn its state from `get_workspace`.
 *
 * @module
 */
import { API_SCOPES } from "../../schemas/scopes.js";
import type { ServiceDependencies } from "../dependencies.js";
import { okResponse } from "../pipeline/responses.js";
import type { UseCase } from "../use-case.js";
import { type AgentAdmissionRule, admitAgentRequest } from "./agent-use-case.js";

/** A connection needs a valid key with any of the four scopes; no subscription. */
export const CONNECTION_RULE: AgentAdmissionRule = {
  scopes: API_SCOPES,
  subscriptionRequired: false,
};

/**
 * Admits a connection: 401 (`unauthorized`, `invalid_api_key`) for a missing or bad key,
 * 403 `forbidden` for a key with none of the four scopes, else 200 with the
 * organization id and the key's scopes.
 */
export function authorizeConnection(deps: ServiceDependencies): UseCase {
  return async (request) => {
    const caller = await admitAgentRequest(deps, CONNECTION_RULE, request);
    if (!caller.ok) return caller.response;
    return okResponse({
      object: "agent_connection",
      organization_id: caller.value.organization.id,
      scopes: [...caller.value.key.scopes],
    });
  };
}
