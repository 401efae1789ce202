/**
 * The secrets the authorization server hands out (codes, tokens, client secrets) and how
 * it checks them: 256 random bits each, kept only as SHA-256 digests (the digest API keys
 * use), compared whole in constant time; and the PKCE S256 check of RFC 7636 4.6.
 *
 * @module
 */
import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex } from "@noble/hashes/utils";
import { encodeBase64Url } from "../../media/base64.js";
import { constantTimeEqual, hashApiKey } from "../../ports/api-keys.js";

/** Random bytes of every code, token and client secret: 256 bits. */
export const SECRET_BYTES = 32;

/** Fills an array with random bytes; `crypto.getRandomValues` unless a test gives another. */
export type RandomBytes = (length: number) => Uint8Array;

/** The runtime's cryptographic random source, present on every Web-standard runtime. */
export const cryptoRandomBytes: RandomBytes = (length) =>
  crypto.getRandomValues(new Uint8Array(length));

/** What each secret starts with, so a leaked one says what it is (and scanners find it). */
export const SECRET_PREFIXES = {
  authorizationCode: "rk_oac_",
  accessToken: "rk_oat_",
  refreshToken: "rk_ort_",
  clientSecret: "rk_ocs_",
} as const;

/** A new secret of one kind: its prefix and 256 random bits as hex. */
export function newSecret(kind: keyof typeof SECRET_PREFIXES, random: RandomBytes): string {
  return `${SECRET_PREFIXES[kind]}${bytesToHex(random(SECRET_BYTES))}`;
}

/** A new identifier (client ids, grant ids): 128 random bits as hex after `prefix`. */
export function newIdentifier(prefix: string, random: RandomBytes): string {
  return `${prefix}${bytesToHex(random(SECRET_BYTES / 2))}`;
}

/** The SHA-256 hex digest a store keeps of a secret. */
export function digestOf(secret: string): Promise<string> {
  return hashApiKey(secret);
}

/** Whether a secret matches a stored digest, compared in constant time. */
export async function matchesDigest(secret: string, digest: string): Promise<boolean> {
  return constantTimeEqual(await digestOf(secret), digest);
}

// RFC 7636 4.1: 43 to 128 unreserved characters.
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** An S256 `code_challenge` is a SHA-256 digest in base64url: exactly 43 characters. */
export const S256_CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether `verifier` is the PKCE verifier of `challenge` by S256: the base64url SHA-256
 * of the verifier's ASCII (RFC 7636 4.6). A verifier of the wrong form never matches.
 *
 * @example
 * ```ts
 * // The example of RFC 7636 appendix B:
 * verifiesS256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"); // true
 * ```
 */
export function verifiesS256(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER.test(verifier)) return false;
  const computed = encodeBase64Url(sha256(new TextEncoder().encode(verifier)));
  return constantTimeEqual(computed, challenge);
}
