/**
 * The named limits of the authorization server: how long each credential lives and how
 * large each request may be. Each is documented in `docs/spec-decisions.md`.
 *
 * @module
 */

/**
 * How long an authorization code may be exchanged: 60 seconds. The client exchanges it
 * the moment the browser comes back, and a short life leaves little time to a stolen one.
 */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60;

/** How long an access token works: one hour, after which the client refreshes. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 60 * 60;

/**
 * How long a refresh token may be used: 30 days from its issue. Each use rotates it, so
 * a client in daily use never signs in again, and one left unused for a month must.
 */
export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/** How long the approval page may be submitted after it was shown: 10 minutes. */
export const APPROVAL_FORM_LIFETIME_SECONDS = 10 * 60;

/** Largest body of a registration (JSON), token or revocation request (form): 16 KiB. */
export const OAUTH_MAX_REQUEST_BYTES = 16 * 1024;

/** Most redirect URIs one client registers. */
export const OAUTH_MAX_REDIRECT_URIS = 10;

/** Longest redirect URI, client URI or resource indicator, in characters. */
export const OAUTH_MAX_URI_LENGTH = 2048;

/** Longest `state` a client may send; it comes back in the redirect. */
export const OAUTH_MAX_STATE_LENGTH = 1024;

/** Longest client name shown on the approval page. */
export const OAUTH_MAX_CLIENT_NAME_LENGTH = 200;

/** Longest `scope` parameter, in characters. */
export const OAUTH_MAX_SCOPE_LENGTH = 512;

/** Longest API key the approval page accepts, in characters. */
export const OAUTH_MAX_API_KEY_LENGTH = 512;
