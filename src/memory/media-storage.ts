/**
 * In-memory media storage, serving objects under a public base URL (the reference host
 * answers those URLs from this store). Each object's URL carries a random token of 128
 * bits before its key, so an object is reachable only through the URL the API handed
 * out: a key that can be guessed (`generated/3/faceless_video/1.mp4`) finds nothing
 * without its token. Signed read URLs carry an HMAC and an expiry instead, checked
 * against the storage's clock when the host serves them.
 *
 * @module
 */

import { type Clock, systemClock } from "../clock.js";
import { encodeBase64Url } from "../media/base64.js";
import {
  assertByteRange,
  collectBytes,
  streamOfBody,
  streamOfBytes,
} from "../media/byte-streams.js";
import {
  createReadUrlSigner,
  parseTokenUrl,
  READ_URL_SECRET_MIN_BYTES,
  servedUrlMembers,
  tokenUrlOf,
  trimBaseUrl,
} from "../media/stored-media-urls.js";
import { constantTimeEqual } from "../ports/api-keys.js";
import type { MediaStorage, StoredMediaReader } from "../ports/media-storage.js";
import type { ServedMediaStorage } from "../ports/served-media-storage.js";

/** A {@link MediaStorage} in memory, whose URLs a host serves. */
export interface MemoryMediaStorage extends ServedMediaStorage {
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
  /** The clock signed read URLs expire by. Default: the system clock. */
  readonly clock?: Clock;
  /**
   * The HMAC key of signed read URLs, at least 32 bytes. Default: random for this
   * storage, like its objects, which live only as long as it does.
   */
  readonly signingSecret?: Uint8Array;
}

function randomToken(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(MEDIA_URL_TOKEN_BYTES)));
}

interface MemoryObject {
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

function readerOf(object: MemoryObject): StoredMediaReader {
  const { bytes, contentType } = object;
  return {
    contentType,
    sizeBytes: bytes.byteLength,
    stream(range) {
      if (range === undefined) return streamOfBytes(bytes);
      assertByteRange(range, bytes.byteLength);
      return streamOfBytes(bytes.subarray(range.start, range.end + 1));
    },
  };
}

/**
 * Creates an empty storage whose objects are served under `publicBaseUrl`, each at a URL
 * with its own unguessable token.
 *
 * @example
 * ```ts
 * const storage = createMemoryMediaStorage({ publicBaseUrl: "http://127.0.0.1:8787/files" });
 * const stored = await storage.put("media/1/a.png", bytes, { contentType: "image/png" });
 * stored.url; // "http://127.0.0.1:8787/files/Qm9v…/media/1/a.png"
 * storage.objectKeyOf(stored.url); // "media/1/a.png"
 * storage.objectKeyOf("http://127.0.0.1:8787/files/media/1/a.png"); // undefined
 * await storage.signedReadUrl("media/1/a.png", { expiresInSeconds: 600 });
 * // "http://127.0.0.1:8787/files/signed/media/1/a.png?expires=…&signature=…"
 * ```
 */
export function createMemoryMediaStorage(options: MemoryMediaStorageOptions): MemoryMediaStorage {
  const base = trimBaseUrl(options.publicBaseUrl);
  const newToken = options.newToken ?? randomToken;
  const signer = createReadUrlSigner({
    baseUrl: base,
    secret:
      options.signingSecret ?? crypto.getRandomValues(new Uint8Array(READ_URL_SECRET_MIN_BYTES)),
    clock: options.clock ?? systemClock,
  });
  const objects = new Map<string, MemoryObject>();
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
  const urlOf = (objectKey: string): string => tokenUrlOf(base, tokenOf(objectKey), objectKey);
  const objectKeyOf = (url: string): string | undefined => {
    const parsed = parseTokenUrl(base, url);
    const expected = parsed === undefined ? undefined : tokens.get(parsed.objectKey);
    if (parsed === undefined || expected === undefined) return undefined;
    // Compared in constant time, so timing does not tell how much of a guess was right.
    return constantTimeEqual(parsed.token, expected) ? parsed.objectKey : undefined;
  };
  return {
    async put(objectKey, body, { contentType }) {
      // Read whole before storing, so a stream that fails leaves the earlier object.
      const bytes =
        body instanceof Uint8Array
          ? body.slice()
          : await collectBytes(streamOfBody(body), Number.POSITIVE_INFINITY);
      if (bytes === undefined) throw new Error("An unlimited read cannot exceed its limit.");
      objects.set(objectKey, { bytes, contentType });
      return { objectKey, url: urlOf(objectKey), sizeBytes: bytes.byteLength, contentType };
    },
    async open(objectKey) {
      const object = objects.get(objectKey);
      return object === undefined ? undefined : readerOf(object);
    },
    async delete(objectKey) {
      objects.delete(objectKey);
    },
    urlOf,
    objectKeyOf,
    ...servedUrlMembers(signer, objectKeyOf),
  };
}
