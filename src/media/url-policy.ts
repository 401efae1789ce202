/**
 * The checks a `source_url` passes before any connection is made: a parseable URL, an
 * allowed scheme, no credentials, and a host whose every address is allowed by the
 * address policy. Each refusal names its reason.
 *
 * @module
 */

import { err, ok, type Result } from "../result.js";
import {
  type AddressPolicyOptions,
  classifyAddress,
  describeBlockedAddress,
} from "./address-policy.js";
import { parseIpAddress } from "./ip-address.js";
import type { BlockedAddressRefusal, PlainFetchRefusal } from "./url-fetcher.js";

/** Resolves a host name to its IP addresses; rejects or answers none when it cannot. */
export type HostResolver = (hostname: string) => Promise<readonly string[]>;

/** An address a fetch may connect to, vetted by the address policy. */
export interface VettedAddress {
  /** The address text as the resolver gave it. */
  readonly address: string;
  /** 4 or 6. */
  readonly family: 4 | 6;
}

/** The URL policy, with the overrides that tests against a local server need. */
export interface UrlPolicyOptions extends AddressPolicyOptions {
  /**
   * Allows plain `http:` URLs. Only for tests against a local server: without TLS, any
   * network hop between the host and the source can replace the file.
   */
  readonly dangerouslyAllowHttp?: boolean;
}

/**
 * Result of {@link checkSourceUrl}: the parsed URL, with the WHATWG parser's normalized
 * host, or why it is refused.
 */
export type UrlCheck = Result<URL, PlainFetchRefusal | BlockedAddressRefusal>;

/**
 * Result of resolving a host name and vetting its addresses (the safe fetcher does it per
 * hop): every address of the host, all allowed (connect to these and nothing else), or
 * why the host is refused.
 */
export type AddressResolution = Result<
  readonly VettedAddress[],
  PlainFetchRefusal | BlockedAddressRefusal
>;

/** A refusal whose reason says all there is to say. */
export function plainRefusal(
  reason: PlainFetchRefusal["reason"],
  message: string,
): PlainFetchRefusal {
  return { reason, message };
}

/** The host of a URL without IPv6 brackets, as a resolver or socket wants it. */
export function bareHostname(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

function isLocalhostName(hostname: string): boolean {
  const name = hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
  return name === "localhost" || name.endsWith(".localhost");
}

function blocked(
  url: URL,
  address: string,
  options: AddressPolicyOptions,
): BlockedAddressRefusal | undefined {
  const verdict = classifyAddress(address, options);
  if (verdict.allowed) return undefined;
  const refusal: BlockedAddressRefusal = {
    reason: "blocked_address",
    message: `The URL's host ${url.hostname} points to ${describeBlockedAddress(address, verdict.category, verdict.embeddedIn)}, which the server may not fetch from.`,
    hostname: url.hostname,
    address,
    category: verdict.category,
  };
  return verdict.embeddedIn === undefined
    ? refusal
    : { ...refusal, embeddedIn: verdict.embeddedIn };
}

/** Result of {@link parseFetchUrl}: the parsed URL, or `invalid_url`. */
export type ParsedFetchUrl = Result<URL, PlainFetchRefusal>;

/** Why a URL of another scheme than https is refused. */
export const HTTPS_ONLY_MESSAGE = "Only https URLs can be imported.";

/** Parses a URL, refusing only text the WHATWG parser rejects. */
export function parseFetchUrl(text: string): ParsedFetchUrl {
  return URL.canParse(text)
    ? ok(new URL(text))
    : err(plainRefusal("invalid_url", "The URL cannot be parsed."));
}

/**
 * Checks a URL before any network traffic: parseable, HTTPS (or HTTP when allowed for
 * tests), no user name or password, and no literal address or `localhost` name that the
 * address policy refuses. Decimal, octal and hex IPv4 spellings are normalized by the
 * WHATWG URL parser first, so `http://2130706433/` is refused as 127.0.0.1.
 *
 * @example
 * ```ts
 * checkSourceUrl("https://[::ffff:169.254.169.254]/latest/meta-data").ok; // false: blocked_address
 * checkSourceUrl("https://user:secret@cdn.example.com/a.png").ok; // false: credentials_in_url
 * ```
 */
export function checkSourceUrl(text: string, options: UrlPolicyOptions = {}): UrlCheck {
  const parsed = parseFetchUrl(text);
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  const allowed =
    url.protocol === "https:" ||
    (url.protocol === "http:" && options.dangerouslyAllowHttp === true);
  if (!allowed) return err(plainRefusal("scheme_not_allowed", HTTPS_ONLY_MESSAGE));
  if (url.username !== "" || url.password !== "") {
    return err(
      plainRefusal("credentials_in_url", "The URL carries a user name or password; remove them."),
    );
  }
  const hostname = bareHostname(url);
  if (isLocalhostName(hostname) && options.dangerouslyAllowLoopback !== true) {
    return err({
      reason: "blocked_address",
      message: `The URL's host ${hostname} is this server itself.`,
      hostname,
      address: hostname,
      category: "loopback",
    });
  }
  if (parseIpAddress(hostname) !== undefined) {
    const refusal = blocked(url, hostname, options);
    if (refusal !== undefined) return err(refusal);
  }
  return ok(url);
}

/**
 * Error codes of a resolver that failed for now rather than found no such host: the
 * system resolver's "try again" (`EAI_AGAIN`) and the DNS client's timeouts, refused
 * connections and server failures. Anything else (`ENOTFOUND`, `ENODATA`) means the
 * host cannot be resolved, and asking again will not change that.
 */
export const TEMPORARY_RESOLVER_ERRORS: ReadonlySet<string> = new Set([
  "EAI_AGAIN",
  "ETIMEOUT",
  "ETIMEDOUT",
  "ECONNREFUSED",
  "ESERVFAIL",
]);

function isTemporaryResolverFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && TEMPORARY_RESOLVER_ERRORS.has(code);
}

async function resolveAddresses(
  url: URL,
  resolveHost: HostResolver,
  vet: (address: string) => BlockedAddressRefusal | undefined,
): Promise<AddressResolution> {
  const hostname = bareHostname(url);
  let addresses: readonly string[];
  try {
    addresses = parseIpAddress(hostname) === undefined ? await resolveHost(hostname) : [hostname];
  } catch (error) {
    return err(
      isTemporaryResolverFailure(error)
        ? plainRefusal("network_error", `The host ${hostname} could not be resolved right now.`)
        : plainRefusal("dns_failure", `The host ${hostname} could not be resolved.`),
    );
  }
  if (addresses.length === 0) {
    return err(plainRefusal("dns_failure", `The host ${hostname} has no addresses.`));
  }
  const vetted: VettedAddress[] = [];
  for (const address of addresses) {
    const refusal = vet(address);
    if (refusal !== undefined) return err(refusal);
    const parsed = parseIpAddress(address);
    if (parsed === undefined)
      return err(plainRefusal("dns_failure", `The host ${hostname} resolved to a non-address.`));
    vetted.push({ address, family: parsed.family });
  }
  return ok(vetted);
}

/**
 * Resolves a checked URL's host and vets every address it resolves to; one refused
 * address refuses the host, since a later connection could pick any of them. A literal
 * address host is vetted without asking the resolver.
 */
export function resolveVettedAddresses(
  url: URL,
  resolveHost: HostResolver,
  options: AddressPolicyOptions = {},
): Promise<AddressResolution> {
  return resolveAddresses(url, resolveHost, (address) => blocked(url, address, options));
}

/**
 * Resolves a host without the address policy, for URLs the host itself vouches for (its
 * own signed upload URLs, which may well live on a private address).
 */
export function resolveTrustedAddresses(
  url: URL,
  resolveHost: HostResolver,
): Promise<AddressResolution> {
  return resolveAddresses(url, resolveHost, () => undefined);
}
