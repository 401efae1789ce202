/**
 * Authentication and authorization of a request (spec 5): the bearer key, its scopes and
 * the organization's subscription, checked in that order. A key that lacks the scope is
 * told so (403) before being told to pay (402), since paying would not help it.
 *
 * @module
 */
import { type ApiError, apiError } from "../../errors/api-error.js";
import {
  type AccountStore,
  type ApiKeyRecord,
  isKeyUnusable,
  type KeyWithOrganization,
  type Organization,
} from "../../ports/accounts.js";
import { constantTimeEqual, hashApiKey, lookupPrefixOf } from "../../ports/api-keys.js";
import type { RequestCredentials } from "../../ports/contract.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { EndpointDefinition } from "../../schemas/endpoints.js";
import type { ApiScope } from "../../schemas/scopes.js";
import { halt, proceed, type Step } from "./results.js";

/** Who is calling: the key and its organization. */
export interface Caller {
  /** The organization every resource of the request belongs to. */
  readonly organization: Organization;
  /** The key that authenticated the request. */
  readonly key: ApiKeyRecord;
}

/** True when the key carries at least one of the scopes. */
export function hasAnyScope(key: ApiKeyRecord, scopes: readonly ApiScope[]): boolean {
  return scopes.some((scope) => key.scopes.includes(scope));
}

// Every candidate is compared, so the time taken does not tell which one matched.
function matching<T>(
  candidates: readonly T[],
  keyHash: string,
  keyOf: (candidate: T) => ApiKeyRecord,
) {
  let found: T | undefined;
  for (const candidate of candidates) {
    if (constantTimeEqual(keyOf(candidate).keyHash, keyHash)) found = candidate;
  }
  return found;
}

// The key the token names with its organization, read together when the store can.
async function findKey(
  accounts: AccountStore,
  token: string,
): Promise<KeyWithOrganization | undefined> {
  const keyHash = await hashApiKey(token);
  const lookupPrefix = lookupPrefixOf(keyHash);
  if (accounts.findKeysWithOrganizations !== undefined) {
    const candidates = await accounts.findKeysWithOrganizations(lookupPrefix);
    return matching(candidates, keyHash, (candidate) => candidate.key);
  }
  const candidates = await accounts.findKeysByLookupPrefix(lookupPrefix);
  const key = matching(candidates, keyHash, (candidate) => candidate);
  if (key === undefined) return undefined;
  return { key, organization: await accounts.organization(key.organizationId) };
}

/** The ports authentication reads: the keys, and the clock that says whether one expired. */
export type AuthenticationPorts = Pick<ServiceDependencies, "accounts" | "clock">;

/**
 * Authenticates the request's bearer key: 401 `unauthorized` without one, 401
 * `invalid_api_key` for a malformed, unknown, revoked or expired key or one whose
 * organization is gone; all of these get the same message, so an answer never tells
 * whether a key existed.
 */
export async function authenticate(
  ports: AuthenticationPorts,
  request: RequestCredentials,
): Promise<Step<Caller>> {
  const { accounts, clock } = ports;
  if (request.malformedAuthorization === true) {
    return halt(apiError("invalid_api_key", "The Authorization header is not a Bearer token."));
  }
  const token = request.bearerToken;
  if (token === undefined || token === "") {
    return halt(
      apiError(
        "unauthorized",
        "Send an API key as a bearer token: Authorization: Bearer <API_KEY>.",
      ),
    );
  }
  const found = await findKey(accounts, token);
  const organization = found?.organization;
  if (found === undefined || isKeyUnusable(found.key, clock.now()) || organization === undefined) {
    return halt(apiError("invalid_api_key", "The API key is unknown, revoked or expired."));
  }
  return proceed({ organization, key: found.key });
}

/**
 * The 403 `forbidden` of a key that lacks every scope of `scopes`, with both lists in
 * `context`, as REST and MCP answer it.
 */
export function missingScopeError(
  scopes: readonly ApiScope[],
  keyScopes: readonly ApiScope[],
): ApiError {
  return apiError(
    "forbidden",
    `This API key lacks the scope this endpoint needs: ${scopes.join(" or ")}.`,
    { context: { required_scopes: [...scopes], key_scopes: [...keyScopes] } },
  );
}

/** Checks the key's scope (403 `forbidden`) and the subscription (402 `payment_required`). */
export function authorize(caller: Caller, scopes: readonly ApiScope[]): Step<Caller> {
  if (scopes.length > 0 && !hasAnyScope(caller.key, scopes)) {
    return halt(missingScopeError(scopes, caller.key.scopes));
  }
  if (!caller.organization.subscriptionActive) {
    return halt(
      apiError("payment_required", "The organization has no active paid subscription.", {
        context: { organization_id: caller.organization.id },
      }),
    );
  }
  return proceed(caller);
}

/** Authenticates and authorizes a request for an endpoint. */
export async function admit(
  ports: AuthenticationPorts,
  endpoint: EndpointDefinition,
  request: RequestCredentials,
): Promise<Step<Caller>> {
  const caller = await authenticate(ports, request);
  return caller.ok ? authorize(caller.value, endpoint.scopes) : caller;
}
