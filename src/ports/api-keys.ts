/**
 * API key digests: keys are stored only as SHA-256 digests, looked up by a prefix of the
 * digest, and compared whole in constant time, so neither the store nor the timing of a
 * comparison reveals a key.
 *
 * @module
 */

import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex } from "@noble/hashes/utils";

/** Hex digits of the digest used as the store's lookup index. */
export const API_KEY_LOOKUP_PREFIX_LENGTH = 16;

const encoder = new TextEncoder();

/**
 * The lowercase hex SHA-256 digest of an API key, as an `AccountStore` keeps it.
 *
 * Every authenticated request hashes its key, so the digest is computed synchronously
 * with `@noble/hashes`: WebCrypto's `crypto.subtle.digest` runs as a thread-pool job
 * whose set-up cost, on Node, exceeded the rest of authenticating a request. The result
 * stays a promise so callers are unchanged.
 *
 * @example
 * ```ts
 * await hashApiKey("rk_live_example"); // "6c5f…" (64 hex digits)
 * ```
 */
export async function hashApiKey(key: string): Promise<string> {
  return bytesToHex(sha256(encoder.encode(key)));
}

/** The lookup prefix of a digest from {@link hashApiKey}. */
export function lookupPrefixOf(keyHash: string): string {
  return keyHash.slice(0, API_KEY_LOOKUP_PREFIX_LENGTH);
}

/**
 * Compares two strings in time that depends only on their lengths, never on where they
 * first differ. Digests always have the same length, so nothing leaks.
 *
 * @example
 * ```ts
 * constantTimeEqual("abc", "abc"); // true
 * ```
 */
export function constantTimeEqual(left: string, right: string): boolean {
  let difference = left.length ^ right.length;
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    difference |= (left.charCodeAt(index) | 0) ^ (right.charCodeAt(index) | 0);
  }
  return difference === 0;
}
