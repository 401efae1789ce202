/**
 * Client authentication at the token and revocation endpoints (RFC 6749 2.3): a public
 * client names itself with `client_id` and proves nothing more (PKCE protects its codes);
 * a confidential one sends its secret by HTTP Basic or in the form. A client uses one
 * method per request; a wrong or missing secret is `invalid_client`.
 *
 * @module
 */

import type { OAuthClientRecord, OAuthStore } from "../../ports/oauth-store.js";
import { err, ok, type Result } from "../../result.js";
import { type OAuthResult, oauthErrorResponse, refuse } from "./oauth-errors.js";
import { formParameters, type OAuthParameters } from "./oauth-http.js";
import { matchesDigest } from "./secrets.js";

/** The client a request authenticated as, and whether it tried HTTP Basic. */
export interface ClientAuthentication {
  /** The client, or why it was refused. */
  readonly client: OAuthResult<OAuthClientRecord>;
  /** True when the request carried Basic credentials (a 401 then challenges Basic). */
  readonly triedBasic: boolean;
}

interface PresentedCredentials {
  readonly clientId: string | undefined;
  readonly secret: string | undefined;
  readonly triedBasic: boolean;
}

// RFC 6749 2.3.1: Basic credentials are form-encoded before base64.
function basicCredentials(header: string): { clientId: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (match?.[1] === undefined) return undefined;
  let decoded: string;
  try {
    decoded = atob(match[1]);
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
    };
  } catch {
    return undefined;
  }
}

function presented(request: Request, params: OAuthParameters): OAuthResult<PresentedCredentials> {
  const header = request.headers.get("authorization");
  const formId = params.get("client_id");
  const formSecret = params.get("client_secret");
  if (header === null) {
    return ok({ clientId: formId, secret: formSecret, triedBasic: false });
  }
  const basic = basicCredentials(header);
  if (basic === undefined)
    return refuse("invalid_client", "The Authorization header is not Basic client credentials.");
  if (formSecret !== undefined) {
    return refuse(
      "invalid_request",
      "Authenticate with one method: Basic or client_secret, not both.",
    );
  }
  if (formId !== undefined && formId !== basic.clientId) {
    return refuse("invalid_request", "client_id differs from the Basic credentials.");
  }
  return ok({ clientId: basic.clientId, secret: basic.secret, triedBasic: true });
}

/** Authenticates the client of a token or revocation request. */
export async function authenticateClient(
  request: Request,
  params: OAuthParameters,
  store: OAuthStore,
): Promise<ClientAuthentication> {
  const credentials = presented(request, params);
  if (!credentials.ok) {
    const triedBasic = request.headers.get("authorization") !== null;
    return { client: credentials, triedBasic };
  }
  const { clientId, secret, triedBasic } = credentials.value;
  const unknown = {
    client: refuse<OAuthClientRecord>(
      "invalid_client",
      "The client is unknown or its secret is wrong.",
    ),
    triedBasic,
  };
  if (clientId === undefined || clientId === "") {
    return {
      client: refuse("invalid_client", "Name the client: client_id or Basic credentials."),
      triedBasic,
    };
  }
  const client = await store.client(clientId);
  if (client === undefined) return unknown;
  if (client.secretHash === undefined) {
    if (secret !== undefined) return unknown;
    return { client: ok(client), triedBasic };
  }
  if (secret === undefined || !(await matchesDigest(secret, client.secretHash))) return unknown;
  return { client: ok(client), triedBasic };
}

/** A token or revocation request, read: its parameters and the client it authenticated as. */
export interface AuthenticatedRequest {
  /** The form's parameters, each given once. */
  readonly params: OAuthParameters;
  /** The authenticated client. */
  readonly client: OAuthClientRecord;
  /** True when the request carried Basic credentials (a 401 then challenges Basic). */
  readonly triedBasic: boolean;
}

/**
 * Reads a token or revocation request's form and authenticates its client, the steps both
 * endpoints begin with. A refusal comes as the OAuth error answer to send.
 */
export async function readAuthenticatedRequest(
  request: Request,
  store: OAuthStore,
): Promise<Result<AuthenticatedRequest, Response>> {
  const form = await formParameters(request);
  if (!form.single.ok) return err(oauthErrorResponse(form.single.error));
  const params = form.single.value;
  const { client, triedBasic } = await authenticateClient(request, params, store);
  if (!client.ok) return err(oauthErrorResponse(client.error, triedBasic));
  return ok({ params, client: client.value, triedBasic });
}
