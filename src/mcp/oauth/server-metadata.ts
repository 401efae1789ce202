/**
 * The authorization server's metadata (RFC 8414): what an MCP client reads after the
 * protected-resource metadata names this server, to find every endpoint and what each
 * supports.
 *
 * @module
 */

import type { ClientAuthMethod } from "../../ports/oauth-store.js";
import { API_SCOPES, type ApiScope } from "../../schemas/scopes.js";
import type { AuthorizationServerSettings } from "./server-settings.js";

/** How clients may authenticate: public clients with PKCE alone, or with a secret. */
export const CLIENT_AUTH_METHODS: readonly ClientAuthMethod[] = [
  "none",
  "client_secret_basic",
  "client_secret_post",
];

/** The metadata document of RFC 8414 section 2. */
export interface AuthorizationServerMetadata {
  /** The issuer. */
  readonly issuer: string;
  /** Where a person approves. */
  readonly authorization_endpoint: string;
  /** Where codes and refresh tokens are exchanged. */
  readonly token_endpoint: string;
  /** Dynamic client registration. */
  readonly registration_endpoint: string;
  /** Token revocation. */
  readonly revocation_endpoint: string;
  /** The four scopes. */
  readonly scopes_supported: readonly ApiScope[];
  /** `code` only. */
  readonly response_types_supported: readonly ["code"];
  /** `query` only. */
  readonly response_modes_supported: readonly ["query"];
  /** The authorization code and refresh grants. */
  readonly grant_types_supported: readonly ["authorization_code", "refresh_token"];
  /** {@link CLIENT_AUTH_METHODS}. */
  readonly token_endpoint_auth_methods_supported: readonly ClientAuthMethod[];
  /** {@link CLIENT_AUTH_METHODS}. */
  readonly revocation_endpoint_auth_methods_supported: readonly ClientAuthMethod[];
  /** `S256` only: PKCE is required. */
  readonly code_challenge_methods_supported: readonly ["S256"];
  /** The redirect carries `iss` (RFC 9207). */
  readonly authorization_response_iss_parameter_supported: true;
  /** Documentation, when configured. */
  readonly service_documentation?: string;
}

/** The metadata of the configured server. */
export function authorizationServerMetadata(
  settings: AuthorizationServerSettings,
): AuthorizationServerMetadata {
  const { endpoints } = settings;
  return {
    issuer: settings.issuer,
    authorization_endpoint: endpoints.authorize,
    token_endpoint: endpoints.token,
    registration_endpoint: endpoints.register,
    revocation_endpoint: endpoints.revoke,
    scopes_supported: API_SCOPES,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    ...(settings.serviceDocumentation === undefined
      ? {}
      : { service_documentation: settings.serviceDocumentation }),
  };
}
