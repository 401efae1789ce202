/**
 * The SSRF-safe downloader on Node (and Bun and Deno, which provide `node:http`): the
 * operating system's resolver, and a transport that makes one GET through `http.request`
 * or `https.request` with a `lookup` that hands back only the vetted addresses, so a DNS
 * answer that changes between the check and the connection (DNS rebinding) cannot
 * redirect it. TLS still verifies the certificate against the URL's host name.
 *
 * @module
 */
import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest, type RequestOptions } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { HopRequest, HopResponse, HttpTransport } from "../media/http-transport.js";
import { createSafeUrlFetcher, type SafeUrlFetcherOptions } from "../media/safe-fetch.js";
import type { UrlFetcher } from "../media/url-fetcher.js";
import { bareHostname, type HostResolver, type VettedAddress } from "../media/url-policy.js";

/**
 * Resolves a host name to all its addresses with `dns.lookup` (hosts file and system
 * resolver included, as any connection would see them).
 *
 * @example
 * ```ts
 * await resolveWithNodeDns("localhost"); // ["::1", "127.0.0.1"] on most machines
 * ```
 */
export const resolveWithNodeDns: HostResolver = async (hostname) => {
  const entries = await lookup(hostname, { all: true, verbatim: true });
  return entries.map((entry) => entry.address);
};

/** Options of {@link createNodeHttpTransport}. */
export interface NodeHttpTransportOptions {
  /**
   * Certificate authorities to trust instead of Node's bundled roots, in PEM; for hosts
   * behind a private CA and for tests with a self-signed certificate.
   */
  readonly ca?: string | string[];
}

function pinnedLookup(addresses: readonly VettedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = addresses;
    if (first === undefined) {
      callback(new Error("No vetted address to connect to."), "", 4);
    } else if (options.all === true) {
      callback(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      );
    } else {
      callback(null, first.address, first.family);
    }
  };
}

function toHopResponse(response: IncomingMessage, cancel: () => void): HopResponse {
  return {
    status: response.statusCode ?? 0,
    header(name) {
      const value = response.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    body: response,
    cancel,
  };
}

function requestOptions(request: HopRequest, options: NodeHttpTransportOptions): RequestOptions {
  const secure = request.url.protocol === "https:";
  const hostname = bareHostname(request.url);
  return {
    method: request.method ?? "GET",
    headers: { ...request.headers },
    signal: request.signal,
    // No pooling: a pooled socket is keyed by host name, not by the vetted address.
    agent: false,
    lookup: pinnedLookup(request.addresses),
    ...(secure && isIP(hostname) === 0 ? { servername: hostname } : {}),
    ...(secure && options.ca !== undefined ? { ca: options.ca } : {}),
  };
}

/**
 * Creates the Node transport for a safe fetch.
 *
 * @example
 * ```ts
 * const fetcher = createNodeUrlFetcher({ transport: createNodeHttpTransport({ ca: corporateRootPem }) });
 * ```
 */
export function createNodeHttpTransport(options: NodeHttpTransportOptions = {}): HttpTransport {
  return (request) =>
    new Promise((resolve, reject) => {
      const send = request.url.protocol === "https:" ? httpsRequest : httpRequest;
      const outgoing = send(request.url, requestOptions(request, options), (response) => {
        resolve(
          toHopResponse(response, () => {
            response.destroy();
            outgoing.destroy();
          }),
        );
      });
      outgoing.on("error", reject);
      outgoing.end(request.body);
    });
}

/** Options of {@link createNodeUrlFetcher}: those of `createSafeUrlFetcher`, ports optional. */
export type NodeUrlFetcherOptions = Omit<SafeUrlFetcherOptions, "resolveHost" | "transport"> &
  Partial<Pick<SafeUrlFetcherOptions, "resolveHost" | "transport">>;

/**
 * The SSRF-safe `UrlFetcher` of `createSafeUrlFetcher` over Node's resolver
 * ({@link resolveWithNodeDns}) and transport ({@link createNodeHttpTransport}) unless
 * others are given.
 *
 * @example
 * ```ts
 * import { createNodeUrlFetcher } from "reelkit/node";
 *
 * const fetcher = createNodeUrlFetcher();
 * const result = await fetcher.fetch("https://cdn.example.com/clip.mp4", { kind: "video" });
 * if (!result.ok) console.log(result.error.reason); // e.g. "blocked_address"
 * ```
 */
export function createNodeUrlFetcher(options: NodeUrlFetcherOptions = {}): UrlFetcher {
  return createSafeUrlFetcher({
    ...options,
    resolveHost: options.resolveHost ?? resolveWithNodeDns,
    transport: options.transport ?? createNodeHttpTransport(),
  });
}
