/**
 * reelkit/node: the adapters that need Node's built-ins (also provided by Bun and Deno).
 *
 * - {@link toNodeListener}: the fetch handler of `reelkit/http` as a `node:http`
 *   listener, for Node's own server, Express and Fastify.
 * - {@link createNodeUrlFetcher}: the SSRF-safe downloader of `source_url` imports over
 *   Node's resolver and a transport pinned to the vetted addresses.
 * - {@link createNodeWebhookSender}: webhook deliveries, client-registered endpoints
 *   under the same SSRF policy.
 *
 * @packageDocumentation
 */
export { type NodeListener, type NodeListenerOptions, toNodeListener } from "./node-listener.js";
export type { WebRequestOptions } from "./node-request.js";
export {
  createNodeHttpTransport,
  createNodeUrlFetcher,
  type NodeHttpTransportOptions,
  type NodeUrlFetcherOptions,
  resolveWithNodeDns,
} from "./url-fetching.js";
export { createNodeWebhookSender, type NodeWebhookSenderOptions } from "./webhook-sender.js";
