/**
 * Assembling the agent operations: what the MCP server needs beyond the REST endpoints,
 * as service calls over the same ports and contract.
 *
 * @module
 */
import type { ServiceRequest, ServiceResult } from "../../ports/contract.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { AgentOperationId } from "./agent-operations.js";
import { listGenerationCatalog } from "./catalog.js";
import { listSocialAccounts, listSocialPublications, publishMediaToSocial } from "./social.js";
import { listSoundEffects } from "./sound-effects.js";
import { recommendVoice } from "./voices.js";
import { authorizeConnection, getWorkspace } from "./workspace.js";

/** A service call: a transport-neutral request in, a result that says what happened out. */
export type ServiceCall = (request: ServiceRequest) => Promise<ServiceResult>;

/** Every agent operation as a service call, and the admission of a connection. */
export type AgentService = { readonly [Operation in AgentOperationId]: ServiceCall } & {
  /**
   * Admits an agent connection by its bearer key before any message is read:
   * `unauthorized` or `invalid_api_key` for a missing or bad key, `forbidden` for a key
   * with none of the four scopes, else a success with `organization_id` and `scopes`.
   */
  readonly authorizeConnection: ServiceCall;
};

/**
 * Builds the agent operations from the ports.
 *
 * @example
 * ```ts
 * const agent = createAgentService(deps);
 * const answer = await agent.getWorkspace({ bearerToken: key, pathParams: {}, query: {}, body: undefined, idempotencyKey: undefined });
 * answer.kind === "ok" && answer.body; // { object: "workspace", organization: { ... }, credits: { ... }, ... }
 * ```
 */
export function createAgentService(deps: ServiceDependencies): AgentService {
  return {
    authorizeConnection: authorizeConnection(deps),
    getWorkspace: getWorkspace(deps),
    listGenerationCatalog: listGenerationCatalog(deps),
    recommendVoice: recommendVoice(deps),
    listSoundEffects: listSoundEffects(deps),
    listSocialAccounts: listSocialAccounts(deps),
    publishMediaToSocial: publishMediaToSocial(deps),
    listSocialPublications: listSocialPublications(deps),
  };
}
