/**
 * Who may approve a client: the sign-in port of the approval page. By default a person
 * signs in with an API key of the organization ({@link apiKeySignIn}), checked exactly
 * as the API checks a bearer key; a deployment with its own login implements
 * {@link WorkspaceSignIn} over its session instead.
 *
 * @module
 */
import type { Clock } from "../../clock.js";
import type { OrganizationId } from "../../organization-id.js";
import {
  type AccountStore,
  isKeyUnusable,
  type KeyWithOrganization,
} from "../../ports/accounts.js";
import { lookupPrefixOf } from "../../ports/api-keys.js";
import type { OAuthGrant } from "../../ports/oauth-store.js";
import { err, ok, type Result } from "../../result.js";
import type { ApiScope } from "../../schemas/scopes.js";
import { authenticate } from "../../service/pipeline/authorize.js";

/** A person signed in to a workspace. */
export interface SignedIn {
  /** The organization they act for. */
  readonly organizationId: OrganizationId;
  /** Its name, shown on the page. */
  readonly organizationName: string;
  /** The most they may approve. */
  readonly scopes: readonly ApiScope[];
  /** Who they are, kept with the approval (a key id, or a deployment's user id). */
  readonly subject: string;
  /** The digest of the API key they signed in with, when they used one. */
  readonly apiKeyHash?: string;
}

/** What a sign-in sees: the approval form's request and the API key typed, if any. */
export interface SignInAttempt {
  /** The POST of the approval form (its cookies carry a deployment's session). */
  readonly request: Request;
  /** The API key field of the form; undefined when the page asks for none. */
  readonly apiKey: string | undefined;
}

/** A sign-in, or why it failed, in a sentence the page shows. */
export type SignInResult = Result<SignedIn, string>;

/** The sign-in of the approval page. */
export interface WorkspaceSignIn {
  /** Whether the page asks for an API key; a deployment's own login asks for none. */
  readonly asksForApiKey: boolean;
  /** Signs a person in for one approval. */
  signIn(attempt: SignInAttempt): Promise<SignInResult>;
  /**
   * Whether the sign-in behind an approval still stands (the key is not revoked or
   * expired, the user still belongs): a refresh of a grant whose sign-in ended is refused.
   */
  stillValid(grant: OAuthGrant): Promise<boolean>;
}

/**
 * The key with this digest and its organization, when the store holds it; undefined
 * otherwise. Reads the key's lookup prefix as the API's authentication does.
 */
export async function keyOfDigest(
  accounts: AccountStore,
  keyHash: string,
): Promise<KeyWithOrganization | undefined> {
  const prefix = lookupPrefixOf(keyHash);
  if (accounts.findKeysWithOrganizations !== undefined) {
    const candidates = await accounts.findKeysWithOrganizations(prefix);
    return candidates.find((candidate) => candidate.key.keyHash === keyHash);
  }
  const key = (await accounts.findKeysByLookupPrefix(prefix)).find(
    (candidate) => candidate.keyHash === keyHash,
  );
  return key === undefined
    ? undefined
    : { key, organization: await accounts.organization(key.organizationId) };
}

/**
 * Sign-in with an API key of the organization: the key is checked as a bearer key is
 * (unknown, revoked or expired keys are refused with the API's own sentence), and the
 * person may approve at most the key's scopes. Approvals end with the key.
 *
 * @example
 * ```ts
 * const signIn = apiKeySignIn({ accounts, clock: systemClock });
 * createAuthorizationServer({ issuer, resource, store, signIn });
 * ```
 */
export function apiKeySignIn(ports: {
  readonly accounts: AccountStore;
  readonly clock: Clock;
}): WorkspaceSignIn {
  return {
    asksForApiKey: true,
    async signIn({ apiKey }) {
      if (apiKey === undefined || apiKey.trim() === "") {
        return err("Enter an API key of the workspace.");
      }
      const caller = await authenticate(ports, { bearerToken: apiKey.trim() });
      if (!caller.ok) return err(caller.error.error.message);
      const { organization, key } = caller.value;
      return ok({
        organizationId: organization.id,
        organizationName: organization.name,
        scopes: key.scopes,
        subject: key.keyId,
        apiKeyHash: key.keyHash,
      });
    },
    async stillValid(grant) {
      if (grant.apiKeyHash === undefined) return false;
      const found = await keyOfDigest(ports.accounts, grant.apiKeyHash);
      return (
        found?.organization !== undefined &&
        found.key.organizationId === grant.organizationId &&
        !isKeyUnusable(found.key, ports.clock.now())
      );
    },
  };
}
