/**
 * The fingerprint that tells "the same request again" from "a different request with the
 * same key".
 *
 * @module
 */
import { bytesToHex } from "@noble/hashes/utils";
import { canonicalJson } from "./canonical-json.js";

/** The body field that carries the key; it names the request, so it is not part of it. */
const IDEMPOTENCY_KEY_FIELD = "idempotency_key";

/**
 * SHA-256, in lowercase hex, of the canonical JSON of `[operation, body]`, where the
 * body's top-level `idempotency_key` is left out. The operation name keeps one key from
 * matching across endpoints; the canonical form makes key order and whitespace
 * irrelevant. Uses Web Crypto, so it runs on Node 20, Bun, Deno and workers alike.
 *
 * @example
 * ```ts
 * const a = await fingerprintRequest("create_generation", { type: "static_ad", request_count: 2 });
 * const b = await fingerprintRequest("create_generation", { request_count: 2, type: "static_ad", idempotency_key: "k1" });
 * a === b; // true
 * ```
 */
export async function fingerprintRequest(operation: string, body: unknown): Promise<string> {
  const text = canonicalJson([operation, withoutIdempotencyKey(body)]);
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return bytesToHex(new Uint8Array(digest));
}

function withoutIdempotencyKey(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  if (!Object.hasOwn(body, IDEMPOTENCY_KEY_FIELD)) return body;
  const { [IDEMPOTENCY_KEY_FIELD]: _key, ...rest } = body as Record<string, unknown>;
  return rest;
}
