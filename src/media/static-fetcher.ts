/**
 * A {@link UrlFetcher} that serves fixed bytes from memory, for tests of the service and
 * the reference host's demo media. It applies the same scheme, size and content-type
 * rules as the network fetcher, but no address policy: nothing leaves the process.
 *
 * @module
 */
import { err, ok } from "../result.js";
import { chooseByteLimit } from "./byte-limit.js";
import type { FetchResult, UrlFetcher } from "./url-fetcher.js";
import { HTTPS_ONLY_MESSAGE, parseFetchUrl, plainRefusal } from "./url-policy.js";

/** One file served by a static fetcher. */
export interface StaticResource {
  /** The body; text is UTF-8 encoded. */
  readonly body: Uint8Array | string;
  /** The `Content-Type` served; none when omitted. */
  readonly contentType?: string;
  /** The HTTP status served; 200 when omitted. Any other status is refused as `http_status`. */
  readonly status?: number;
}

function normalizedKey(url: string): string {
  const parsed = parseFetchUrl(url);
  return parsed.ok ? parsed.value.href : url;
}

/**
 * Creates a fetcher that answers from `resources`, keyed by URL (compared after WHATWG
 * normalization). Unknown URLs answer as a 404 would.
 *
 * @example
 * ```ts
 * const fetcher = createStaticUrlFetcher({
 *   "https://media.example.com/logo.png": { body: pngBytes, contentType: "image/png" },
 * });
 * await fetcher.fetch("https://media.example.com/logo.png"); // { ok: true, value: { bytes: pngBytes, ... } }
 * ```
 */
export function createStaticUrlFetcher(
  resources: Readonly<Record<string, StaticResource>> | ReadonlyMap<string, StaticResource>,
): UrlFetcher {
  const entries = resources instanceof Map ? [...resources] : Object.entries(resources);
  const table = new Map(entries.map(([url, resource]) => [normalizedKey(url), resource]));
  return {
    async fetch(url, options = {}): Promise<FetchResult> {
      const parsed = parseFetchUrl(url);
      if (!parsed.ok) return parsed;
      const target = parsed.value;
      if (target.protocol !== "https:") {
        return err(plainRefusal("scheme_not_allowed", HTTPS_ONLY_MESSAGE));
      }
      const resource = table.get(target.href);
      const status = resource === undefined ? 404 : (resource.status ?? 200);
      if (resource === undefined || status !== 200) {
        return err({
          reason: "http_status",
          message: `The URL answered with HTTP status ${status}.`,
          status,
        });
      }
      const choice = chooseByteLimit(resource.contentType, options);
      if (!choice.ok) return choice;
      const limit = choice.value;
      const bytes =
        typeof resource.body === "string" ? new TextEncoder().encode(resource.body) : resource.body;
      if (bytes.byteLength > limit.maxBytes) {
        const message = `The file is larger than the limit of ${limit.maxBytes} bytes.`;
        return err({ reason: "too_large", message, maxBytes: limit.maxBytes });
      }
      return ok({
        url: target.href,
        bytes: bytes.slice(),
        contentType: limit.contentType,
        kind: limit.kind,
        redirectCount: 0,
      });
    },
  };
}
