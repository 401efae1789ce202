/**
 * The agent operations: the service side of the MCP-only tools (spec 4.19).
 *
 * @module
 */
export {
  AGENT_OPERATIONS,
  type AgentOperation,
  type AgentOperationId,
  agentOperationOf,
  SOCIAL_READ_SCOPES,
  SOCIAL_WRITE_SCOPES,
} from "./agent-operations.js";
export * from "./agent-schemas.js";
export { type CatalogNarrowing, narrowCatalog } from "./catalog.js";
export { type AgentService, createAgentService, type ServiceCall } from "./create-agent-service.js";
export type { SoundEffectBody } from "./sound-effects.js";
export { type RankedVoice, rankVoices, VOICE_MATCH_POINTS } from "./voices.js";
