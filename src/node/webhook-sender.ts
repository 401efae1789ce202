/**
 * The webhook sender of Node hosts: trusted endpoints (configured by the operator) are
 * reached with `fetch`; endpoints a client registered go through the same SSRF policy as
 * `source_url` imports: https only, no credentials in the URL, every resolved address
 * vetted (no loopback, private, link-local or metadata addresses), and the connection
 * pinned to the vetted addresses so a changing DNS answer cannot redirect it.
 *
 * @module
 */
import type { HttpTransport } from "../media/http-transport.js";
import {
  checkSourceUrl,
  type HostResolver,
  resolveVettedAddresses,
  type UrlPolicyOptions,
} from "../media/url-policy.js";
import {
  createWebhookSender,
  type WebhookRequest,
  type WebhookResponse,
  type WebhookSender,
} from "../ports/webhook-sender.js";
import { createNodeHttpTransport, resolveWithNodeDns } from "./url-fetching.js";

/** Settings of {@link createNodeWebhookSender}; the policy's relaxations are for tests. */
export interface NodeWebhookSenderOptions extends UrlPolicyOptions {
  /** Resolves host names; the system resolver by default. */
  readonly resolveHost?: HostResolver;
  /** Makes the pinned POST; `createNodeHttpTransport()` by default. */
  readonly transport?: HttpTransport;
}

async function sendUnderPolicy(
  request: WebhookRequest,
  options: NodeWebhookSenderOptions,
): Promise<WebhookResponse> {
  const checked = checkSourceUrl(request.url, options);
  if (!checked.ok) throw new Error(`The webhook URL is refused: ${checked.error.message}`);
  const resolved = await resolveVettedAddresses(
    checked.value,
    options.resolveHost ?? resolveWithNodeDns,
    options,
  );
  if (!resolved.ok) throw new Error(`The webhook URL is refused: ${resolved.error.message}`);
  const transport = options.transport ?? createNodeHttpTransport();
  const response = await transport({
    method: "POST",
    url: checked.value,
    addresses: resolved.value,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
  });
  response.cancel();
  return { status: response.status };
}

/**
 * A sender for `createWebhookDispatcher` that also serves client-registered endpoints,
 * under the SSRF policy.
 *
 * @example
 * ```ts
 * const dispatcher = createWebhookDispatcher({
 *   queue: webhooks.queue,
 *   endpoints: webhooks.endpoints,
 *   send: createNodeWebhookSender(),
 * });
 * ```
 */
export function createNodeWebhookSender(options: NodeWebhookSenderOptions = {}): WebhookSender {
  return createWebhookSender({ untrusted: (request) => sendUnderPolicy(request, options) });
}
