/**
 * The port through which the service downloads a `source_url` (spec 4.16), and the
 * closed set of reasons a download is refused. The safe network implementation is
 * `createSafeUrlFetcher`; `createStaticUrlFetcher` serves fixed bytes for tests and demos.
 *
 * @module
 */

import type { Result } from "../result.js";
import type { BlockedAddressCategory, EmbeddingForm } from "./address-policy.js";
import type { MediaKind } from "./media-types.js";

/** What the caller knows about the file it is about to download. */
export interface FetchOptions {
  /**
   * Most bytes accepted. When omitted, the import limit of the kind applies (video
   * 200 MiB, image and audio 50 MiB), the kind taken from `kind` or the response type.
   */
  readonly maxBytes?: number;
  /** The kind the caller expects (the request's `media_type`); picks the size limit. */
  readonly kind?: MediaKind;
}

/** A downloaded file. Its bytes are still untrusted: sniff them before storing. */
export interface FetchedMedia {
  /** The URL the bytes came from, after redirects. */
  readonly url: string;
  /** The response body. */
  readonly bytes: Uint8Array;
  /** The lowercased `type/subtype` of the response, or undefined when absent. */
  readonly contentType: string | undefined;
  /** The kind that chose the size limit, or undefined when neither caller nor response named one. */
  readonly kind: MediaKind | undefined;
  /** How many redirects were followed. */
  readonly redirectCount: number;
}

/** Every reason a download can be refused, each with its own message. */
export const FETCH_REFUSAL_REASONS = [
  "invalid_url",
  "scheme_not_allowed",
  "credentials_in_url",
  "blocked_address",
  "dns_failure",
  "too_many_redirects",
  "http_status",
  "too_large",
  "timeout",
  "network_error",
  "unsupported_content_type",
] as const;

/** One reason from {@link FETCH_REFUSAL_REASONS}. */
export type FetchRefusalReason = (typeof FETCH_REFUSAL_REASONS)[number];

/** What every refusal carries. */
export interface FetchRefusalBase<Reason extends FetchRefusalReason> {
  /** Why the download was refused. */
  readonly reason: Reason;
  /** What went wrong, in words a client can act on; never echoes response bodies. */
  readonly message: string;
}

/** A refusal whose reason says all there is to say. */
export type PlainFetchRefusal = FetchRefusalBase<
  | "invalid_url"
  | "scheme_not_allowed"
  | "credentials_in_url"
  | "dns_failure"
  | "too_many_redirects"
  | "network_error"
>;

/** The URL, or a redirect, leads to an address the server must not reach. */
export interface BlockedAddressRefusal extends FetchRefusalBase<"blocked_address"> {
  /** The host name of the refused URL. */
  readonly hostname: string;
  /** The refused address (or the host name itself, for `localhost`). */
  readonly address: string;
  /** Which range the address falls in. */
  readonly category: BlockedAddressCategory;
  /** Present when an IPv6 address embeds the refused IPv4 address. */
  readonly embeddedIn?: EmbeddingForm;
}

/** The server answered with a status other than 200 or a followed redirect. */
export interface HttpStatusRefusal extends FetchRefusalBase<"http_status"> {
  /** The HTTP status received. */
  readonly status: number;
}

/** The file is larger than allowed, by its `Content-Length` or by the bytes received. */
export interface TooLargeRefusal extends FetchRefusalBase<"too_large"> {
  /** The limit that was passed. */
  readonly maxBytes: number;
}

/** A time limit ran out. */
export interface TimeoutRefusal extends FetchRefusalBase<"timeout"> {
  /** `response`: no response headers in time; `transfer`: the whole download took too long. */
  readonly phase: "response" | "transfer";
  /** The limit that ran out. */
  readonly timeoutMilliseconds: number;
}

/** The response is not media: HTML, JSON, or a compressed encoding. */
export interface UnsupportedContentTypeRefusal
  extends FetchRefusalBase<"unsupported_content_type"> {
  /** The `Content-Type` (or `Content-Encoding`) received. */
  readonly contentType: string;
}

/** A refused download. */
export type FetchRefusal =
  | PlainFetchRefusal
  | BlockedAddressRefusal
  | HttpStatusRefusal
  | TooLargeRefusal
  | TimeoutRefusal
  | UnsupportedContentTypeRefusal;

/** Result of {@link UrlFetcher.fetch}: the downloaded file, or why it was refused. */
export type FetchResult = Result<FetchedMedia, FetchRefusal>;

/** Downloads the file behind a `source_url`; every expected failure is a returned refusal. */
export interface UrlFetcher {
  /** Downloads `url` within the limits of `options`. */
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
}
