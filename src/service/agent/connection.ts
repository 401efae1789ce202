/**
 * Admitting an agent connection (the MCP endpoint, spec 4.19 and 5.9): the bearer key is
 * checked before any message is read, with the same keys as REST. A connection needs no
 * subscription, so an agent of a lapsed organization can still list the tools; every
 * tool then answers the 402 a REST call would, and tool scopes are checked per call.
 *
 * @module
 */
import { API_SCOPES } from "../../schemas/scopes.js";
import type { ServiceDependencies } from "../dependencies.js";
import { authenticate, hasAnyScope, missingScopeError } from "../pipeline/authorize.js";
import { errorResponse, okResponse } from "../pipeline/responses.js";
import type { UseCase } from "../use-case.js";

/**
 * Admits a connection: 401 (`unauthorized`, `invalid_api_key`) for a missing or bad key,
 * 403 `forbidden` for a key with none of the four scopes, else 200 with the
 * organization id and the key's scopes.
 */
export function authorizeConnection(deps: ServiceDependencies): UseCase {
  return async (request) => {
    const caller = await authenticate(deps, request);
    if (!caller.ok) return caller.response;
    const { organization, key } = caller.value;
    if (!hasAnyScope(key, API_SCOPES)) {
      return errorResponse(missingScopeError(API_SCOPES, key.scopes));
    }
    return okResponse({
      object: "agent_connection",
      organization_id: organization.id,
      scopes: [...key.scopes],
    });
  };
}
