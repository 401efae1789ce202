/**
 * The port a safe fetch uses for one HTTP exchange. It makes a single request (a GET for
 * downloads, a POST for webhook deliveries to client-registered URLs), never follows
 * redirects, and connects only to the addresses it is handed, which the caller has
 * already vetted: resolving the name again could return a different, internal address.
 *
 * @module
 */
import type { VettedAddress } from "./url-policy.js";

/** One request to make. */
export interface HopRequest {
  /** The method; `GET` when omitted. */
  readonly method?: "GET" | "POST";
  /** The request body of a POST. */
  readonly body?: string;
  /** The URL to request; its host name is used for `Host` and TLS, not for resolution. */
  readonly url: URL;
  /** The only addresses the connection may use. */
  readonly addresses: readonly VettedAddress[];
  /** Request headers to send. */
  readonly headers: Readonly<Record<string, string>>;
  /** Aborts the connection and the body when a time limit runs out. */
  readonly signal: AbortSignal;
}

/** The response to a {@link HopRequest}, its body not yet read. */
export interface HopResponse {
  /** The HTTP status. */
  readonly status: number;
  /** A response header by case-insensitive name; repeated headers joined with ", ". */
  header(name: string): string | undefined;
  /** The body as it arrives. */
  readonly body: AsyncIterable<Uint8Array>;
  /** Stops reading and closes the connection. */
  cancel(): void;
}

/**
 * Makes one HTTP exchange. Rejects when the connection fails or the signal aborts; the
 * fetcher turns that into a `network_error` or `timeout` refusal.
 */
export type HttpTransport = (request: HopRequest) => Promise<HopResponse>;
