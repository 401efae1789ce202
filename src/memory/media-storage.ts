/**
 * In-memory media storage, serving objects under a public base URL (the reference host
 * answers those URLs from this store). Each object's URL carries a random token of 128
 * bits before its key, so an object is reachable only through the URL the API handed
 * out: a key that can be guessed (`generated/3/faceless_video/1.mp4`) finds nothing
 * without its token.
 *
 * @module
 */

import { encodeBase64Url } from "../media/base64.js";
import { constantTimeEqual } from "../service/pipeline/api-keys.js";
import type { MediaStorage } from "../service/ports/media-storage.js";

/** A {@link MediaStorage} in memory. */
export interface MemoryMediaStorage extends MediaStorage {
  /**
   * The object key a URL of this storage names, or undefined for other URLs and for
   * URLs whose token is not the object's (guessed or altered ones).
   */
  objectKeyOf(url: string): string | undefined;
}

/** Random bytes in each object's URL token: 128 bits, as many as a random UUID. */
export const MEDIA_URL_TOKEN_BYTES = 16;

/** Options of {@link createMemoryMediaStorage}. */
export interface MemoryMediaStorageOptions {
  /** URL prefix objects are served under, without a trailing slash. */
  readonly publicBaseUrl: string;
  /**
   * Makes the token of a new object's URL. Default: {@link MEDIA_URL_TOKEN_BYTES} random
   * bytes from Web Crypto, base64url-encoded. Tests may pass a counter.
   */
  readonly newToken?: () => string;
}

function randomToken(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(MEDIA_URL_TOKEN_BYTES)));
}

function decodedKey(encoded: readonly string[]): string | undefined {
  try {
    return encoded.map(decodeURIComponent).join("/");
  } catch {
    return undefined;
  }
}

/**
 * Creates an empty storage whose objects are served under `publicBaseUrl`, each at a URL
 * with its own unguessable token.
 *
 * @example
 * ```ts
 * const storage = createMemoryMediaStorage({ publicBaseUrl: "http://127.0.0.1:8787/files" });
 * const stored = await storage.put("media/1/a.png", bytes, "image/png");
 * stored.url; // "http://127.0.0.1:8787/files/Qm9v…/media/1/a.png"
 * storage.objectKeyOf(stored.url); // "media/1/a.png"
 * storage.objectKeyOf("http://127.0.0.1:8787/files/media/1/a.png"); // undefined
 * ```
 */
export function createMemoryMediaStorage(options: MemoryMediaStorageOptions): MemoryMediaStorage {
  const base = options.publicBaseUrl.replace(/\/+$/, "");
  const newToken = options.newToken ?? randomToken;
  const objects = new Map<string, { readonly bytes: Uint8Array; readonly contentType: string }>();
  // A key keeps its token for good, so a URL stays valid when its object is replaced.
  const tokens = new Map<string, string>();
  const tokenOf = (objectKey: string): string => {
    let token = tokens.get(objectKey);
    if (token === undefined) {
      token = newToken();
      tokens.set(objectKey, token);
    }
    return token;
  };
  const urlOf = (objectKey: string): string =>
    `${base}/${tokenOf(objectKey)}/${objectKey.split("/").map(encodeURIComponent).join("/")}`;
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
      const [token = "", ...encoded] = url.slice(base.length + 1).split("/");
      const objectKey = decodedKey(encoded);
      const expected = objectKey === undefined ? undefined : tokens.get(objectKey);
      if (objectKey === undefined || expected === undefined) return undefined;
      // Compared in constant time, so timing does not tell how much of a guess was right.
      return constantTimeEqual(token, expected) ? objectKey : undefined;
    },
  };
}
