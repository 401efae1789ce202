/**
 * The stable URLs stored objects are served from by the host: `<baseUrl>/<token>/<key>`,
 * as the in-memory storage writes them, but with a token derived from the key by
 * HMAC-SHA-256 under a secret instead of drawn at random and remembered. Every host
 * instance sharing the secret computes the same URL for a key without a lookup, and a
 * URL stays valid across restarts, so records that hold it keep working; without the
 * secret the token cannot be guessed from the key.
 *
 * `node:crypto` gives a synchronous HMAC, which `urlOf` needs (Web Crypto is async).
 *
 * @module
 */

import { createHmac, timingSafeEqual } from "node:crypto";
import { encodeBase64Url } from "../media/base64.js";
import { UPLOAD_URL_SECRET_MIN_BYTES } from "../media/signed-urls.js";

/** Bytes of the HMAC kept in a URL token: 128 bits, as the in-memory storage's random token. */
export const S3_URL_TOKEN_BYTES = 16;

// Separates these tokens from any other use a host might make of the same secret.
const TOKEN_CONTEXT = "reelkit media URL v1\n";

/** Computes and recognizes the host-served URLs of one storage. */
export interface HostUrls {
  /** The URL an object key is served from. */
  urlOf(objectKey: string): string;
  /** The object key a URL names, or undefined for other URLs and wrong tokens. */
  objectKeyOf(url: string): string | undefined;
}

function secretBytes(secret: string | Uint8Array): Uint8Array {
  const bytes =
    typeof secret === "string" ? new TextEncoder().encode(secret) : new Uint8Array(secret);
  if (bytes.byteLength < UPLOAD_URL_SECRET_MIN_BYTES) {
    throw new RangeError(
      `The S3 media storage signing secret must be at least ${UPLOAD_URL_SECRET_MIN_BYTES} bytes.`,
    );
  }
  return bytes;
}

function normalizedBaseUrl(baseUrl: string): string {
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
  const usable =
    url !== undefined &&
    (url.protocol === "https:" || url.protocol === "http:") &&
    url.search === "" &&
    url.hash === "";
  if (!usable) throw new RangeError("The media base URL must be an absolute http(s) URL.");
  return baseUrl.replace(/\/+$/, "");
}

function decodedKey(encoded: readonly string[]): string | undefined {
  try {
    return encoded.map(decodeURIComponent).join("/");
  } catch {
    return undefined;
  }
}

/**
 * Creates the URL scheme of a storage served under `baseUrl` with tokens keyed by
 * `secret` (at least 32 bytes). Throws a RangeError on a short secret or a base URL that
 * is not an absolute http(s) URL.
 */
export function createHostUrls(baseUrl: string, secret: string | Uint8Array): HostUrls {
  const base = normalizedBaseUrl(baseUrl);
  const key = secretBytes(secret);
  const tokenBytes = (objectKey: string): Buffer =>
    createHmac("sha256", key)
      .update(TOKEN_CONTEXT + objectKey)
      .digest()
      .subarray(0, S3_URL_TOKEN_BYTES);
  return {
    urlOf(objectKey) {
      const path = objectKey.split("/").map(encodeURIComponent).join("/");
      return `${base}/${encodeBase64Url(tokenBytes(objectKey))}/${path}`;
    },
    objectKeyOf(url) {
      if (!url.startsWith(`${base}/`)) return undefined;
      const [token = "", ...encoded] = url.slice(base.length + 1).split("/");
      const objectKey = decodedKey(encoded);
      if (objectKey === undefined || objectKey === "") return undefined;
      const given = Buffer.from(token, "base64url");
      const expected = tokenBytes(objectKey);
      // Compared in constant time, so timing does not tell how much of a guess was right;
      // the round trip refuses tokens that decode leniently to the same bytes.
      const genuine =
        given.byteLength === expected.byteLength &&
        timingSafeEqual(given, expected) &&
        encodeBase64Url(given) === token;
      return genuine ? objectKey : undefined;
    },
  };
}
