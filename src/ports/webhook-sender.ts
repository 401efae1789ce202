/**
 * Sending one webhook request. Endpoints the host operator configured are trusted and
 * reached with the runtime's `fetch`; an endpoint a client registered is not, and goes
 * through an untrusted sender that applies the SSRF policy (on Node,
 * `createNodeWebhookSender` of `reelkit/node`). Redirects are never followed: a
 * receiver answers where it was configured, and a redirect counts as a failed attempt.
 *
 * @module
 */

/** One delivery attempt to make. */
export interface WebhookRequest {
  /** The endpoint's URL. */
  readonly url: string;
  /** The Standard Webhooks headers and `content-type`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body. */
  readonly body: string;
  /** Whether the host operator configured the endpoint (see `WebhookEndpoint.trusted`). */
  readonly trusted: boolean;
  /** Ends the attempt when the delivery timeout runs out. */
  readonly signal: AbortSignal;
}

/** The receiver's answer: only the status matters (2xx ends the delivery). */
export interface WebhookResponse {
  /** The HTTP status. */
  readonly status: number;
}

/** Makes one attempt; rejects when the connection fails, times out or is refused by policy. */
export type WebhookSender = (request: WebhookRequest) => Promise<WebhookResponse>;

/** Settings of {@link createWebhookSender}. */
export interface WebhookSenderOptions {
  /**
   * Sends to endpoints a client registered, under the SSRF policy. Without it those
   * deliveries fail (and end dead), since reaching them unchecked could reach the
   * host's own network.
   */
  readonly untrusted?: WebhookSender;
  /** The `fetch` of trusted deliveries; the global one by default. */
  readonly fetch?: typeof fetch;
}

/**
 * A sender that POSTs trusted deliveries with `fetch` and hands the others to
 * `untrusted`.
 *
 * @example
 * ```ts
 * const send = createWebhookSender(); // operator-configured endpoints only
 * ```
 */
export function createWebhookSender(options: WebhookSenderOptions = {}): WebhookSender {
  const fetchTrusted = options.fetch ?? fetch;
  return async (request) => {
    if (!request.trusted) {
      if (options.untrusted === undefined) {
        throw new Error("No sender for client-registered endpoints is configured.");
      }
      return options.untrusted(request);
    }
    const response = await fetchTrusted(request.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      signal: request.signal,
      redirect: "manual",
    });
    // The body is not needed; cancelling it frees the connection at once.
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status };
  };
}
