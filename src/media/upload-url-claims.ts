/**
 * The claims a signed direct-upload URL carries in its query string, how they are
 * written, read back strictly, and turned into the exact text that is signed.
 *
 * @module
 */
import { type OrganizationId, toOrganizationId } from "../organization-id.js";
import { decodeBase64 } from "./base64.js";
import { mimeTypeEssence } from "./media-types.js";

/** Longest object key a signed upload URL may carry (the common object-store bound). */
export const OBJECT_KEY_MAX_LENGTH = 1024;

/** Bytes of an HMAC-SHA-256 signature. */
export const UPLOAD_SIGNATURE_BYTES = 32;

/** What a signed upload URL grants: one PUT of one file, for one organization, until a time. */
export interface UploadClaims {
  /** The organization the upload belongs to. */
  readonly organizationId: OrganizationId;
  /** Where media storage keeps the bytes. */
  readonly objectKey: string;
  /** The lowercased MIME type the PUT must send as `Content-Type`. */
  readonly contentType: string;
  /** Most bytes the PUT may carry. */
  readonly maxBytes: number;
  /** When the URL stops accepting the PUT, in seconds since the Unix epoch. */
  readonly expiresAtEpochSeconds: number;
}

/** Claims read back from a URL, with the signature that should cover them. */
export interface SignedClaims {
  /** The claims as the URL states them; not yet verified. */
  readonly claims: UploadClaims;
  /** The raw signature bytes from the URL. */
  readonly signature: Uint8Array;
}

/** Query parameter names, short so the URL stays readable. */
const PARAMETER = {
  organizationId: "org",
  objectKey: "key",
  contentType: "type",
  maxBytes: "max",
  expiresAtEpochSeconds: "expires",
  signature: "signature",
} as const;

const PARAMETER_NAMES: ReadonlySet<string> = new Set(Object.values(PARAMETER));
const POSITIVE_INTEGER = /^[1-9][0-9]{0,15}$/;
// Versioned so that a future change of the signed text cannot be confused with this one.
const SIGNING_CONTEXT = "reelkit-upload-url/1";

/**
 * The exact text that is signed. A JSON array leaves no room for two different claim
 * sets to produce the same text, whatever characters the object key contains.
 */
export function canonicalClaimsText(claims: UploadClaims): string {
  return JSON.stringify([
    SIGNING_CONTEXT,
    claims.organizationId,
    claims.objectKey,
    claims.contentType,
    claims.maxBytes,
    claims.expiresAtEpochSeconds,
  ]);
}

/** Writes the claims and their base64url signature into the query of `url`. */
export function writeClaims(url: URL, claims: UploadClaims, signature: string): void {
  url.searchParams.set(PARAMETER.organizationId, String(claims.organizationId));
  url.searchParams.set(PARAMETER.objectKey, claims.objectKey);
  url.searchParams.set(PARAMETER.contentType, claims.contentType);
  url.searchParams.set(PARAMETER.maxBytes, String(claims.maxBytes));
  url.searchParams.set(PARAMETER.expiresAtEpochSeconds, String(claims.expiresAtEpochSeconds));
  url.searchParams.set(PARAMETER.signature, signature);
}

function positiveInteger(text: string): number | undefined {
  if (!POSITIVE_INTEGER.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

function singleValues(query: URLSearchParams): Map<string, string> | undefined {
  const values = new Map<string, string>();
  for (const [name, value] of query) {
    if (!PARAMETER_NAMES.has(name) || values.has(name)) return undefined;
    values.set(name, value);
  }
  return values.size === PARAMETER_NAMES.size ? values : undefined;
}

function decodeSignature(text: string): Uint8Array | undefined {
  const decoded = decodeBase64(text, "base64url");
  return decoded.ok && decoded.value.length === UPLOAD_SIGNATURE_BYTES ? decoded.value : undefined;
}

/**
 * Reads the claims from a URL query, strictly: every parameter present exactly once, no
 * others, each well formed. Undefined when the query is not a signed upload's.
 */
export function readClaims(query: URLSearchParams): SignedClaims | undefined {
  const values = singleValues(query);
  if (values === undefined) return undefined;
  const organization = positiveInteger(values.get(PARAMETER.organizationId) ?? "");
  const maxBytes = positiveInteger(values.get(PARAMETER.maxBytes) ?? "");
  const expiresAtEpochSeconds = positiveInteger(values.get(PARAMETER.expiresAtEpochSeconds) ?? "");
  const objectKey = values.get(PARAMETER.objectKey) ?? "";
  const contentType = values.get(PARAMETER.contentType) ?? "";
  const signature = decodeSignature(values.get(PARAMETER.signature) ?? "");
  const wellFormed =
    organization !== undefined &&
    maxBytes !== undefined &&
    expiresAtEpochSeconds !== undefined &&
    signature !== undefined &&
    isValidObjectKey(objectKey) &&
    mimeTypeEssence(contentType) === contentType;
  if (!wellFormed) return undefined;
  return {
    claims: {
      organizationId: toOrganizationId(organization),
      objectKey,
      contentType,
      maxBytes,
      expiresAtEpochSeconds,
    },
    signature,
  };
}

/** True for an object key a signed URL may carry: non-empty and within the length bound. */
export function isValidObjectKey(objectKey: string): boolean {
  return objectKey.length > 0 && objectKey.length <= OBJECT_KEY_MAX_LENGTH;
}
