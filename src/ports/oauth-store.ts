/**
 * The store port of the authorization server: registered clients, authorization codes,
 * approvals (grants) and tokens. Codes, tokens and client secrets are kept only as
 * SHA-256 digests, as API keys are; a store never sees one in plain text.
 *
 * The memory store (`createMemoryOAuthStore`) and the PostgreSQL one
 * (`createPostgresOAuthStore` of `reelkit/postgres`) give the same answers.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type { ApiScope } from "../schemas/scopes.js";

/** How a client authenticates at the token and revocation endpoints (RFC 7591 2). */
export type ClientAuthMethod = "none" | "client_secret_basic" | "client_secret_post";

/** The metadata a client registered, as the registration answered it (RFC 7591 3.2.1). */
export interface RegisteredClientMetadata {
  /** Where the authorization server may send the browser back. */
  readonly redirect_uris: readonly string[];
  /** How the client authenticates. */
  readonly token_endpoint_auth_method: ClientAuthMethod;
  /** Grants the client uses: `authorization_code`, and `refresh_token` to be given one. */
  readonly grant_types: readonly string[];
  /** Always `["code"]`. */
  readonly response_types: readonly string[];
  /** The name the approval page shows, when the client gave one. */
  readonly client_name?: string;
  /** The client's home page, when given. */
  readonly client_uri?: string;
  /** Scopes the client said it would ask for, when given. */
  readonly scope?: string;
  /** Other registered fields, kept and answered as they were sent. */
  readonly [field: string]: unknown;
}

/** A registered client. */
export interface OAuthClientRecord {
  /** The `client_id` it was issued. */
  readonly clientId: string;
  /** SHA-256 hex digest of its secret; undefined for a public client. */
  readonly secretHash: string | undefined;
  /** What it registered. */
  readonly metadata: RegisteredClientMetadata;
  /** When it registered, in milliseconds since the Unix epoch. */
  readonly issuedAtEpochMilliseconds: number;
}

/** An approval: a person signed in to a workspace let a client act for it. */
export interface OAuthGrant {
  /** Stable id, safe to log; an operator revokes the approval by it. */
  readonly grantId: string;
  /** The client approved. */
  readonly clientId: string;
  /** The organization the client acts for. */
  readonly organizationId: OrganizationId;
  /** The scopes approved. */
  readonly scopes: readonly ApiScope[];
  /** The resource (the MCP endpoint's URL) its tokens are for (RFC 8707). */
  readonly resource: string;
  /**
   * Digest of the API key that signed in, when one did: its tokens never carry more than
   * the key's current scopes, and stop working when the key is revoked or expires.
   */
  readonly apiKeyHash: string | undefined;
  /** Who approved, as the sign-in named them (an API key id, or a deployment's user). */
  readonly subject: string;
  /** When it was approved, in milliseconds since the Unix epoch. */
  readonly createdAtEpochMilliseconds: number;
  /** A revoked approval's tokens are refused. */
  readonly revoked: boolean;
}

/** An authorization code, waiting to be exchanged once. */
export interface AuthorizationCodeRecord {
  /** SHA-256 hex digest of the code. */
  readonly codeHash: string;
  /** The approval the code starts; stored as a grant when the code is exchanged. */
  readonly grant: OAuthGrant;
  /** The redirect URI of the authorization request, which the exchange must repeat. */
  readonly redirectUri: string;
  /** The PKCE `code_challenge` (S256). */
  readonly codeChallenge: string;
  /** When it stops being exchangeable, in milliseconds since the Unix epoch. */
  readonly expiresAtEpochMilliseconds: number;
}

/** An access or refresh token of a grant. */
export interface OAuthTokenRecord {
  /** SHA-256 hex digest of the token; its first 16 digits index the lookup. */
  readonly tokenHash: string;
  /** `access` for the MCP endpoint, `refresh` for the token endpoint. */
  readonly kind: "access" | "refresh";
  /** The approval it belongs to. */
  readonly grantId: string;
  /**
   * The scopes it carries: the approval's, or fewer when a refresh asked for fewer. The
   * MCP endpoint also drops any the approving key no longer holds.
   */
  readonly scopes: readonly ApiScope[];
  /** When it stops working, in milliseconds since the Unix epoch. */
  readonly expiresAtEpochMilliseconds: number;
  /** True once a refresh token was exchanged: it never works again. */
  readonly used: boolean;
}

/** A token with the approval it belongs to, as read together. */
export interface OAuthTokenWithGrant {
  /** The token. */
  readonly token: OAuthTokenRecord;
  /** Its approval. */
  readonly grant: OAuthGrant;
}

/** A code as taken: its record, and whether this was its first exchange. */
export interface TakenAuthorizationCode {
  /** The code's record. */
  readonly code: AuthorizationCodeRecord;
  /** False when the code was exchanged before: the caller refuses it and revokes its grant. */
  readonly firstUse: boolean;
}

/**
 * How long an expired authorization code or token is kept, in milliseconds: a day. A
 * code exchanged twice or a refresh token used twice revokes its approval; kept a day
 * past their expiry, a late replay still does, and then the stores forget them.
 */
export const OAUTH_EXPIRED_RETENTION_MILLISECONDS = 24 * 60 * 60 * 1000;

/**
 * How long a registered client that nothing names is kept, in milliseconds: a day.
 * Registration is open to anyone (RFC 7591, as MCP clients expect), so a client no
 * approval and no authorization code names, registered more than a day ago, is forgotten
 * with the expired codes and tokens; otherwise clients registered and never used would
 * pile up without end. A client that comes back later registers again, as MCP clients do
 * when their `client_id` is refused.
 */
export const OAUTH_UNUSED_CLIENT_RETENTION_MILLISECONDS = 24 * 60 * 60 * 1000;

/** Where the authorization server keeps clients, codes, approvals and tokens. */
export interface OAuthStore {
  /** Stores a newly registered client. */
  saveClient(client: OAuthClientRecord): Promise<void>;
  /** The client with this id, or undefined. */
  client(clientId: string): Promise<OAuthClientRecord | undefined>;
  /** Stores a new authorization code. */
  saveAuthorizationCode(code: AuthorizationCodeRecord): Promise<void>;
  /**
   * Takes the code with this digest, atomically: the first call answers `firstUse: true`
   * and marks it taken, every later one `firstUse: false`; undefined for an unknown code.
   */
  takeAuthorizationCode(codeHash: string): Promise<TakenAuthorizationCode | undefined>;
  /** Stores an approval with its first tokens, together. */
  saveGrant(grant: OAuthGrant, tokens: readonly OAuthTokenRecord[]): Promise<void>;
  /** Tokens whose digest starts with `lookupPrefix` (16 hex digits), each with its grant. */
  findTokens(lookupPrefix: string): Promise<readonly OAuthTokenWithGrant[]>;
  /**
   * Exchanges a refresh token, atomically: when it is unused it is marked used and `next`
   * is stored, and the answer is true; when it was used already nothing is stored and the
   * answer is false (a replay, whose grant the caller revokes).
   */
  rotateRefreshToken(tokenHash: string, next: readonly OAuthTokenRecord[]): Promise<boolean>;
  /** Revokes an approval and so every token of it; true when it existed. */
  revokeGrant(grantId: string): Promise<boolean>;
  /** The approvals of an organization that are not revoked, newest first. */
  grants(organizationId: OrganizationId): Promise<readonly OAuthGrant[]>;
}
