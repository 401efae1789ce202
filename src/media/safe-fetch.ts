/**
 * The SSRF-safe downloader of `source_url` imports (spec 4.16). Each hop is checked by
 * the URL policy, its host resolved and every address vetted, and the connection made
 * to a vetted address only. Redirects are followed a bounded number of times and each
 * is checked like the first URL; sizes and times are limited while the bytes stream.
 *
 * @module
 */
import { err, ok, type Result } from "../result.js";
import { type Deadline, settleWithin, startDeadline } from "./deadlines.js";
import type { HopResponse, HttpTransport } from "./http-transport.js";
import { readMediaResponse } from "./read-response.js";
import type { FetchOptions, FetchRefusal, FetchResult, UrlFetcher } from "./url-fetcher.js";
import {
  type AddressResolution,
  checkSourceUrl,
  type HostResolver,
  parseFetchUrl,
  plainRefusal,
  resolveTrustedAddresses,
  resolveVettedAddresses,
  type UrlPolicyOptions,
} from "./url-policy.js";

/** Most redirects followed before a download is refused as `too_many_redirects`. */
export const MAX_REDIRECTS = 3;

/** Longest wait from the start of a hop (DNS, connect, TLS) until its response headers. */
export const RESPONSE_TIMEOUT_MILLISECONDS = 10_000;

/**
 * Longest a whole download may take, redirects included: five minutes, which moves the
 * 200 MiB video limit at about 5.6 Mbit/s.
 */
export const TRANSFER_TIMEOUT_MILLISECONDS = 300_000;

/** Headers of every request: no compression, so counted bytes are the file's bytes. */
export const FETCH_REQUEST_HEADERS: Readonly<Record<string, string>> = {
  accept: "image/*, video/*, audio/*, application/octet-stream;q=0.5, */*;q=0.1",
  "accept-encoding": "identity",
  "user-agent": "reelkit-media-import/1",
};

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * Configuration of {@link createSafeUrlFetcher}: the two ports that reach the network,
 * and limits that each have a safe default. On Node, `createNodeUrlFetcher` of
 * `reelkit/node` supplies the ports.
 */
export interface SafeUrlFetcherOptions extends UrlPolicyOptions {
  /** Resolves host names, such as the operating system's resolver. */
  readonly resolveHost: HostResolver;
  /** Makes one HTTP exchange to vetted addresses only (see {@link HttpTransport}). */
  readonly transport: HttpTransport;
  /** Redirects followed at most; {@link MAX_REDIRECTS} by default. */
  readonly maxRedirects?: number;
  /** Per-hop limit until response headers; {@link RESPONSE_TIMEOUT_MILLISECONDS} by default. */
  readonly responseTimeoutMilliseconds?: number;
  /** Limit on the whole download; {@link TRANSFER_TIMEOUT_MILLISECONDS} by default. */
  readonly transferTimeoutMilliseconds?: number;
  /**
   * URLs the host vouches for, fetched without the scheme and address policy: its own
   * signed upload URLs, which may sit on a private address. Redirects from them are
   * still checked.
   */
  readonly isTrustedUrl?: (url: URL) => boolean | Promise<boolean>;
}

interface Settings {
  readonly policy: UrlPolicyOptions;
  readonly resolveHost: HostResolver;
  readonly transport: HttpTransport;
  readonly maxRedirects: number;
  readonly responseTimeoutMilliseconds: number;
  readonly transferTimeoutMilliseconds: number;
  readonly isTrustedUrl: ((url: URL) => boolean | Promise<boolean>) | undefined;
}

interface OpenedHop {
  readonly url: URL;
  readonly response: HopResponse;
}

interface HopTarget {
  readonly url: URL;
  readonly resolution: Promise<AddressResolution>;
}

async function isTrusted(url: URL, settings: Settings, signal: AbortSignal): Promise<boolean> {
  if (settings.isTrustedUrl === undefined) return false;
  const step = await settleWithin(Promise.resolve(settings.isTrustedUrl(url)), signal);
  return step.kind === "value" && step.value;
}

async function resolveHop(
  urlText: string,
  settings: Settings,
  signal: AbortSignal,
): Promise<Result<HopTarget, FetchRefusal>> {
  const parsed = parseFetchUrl(urlText);
  if (!parsed.ok) return parsed;
  if (await isTrusted(parsed.value, settings, signal)) {
    return ok({
      url: parsed.value,
      resolution: resolveTrustedAddresses(parsed.value, settings.resolveHost),
    });
  }
  const checked = checkSourceUrl(urlText, settings.policy);
  if (!checked.ok) return checked;
  return ok({
    url: checked.value,
    resolution: resolveVettedAddresses(checked.value, settings.resolveHost, settings.policy),
  });
}

async function openHop(
  urlText: string,
  settings: Settings,
  hop: Deadline,
): Promise<Result<OpenedHop, FetchRefusal>> {
  const resolvedHop = await resolveHop(urlText, settings, hop.signal);
  if (!resolvedHop.ok) return resolvedHop;
  const target = resolvedHop.value;
  const resolved = await settleWithin(target.resolution, hop.signal);
  if (resolved.kind === "timeout") return err(resolved.refusal);
  if (resolved.kind === "error") {
    return err(plainRefusal("dns_failure", "The host could not be resolved."));
  }
  if (!resolved.value.ok) return resolved.value;
  const exchange = settings.transport({
    url: target.url,
    addresses: resolved.value.value,
    headers: FETCH_REQUEST_HEADERS,
    signal: hop.signal,
  });
  const answered = await settleWithin(exchange, hop.signal);
  if (answered.kind === "timeout") {
    // A transport that ignores the signal may still answer; close that answer unread.
    exchange.then((late) => late.cancel()).catch(() => undefined);
    return err(answered.refusal);
  }
  if (answered.kind === "error")
    return err(plainRefusal("network_error", `Could not connect to ${target.url.host}.`));
  return ok({ url: target.url, response: answered.value });
}

function redirectTarget(hop: OpenedHop): Result<string, FetchRefusal> {
  const location = hop.response.header("location");
  if (location === undefined || !URL.canParse(location, hop.url)) {
    return err(
      plainRefusal(
        "invalid_url",
        `The URL redirected (HTTP ${hop.response.status}) without a valid Location.`,
      ),
    );
  }
  return ok(new URL(location, hop.url).href);
}

// Follows the URL's redirects, each hop under its own response deadline, and reads the
// final response within the whole transfer's deadline.
async function download(
  { url, options }: { url: string; options: FetchOptions },
  settings: Settings,
  transfer: Deadline,
): Promise<FetchResult> {
  let current = url;
  for (let redirectCount = 0; ; redirectCount += 1) {
    const limit = {
      phase: "response",
      timeoutMilliseconds: settings.responseTimeoutMilliseconds,
    } as const;
    const hop = startDeadline(limit, transfer.signal);
    try {
      const openedHop = await openHop(current, settings, hop);
      if (!openedHop.ok) return openedHop;
      const opened = openedHop.value;
      hop.stopTimer();
      if (!REDIRECT_STATUSES.has(opened.response.status)) {
        return await readMediaResponse(opened.response, {
          origin: { url: opened.url, redirectCount },
          options,
          signal: hop.signal,
        });
      }
      opened.response.cancel();
      if (redirectCount >= settings.maxRedirects) {
        return err(
          plainRefusal(
            "too_many_redirects",
            `The URL redirected more than ${settings.maxRedirects} times.`,
          ),
        );
      }
      const next = redirectTarget(opened);
      if (!next.ok) return next;
      current = next.value;
    } finally {
      hop.dispose();
    }
  }
}

function settingsOf(options: SafeUrlFetcherOptions): Settings {
  const settings: Settings = {
    policy: {
      dangerouslyAllowHttp: options.dangerouslyAllowHttp === true,
      dangerouslyAllowLoopback: options.dangerouslyAllowLoopback === true,
    },
    resolveHost: options.resolveHost,
    transport: options.transport,
    maxRedirects: options.maxRedirects ?? MAX_REDIRECTS,
    responseTimeoutMilliseconds:
      options.responseTimeoutMilliseconds ?? RESPONSE_TIMEOUT_MILLISECONDS,
    transferTimeoutMilliseconds:
      options.transferTimeoutMilliseconds ?? TRANSFER_TIMEOUT_MILLISECONDS,
    isTrustedUrl: options.isTrustedUrl,
  };
  const counts = [
    settings.maxRedirects,
    settings.responseTimeoutMilliseconds,
    settings.transferTimeoutMilliseconds,
  ];
  if (!counts.every((value) => Number.isSafeInteger(value) && value >= 0)) {
    throw new RangeError("Redirect counts and timeouts must be non-negative whole numbers.");
  }
  return settings;
}

/**
 * Creates the SSRF-safe {@link UrlFetcher}: HTTPS only, no credentials in URLs, every
 * resolved address vetted (loopback, private, link-local and metadata addresses refused,
 * in any spelling) and the connection pinned to it, at most {@link MAX_REDIRECTS}
 * redirects each checked anew, size limits enforced while streaming, and time limits on
 * each response and on the whole transfer.
 *
 * @example
 * ```ts
 * const fetcher = createSafeUrlFetcher({
 *   resolveHost,
 *   transport,
 *   isTrustedUrl: async (url) => (await signer.recognize(url)).ok,
 * });
 * const result = await fetcher.fetch("https://cdn.example.com/clip.mp4", { kind: "video" });
 * if (!result.ok) console.log(result.error.reason, result.error.message); // e.g. "blocked_address"
 * ```
 */
export function createSafeUrlFetcher(options: SafeUrlFetcherOptions): UrlFetcher {
  const settings = settingsOf(options);
  return {
    async fetch(url, fetchOptions = {}) {
      const limit = {
        phase: "transfer",
        timeoutMilliseconds: settings.transferTimeoutMilliseconds,
      } as const;
      const transfer = startDeadline(limit);
      try {
        return await download({ url, options: fetchOptions }, settings, transfer);
      } finally {
        transfer.dispose();
      }
    },
  };
}
