/**
 * The authorization request (RFC 6749 4.1.1 with PKCE and RFC 8707), checked in the two
 * phases the RFC orders. First the client and its redirect URI: when either is wrong the
 * browser must not be sent anywhere, and the page shows the error itself. Then the rest,
 * whose errors go back to the client's redirect URI.
 *
 * @module
 */

import type { OAuthClientRecord, OAuthStore } from "../../ports/oauth-store.js";
import { API_SCOPES, type ApiScope } from "../../schemas/scopes.js";
import { isLoopbackHost } from "./client-registration.js";
import { type OAuthError, oauthError } from "./oauth-errors.js";
import type { OAuthParameters } from "./oauth-http.js";
import { OAUTH_MAX_SCOPE_LENGTH, OAUTH_MAX_STATE_LENGTH } from "./oauth-limits.js";
import { S256_CODE_CHALLENGE } from "./secrets.js";

/** A request that passed every check. */
export interface AuthorizationRequest {
  /** The client asking. */
  readonly client: OAuthClientRecord;
  /** Where the browser goes back. */
  readonly redirectUri: string;
  /** The client's `state`, returned as it came. */
  readonly state: string | undefined;
  /** The PKCE S256 challenge. */
  readonly codeChallenge: string;
  /** The scopes asked for. */
  readonly scopes: readonly ApiScope[];
  /** The resource the tokens will be for. */
  readonly resource: string;
}

/** The outcome of checking a request. */
export type CheckedAuthorization =
  | { readonly kind: "valid"; readonly request: AuthorizationRequest }
  /** The client or redirect URI is wrong: shown on the page, never redirected. */
  | { readonly kind: "unsafe"; readonly error: OAuthError }
  /** Anything else: sent back to the client's redirect URI. */
  | {
      readonly kind: "redirect";
      readonly redirectUri: string;
      readonly state: string | undefined;
      readonly error: OAuthError;
    };

/**
 * Whether `requested` matches a registered redirect URI: exactly, or on a loopback host
 * with another port, which RFC 8252 7.3 asks of servers since native apps listen on
 * whatever port is free.
 */
export function redirectUriMatches(requested: string, registered: string): boolean {
  if (requested === registered) return true;
  let asked: URL;
  let known: URL;
  try {
    asked = new URL(requested);
    known = new URL(registered);
  } catch {
    return false;
  }
  return (
    isLoopbackHost(asked.hostname) &&
    asked.protocol === "http:" &&
    known.protocol === "http:" &&
    asked.hostname === known.hostname &&
    asked.pathname === known.pathname &&
    asked.search === known.search &&
    asked.hash === "" &&
    known.hash === ""
  );
}

async function clientAndRedirect(
  params: OAuthParameters,
  store: OAuthStore,
): Promise<{ client: OAuthClientRecord; redirectUri: string } | OAuthError> {
  const clientId = params.get("client_id");
  if (clientId === undefined || clientId === "")
    return oauthError("invalid_request", "client_id is missing.");
  const client = await store.client(clientId);
  if (client === undefined)
    return oauthError("invalid_client", "No client is registered with this client_id.");
  const asked = params.get("redirect_uri");
  const registered = client.metadata.redirect_uris;
  if (asked === undefined) {
    const [only] = registered;
    if (registered.length === 1 && only !== undefined) return { client, redirectUri: only };
    return oauthError(
      "invalid_request",
      "redirect_uri is missing and the client registered several.",
    );
  }
  if (!registered.some((each) => redirectUriMatches(asked, each))) {
    return oauthError("invalid_request", "redirect_uri is not one the client registered.");
  }
  return { client, redirectUri: asked };
}

/** The scopes a `scope` parameter asks for; all four when absent. */
function requestedScopes(scope: string | undefined): readonly ApiScope[] | OAuthError {
  if (scope === undefined || scope.trim() === "") return API_SCOPES;
  if (scope.length > OAUTH_MAX_SCOPE_LENGTH)
    return oauthError("invalid_scope", "The scope is too long.");
  const names = [...new Set(scope.trim().split(/ +/))];
  const unknown = names.filter((name) => !API_SCOPES.includes(name as ApiScope));
  if (unknown.length > 0) {
    return oauthError(
      "invalid_scope",
      `Unknown scope ${unknown.join(", ")}; the scopes are ${API_SCOPES.join(", ")}.`,
    );
  }
  return API_SCOPES.filter((each) => names.includes(each));
}

function requestError(params: OAuthParameters, resource: string): OAuthError | undefined {
  if (params.get("response_type") !== "code") {
    return oauthError("unsupported_response_type", "response_type must be code.");
  }
  const challenge = params.get("code_challenge");
  if (challenge === undefined)
    return oauthError("invalid_request", "code_challenge is missing: PKCE is required.");
  if (params.get("code_challenge_method") !== "S256") {
    return oauthError("invalid_request", "code_challenge_method must be S256.");
  }
  if (!S256_CODE_CHALLENGE.test(challenge)) {
    return oauthError(
      "invalid_request",
      "code_challenge is not an S256 challenge (43 base64url characters).",
    );
  }
  if ((params.get("state")?.length ?? 0) > OAUTH_MAX_STATE_LENGTH) {
    return oauthError(
      "invalid_request",
      `state is longer than ${OAUTH_MAX_STATE_LENGTH} characters.`,
    );
  }
  const asked = params.get("resource");
  if (asked !== undefined && asked !== resource) {
    return oauthError("invalid_target", `This server issues tokens for ${resource} only.`);
  }
  return undefined;
}

/**
 * Checks an authorization request's parameters (a query, or the approval form's fields)
 * against the registered client and the one resource this server issues tokens for.
 */
export async function checkAuthorizationRequest(
  params: OAuthParameters,
  { store, resource }: { readonly store: OAuthStore; readonly resource: string },
): Promise<CheckedAuthorization> {
  const found = await clientAndRedirect(params, store);
  if ("code" in found) return { kind: "unsafe", error: found };
  const state = params.get("state");
  const redirect = (error: OAuthError): CheckedAuthorization => ({
    kind: "redirect",
    redirectUri: found.redirectUri,
    state: state !== undefined && state.length <= OAUTH_MAX_STATE_LENGTH ? state : undefined,
    error,
  });
  const problem = requestError(params, resource);
  if (problem !== undefined) return redirect(problem);
  const scopes = requestedScopes(params.get("scope"));
  if ("code" in scopes) return redirect(scopes);
  return {
    kind: "valid",
    request: {
      client: found.client,
      redirectUri: found.redirectUri,
      state,
      codeChallenge: params.get("code_challenge") ?? "",
      scopes,
      resource,
    },
  };
}

/** The client's redirect URI with the response parameters added (and `iss`, RFC 9207). */
export function redirectWith(
  redirectUri: string,
  parameters: Readonly<Record<string, string | undefined>>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.href;
}
