/**
 * reelkit/node: the adapters that need Node's built-ins (also provided by Bun and Deno).
 *
 * - {@link toNodeListener}: the fetch handler of `reelkit/http` as a `node:http`
 *   listener, for Node's own server, Express and Fastify.
 * - {@link createNodeUrlFetcher}: the SSRF-safe downloader of `source_url` imports over
 *   Node's resolver and a transport pinned to the vetted addresses.
 * - {@link createFileMediaStorage}: media storage in a local directory, streamed in and
 *   out, written atomically, surviving a restart with its URLs.
 * - {@link createNodeWebhookSender}: webhook deliveries, client-registered endpoints
 *   under the same SSRF policy.
 *
 * @packageDocumentation
 */
export {
  createFileMediaStorage,
  FILE_MEDIA_URL_TOKEN_BYTES,
  type FileMediaStorage,
  type FileMediaStorageOptions,
  loadDirectorySecret,
  SIGNING_SECRET_FILE,
} from "./file-media-storage.js";
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
