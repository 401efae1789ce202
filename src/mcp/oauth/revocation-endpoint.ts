/**
 * Token revocation (RFC 7009): a client revokes its access or refresh token when a person
 * signs out. Revoking either revokes the approval it belongs to with every token of it
 * (RFC 7009 2.1 allows this for access tokens and asks it for refresh tokens), so nothing
 * issued for that sign-in keeps working. An unknown token, or another client's, is
 * answered 200 like a revoked one (RFC 7009 2.2), so the answer tells nothing.
 *
 * @module
 */
import { lookupPrefixOf } from "../../ports/api-keys.js";
import { readAuthenticatedRequest } from "./client-authentication.js";
import { oauthError, oauthErrorResponse } from "./oauth-errors.js";
import { digestOf, matchesDigest } from "./secrets.js";
import type { AuthorizationServerSettings } from "./server-settings.js";

const REVOCATION_HEADERS = { "cache-control": "no-store", "access-control-allow-origin": "*" };

/** Answers `POST <issuer>/oauth/revoke`. */
export async function revokeToken(
  request: Request,
  settings: AuthorizationServerSettings,
): Promise<Response> {
  const read = await readAuthenticatedRequest(request, settings.store);
  if (!read.ok) return read.error;
  const { params, client } = read.value;
  const token = params.get("token");
  if (token === undefined || token === "") {
    return oauthErrorResponse(oauthError("invalid_request", "token is missing."));
  }
  const digest = await digestOf(token);
  for (const { token: record, grant } of await settings.store.findTokens(lookupPrefixOf(digest))) {
    const matches = await matchesDigest(token, record.tokenHash);
    if (matches && grant.clientId === client.clientId) {
      await settings.store.revokeGrant(grant.grantId);
    }
  }
  return new Response(null, { status: 200, headers: REVOCATION_HEADERS });
}
