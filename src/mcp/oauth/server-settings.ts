/**
 * The options of the authorization server, resolved and checked once when it is made:
 * where each endpoint is, which resource its tokens are for, and the ports it uses.
 *
 * @module
 */
import { type Clock, systemClock } from "../../clock.js";
import type { ObservationOptions } from "../../http/request-observation.js";
import type { OAuthStore } from "../../ports/oauth-store.js";
import { absoluteHttpUrl, logFailuresAs } from "../settings-checks.js";
import { cryptoRandomBytes, type RandomBytes } from "./secrets.js";
import type { WorkspaceSignIn } from "./workspace-sign-in.js";

/** Options of `createAuthorizationServer`; `logger` and `telemetry` as the MCP handler's. */
export interface AuthorizationServerOptions extends ObservationOptions {
  /**
   * The issuer: the server's public origin, with a path when it is mounted under one,
   * such as `https://api.example.com`. Its metadata is served at
   * `/.well-known/oauth-authorization-server` (then the path), its endpoints under
   * `<issuer>/oauth/`.
   */
  readonly issuer: string;
  /** The MCP endpoint's public URL: the one resource its tokens are for (RFC 8707). */
  readonly resource: string;
  /** Where clients, codes, approvals and tokens are kept. */
  readonly store: OAuthStore;
  /** Who may approve: `apiKeySignIn` or a deployment's own login. */
  readonly signIn: WorkspaceSignIn;
  /** The clock of every lifetime. Default: the system clock. */
  readonly clock?: Clock;
  /** The random source of codes, tokens and ids. Default: `crypto.getRandomValues`. */
  readonly randomBytes?: RandomBytes;
  /** The name the approval page gives the service. Default `reelkit`. */
  readonly serviceName?: string;
  /** URL of documentation for developers, listed in the metadata when given. */
  readonly serviceDocumentation?: string;
  /** Called with anything that fails unexpectedly. Default: `console.error`. */
  readonly onError?: (error: unknown, request: Request) => void;
}

/** Where each endpoint is served: absolute URLs and the paths the handler matches. */
export interface OAuthEndpoints {
  /** RFC 8414 metadata. */
  readonly metadata: string;
  /** The authorization endpoint and its approval page. */
  readonly authorize: string;
  /** The token endpoint. */
  readonly token: string;
  /** Dynamic client registration (RFC 7591). */
  readonly register: string;
  /** Token revocation (RFC 7009). */
  readonly revoke: string;
  /** The approval page's style sheet. */
  readonly stylesheet: string;
}

/** Options with defaults applied. */
export interface AuthorizationServerSettings {
  /** The issuer, without a trailing slash. */
  readonly issuer: string;
  /** The issuer's origin. */
  readonly origin: string;
  /** The resource its tokens are for. */
  readonly resource: string;
  /** The endpoints' absolute URLs. */
  readonly endpoints: OAuthEndpoints;
  /** The store. */
  readonly store: OAuthStore;
  /** The sign-in. */
  readonly signIn: WorkspaceSignIn;
  /** The clock. */
  readonly clock: Clock;
  /** The random source. */
  readonly randomBytes: RandomBytes;
  /** The service's name on the page. */
  readonly serviceName: string;
  /** Documentation URL, if any. */
  readonly serviceDocumentation: string | undefined;
  /** Failure reporting. */
  readonly onError: (error: unknown, request: Request) => void;
}

// An issuer or resource identifier carries no query or fragment (RFC 8414 2, RFC 8707 2).
function httpUrl(name: string, value: string): URL {
  const url = absoluteHttpUrl(name, value);
  if (url.search !== "" || url.hash !== "") {
    throw new TypeError(`${name} must have no query or fragment, got ${JSON.stringify(value)}.`);
  }
  return url;
}

/** The endpoints of an issuer: metadata at the well-known path, the rest under `oauth/`. */
export function oauthEndpointsOf(issuer: string): OAuthEndpoints {
  const url = httpUrl("issuer", issuer);
  const path = url.pathname.replace(/\/$/, "");
  const under = (name: string) => `${url.origin}${path}/oauth/${name}`;
  return {
    metadata: `${url.origin}/.well-known/oauth-authorization-server${path}`,
    authorize: under("authorize"),
    token: under("token"),
    register: under("register"),
    revoke: under("revoke"),
    stylesheet: under("approval.css"),
  };
}

/** Applies the defaults and checks the options; throws a `TypeError`. */
export function resolveAuthorizationServerSettings(
  options: AuthorizationServerOptions,
): AuthorizationServerSettings {
  const issuer = httpUrl("issuer", options.issuer);
  httpUrl("resource", options.resource);
  return {
    issuer: issuer.href.replace(/\/$/, ""),
    origin: issuer.origin,
    resource: options.resource,
    endpoints: oauthEndpointsOf(options.issuer),
    store: options.store,
    signIn: options.signIn,
    clock: options.clock ?? systemClock,
    randomBytes: options.randomBytes ?? cryptoRandomBytes,
    serviceName: options.serviceName ?? "reelkit",
    serviceDocumentation: options.serviceDocumentation,
    onError: options.onError ?? logFailuresAs("reelkit oauth"),
  };
}
