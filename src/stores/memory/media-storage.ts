/**
 * In-memory media storage, serving objects under a public base URL (the reference host
 * answers those URLs from this store).
 *
 * @module
 */
import type { MediaStorage } from "../../service/ports/media-storage.js";

/** A {@link MediaStorage} in memory. */
export interface MemoryMediaStorage extends MediaStorage {
  /** The object key a URL of this storage names, or undefined for other URLs. */
  objectKeyOf(url: string): string | undefined;
}

/**
 * Creates an empty storage whose objects are served under `publicBaseUrl`.
 *
 * @example
 * ```ts
 * const storage = createMemoryMediaStorage({ publicBaseUrl: "http://127.0.0.1:8787/files" });
 * const stored = await storage.put("media/a.png", bytes, "image/png");
 * stored.url; // "http://127.0.0.1:8787/files/media/a.png"
 * ```
 */
export function createMemoryMediaStorage(options: {
  /** URL prefix objects are served under, without a trailing slash. */
  readonly publicBaseUrl: string;
}): MemoryMediaStorage {
  const base = options.publicBaseUrl.replace(/\/+$/, "");
  const objects = new Map<string, { readonly bytes: Uint8Array; readonly contentType: string }>();
  const urlOf = (objectKey: string): string =>
    `${base}/${objectKey.split("/").map(encodeURIComponent).join("/")}`;
  return {
    async put(objectKey, bytes, contentType) {
      objects.set(objectKey, { bytes: bytes.slice(), contentType });
      return { objectKey, url: urlOf(objectKey), sizeBytes: bytes.byteLength, contentType };
    },
    async get(objectKey) {
      return objects.get(objectKey);
    },
    urlOf,
    objectKeyOf(url) {
      if (!url.startsWith(`${base}/`)) return undefined;
      try {
        return url
          .slice(base.length + 1)
          .split("/")
          .map(decodeURIComponent)
          .join("/");
      } catch {
        return undefined;
      }
    },
  };
}
