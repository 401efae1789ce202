/**
 * reelkit/mcp: the workspace for AI agents, as a remote MCP server over Streamable HTTP
 * (spec 4.19), built on the official `@modelcontextprotocol/sdk` (an optional peer
 * dependency: install it to use this entry).
 *
 * - {@link createMcpHandler}: a Web-standard `(Request) => Promise<Response>` handler
 *   serving the 25 tools of spec 4.19 and 6 extensions (a preview as an image, an MP4
 *   export, undo, redo, the revision history and the font families) statelessly over
 *   POST, authenticated
 *   with the REST API keys, and the OAuth protected-resource metadata its 401 and 403
 *   answers point to.
 * - {@link MCP_TOOLS}: the tool table, each tool over one REST endpoint or one agent
 *   operation, with input and output schemas derived from the REST schemas.
 * - {@link createAuthorizationServer}: the OAuth 2.1 authorization server MCP clients
 *   sign in through (metadata, dynamic registration, the code flow with PKCE behind a
 *   workspace approval page, rotating refresh tokens, revocation, resource-bound tokens),
 *   also a Web-standard handler; {@link withAccessTokens} makes its tokens authenticate
 *   at the MCP endpoint exactly as API keys do. Its store is a port:
 *   {@link createMemoryOAuthStore} here, `createPostgresOAuthStore` in `reelkit/postgres`.
 *
 * @packageDocumentation
 */

export type {
  AuthorizationCodeRecord,
  ClientAuthMethod,
  OAuthClientRecord,
  OAuthGrant,
  OAuthStore,
  OAuthTokenRecord,
  OAuthTokenWithGrant,
  RegisteredClientMetadata,
  TakenAuthorizationCode,
} from "../ports/oauth-store.js";
export {
  OAUTH_EXPIRED_RETENTION_MILLISECONDS,
  OAUTH_UNUSED_CLIENT_RETENTION_MILLISECONDS,
} from "../ports/oauth-store.js";
// The inputs of the agent operations behind the tools, their limits, and the helpers
// that answer them.
export {
  catalogPartSchema,
  listGenerationCatalogInputSchema,
  listSocialPublicationsInputSchema,
  listSoundEffectsInputSchema,
  publishMediaToSocialInputSchema,
  recommendVoiceInputSchema,
  SOCIAL_ACCOUNT_ID_MAX_LENGTH,
  SOCIAL_CAPTION_MAX_LENGTH,
  SOCIAL_TARGETS_MAX,
  VOICE_RECOMMENDATIONS_DEFAULT,
  VOICE_RECOMMENDATIONS_MAX,
} from "../service/agent/agent-schemas.js";
export { type CatalogNarrowing, narrowCatalog } from "../service/agent/catalog.js";
export { type RankedVoice, rankVoices, VOICE_MATCH_POINTS } from "../service/agent/voices.js";
export { createMcpHandler, type McpFetchHandler } from "./handler.js";
export {
  type AccessTokenAccountsOptions,
  accessTokenKeyId,
  withAccessTokens,
} from "./oauth/access-token-accounts.js";
export {
  type AuthorizationServer,
  createAuthorizationServer,
} from "./oauth/authorization-server.js";
export {
  createMemoryOAuthStore,
  type MemoryOAuthStoreOptions,
} from "./oauth/memory-oauth-store.js";
export {
  OAUTH_ERROR_CODES,
  type OAuthError,
  type OAuthErrorCode,
} from "./oauth/oauth-errors.js";
export {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  APPROVAL_FORM_LIFETIME_SECONDS,
  AUTHORIZATION_CODE_LIFETIME_SECONDS,
  OAUTH_MAX_API_KEY_LENGTH,
  OAUTH_MAX_CLIENT_NAME_LENGTH,
  OAUTH_MAX_REDIRECT_URIS,
  OAUTH_MAX_REQUEST_BYTES,
  OAUTH_MAX_SCOPE_LENGTH,
  OAUTH_MAX_STATE_LENGTH,
  OAUTH_MAX_URI_LENGTH,
  REFRESH_TOKEN_LIFETIME_SECONDS,
} from "./oauth/oauth-limits.js";
export { type RandomBytes, SECRET_PREFIXES } from "./oauth/secrets.js";
export {
  type AuthorizationServerMetadata,
  authorizationServerMetadata,
  CLIENT_AUTH_METHODS,
} from "./oauth/server-metadata.js";
export {
  type AuthorizationServerOptions,
  type AuthorizationServerSettings,
  type OAuthEndpoints,
  oauthEndpointsOf,
} from "./oauth/server-settings.js";
export type { TokenAnswer } from "./oauth/token-endpoint.js";
export {
  apiKeySignIn,
  type SignedIn,
  type SignInAttempt,
  type SignInResult,
  type WorkspaceSignIn,
} from "./oauth/workspace-sign-in.js";
export {
  DEFAULT_MCP_INSTRUCTIONS,
  DEFAULT_MCP_MAX_REQUEST_BYTES,
  JSON_RPC_ENVELOPE_ALLOWANCE_BYTES,
  type McpHandlerOptions,
  type McpService,
  type McpSettings,
  protectedResourceMetadataUrl,
  resolveMcpSettings,
} from "./options.js";
export {
  bearerChallenge,
  type ProtectedResourceMetadata,
  protectedResourceMetadata,
} from "./protected-resource.js";
export {
  agentTool,
  CHANGES,
  CREATES,
  type McpToolDefinition,
  REACHES_OUT,
  READ_ONLY,
  type RestParameterOptions,
  restTool,
  type ToolDescription,
  type ToolParameters,
  type ToolTarget,
} from "./tool-definition.js";
export { type ToolOutputSchema, toolOutputOf } from "./tool-output.js";
export {
  type ArgumentLocation,
  type ToolInput,
  type ToolInputSchema,
  toolInputOf,
} from "./tool-schema.js";
export { PAID_TOOL_ADVICE } from "./tools/generation-tools.js";
export { MCP_TOOLS } from "./tools/index.js";
export { type CompiledTool, compileTool, compileTools, scopeSentence } from "./toolset.js";
