/**
 * Signed, expiring direct-upload URLs (spec 4.17). The client PUTs the file bytes to the
 * URL without its API key; the URL itself is the permission, so its claims (organization,
 * object key, content type, size limit, expiry) are signed with HMAC-SHA-256 through Web
 * Crypto, which runs unchanged on Node, Bun, Deno and workers.
 *
 * @module
 */

import type { Clock } from "../clock.js";
import type { OrganizationId } from "../organization-id.js";
import { type Err, err, ok, type Result } from "../result.js";
import { encodeBase64Url } from "./base64.js";
import { mimeTypeEssence } from "./media-types.js";
import {
  canonicalClaimsText,
  isValidObjectKey,
  readClaims,
  type SignedClaims,
  type UploadClaims,
  writeClaims,
} from "./upload-url-claims.js";

/** How long a signed upload URL accepts its PUT when the host does not say: one hour. */
export const UPLOAD_URL_TTL_SECONDS_DEFAULT = 3600;

/** Shortest signing secret accepted: 32 bytes, the output size of SHA-256. */
export const UPLOAD_URL_SECRET_MIN_BYTES = 32;

/** Configuration of {@link createUploadUrlSigner}. */
export interface UploadUrlSignerOptions {
  /** The HMAC key, at least {@link UPLOAD_URL_SECRET_MIN_BYTES} bytes; text is UTF-8 encoded. */
  readonly secret: string | Uint8Array;
  /** Absolute http(s) URL of the host's PUT endpoint, without query or fragment. */
  readonly baseUrl: string;
  /** Source of the current time for expiry. */
  readonly clock: Clock;
  /** Lifetime of a signed URL; {@link UPLOAD_URL_TTL_SECONDS_DEFAULT} when omitted. */
  readonly ttlSeconds?: number;
}

/** What to sign: one upload of one file. */
export interface UploadSigningRequest {
  /** The organization the upload belongs to. */
  readonly organizationId: OrganizationId;
  /** Where media storage will keep the bytes; chosen by the host, never by the client. */
  readonly objectKey: string;
  /** MIME type the client declared; the PUT must send the same `Content-Type`. */
  readonly contentType: string;
  /** Most bytes the PUT may carry: the kind's import limit or the declared size. */
  readonly maxBytes: number;
}

/** Headers a PUT to a signed upload URL must send. */
export interface UploadHeaders {
  /** The signed content type; any other is refused. */
  readonly "Content-Type": string;
}

/** The upload descriptor of spec 4.17, plus the signed claims. */
export interface SignedUpload {
  /** Always PUT. */
  readonly method: "PUT";
  /** The signed URL. */
  readonly url: string;
  /** Headers the PUT must send. */
  readonly headers: UploadHeaders;
  /** When the URL stops accepting the PUT, as an ISO 8601 timestamp. */
  readonly expiresAt: string;
  /** What the URL grants. */
  readonly claims: UploadClaims;
}

/** The parts of an incoming PUT that a verification looks at. */
export interface UploadRequestParts {
  /** The request URL, absolute; only its query is read. */
  readonly url: string | URL;
  /** The request method. */
  readonly method: string;
  /** The request's `Content-Type` header; null or undefined when absent. */
  readonly contentType: string | null | undefined;
}

/** Why a PUT to a signed upload URL is refused. */
export type UploadUrlRefusalReason =
  /** The URL does not carry a complete, well-formed set of claims. */
  | "malformed"
  /** The claims were not signed by this host, or were altered. */
  | "bad_signature"
  /** The URL is genuine but its time is up. */
  | "expired"
  /** The URL only accepts PUT. */
  | "method_not_allowed"
  /** The `Content-Type` differs from the signed one. */
  | "content_type_mismatch";

/** A refusal with its reason and a message for the client. */
export interface UploadUrlRefusal<Reason extends string = UploadUrlRefusalReason> {
  /** Why it was refused. */
  readonly reason: Reason;
  /** What is wrong, in words a client can act on. */
  readonly message: string;
}

/**
 * Result of {@link UploadUrlSigner.verify}: what the URL grants (the PUT handler enforces
 * `maxBytes` while reading), or why the upload is refused.
 */
export type UploadUrlVerification = Result<UploadClaims, UploadUrlRefusal>;

/** One of this host's own upload URLs, recognized by its signature. */
export interface RecognizedUploadUrl {
  /** What the URL grants; check `organizationId` against the importing caller. */
  readonly claims: UploadClaims;
  /** True when the PUT window has closed; the uploaded object itself may still exist. */
  readonly expired: boolean;
}

/** Result of {@link UploadUrlSigner.recognize}: the recognized URL, or why it is not one. */
export type UploadUrlRecognition = Result<
  RecognizedUploadUrl,
  UploadUrlRefusal<"foreign_url" | "malformed" | "bad_signature">
>;

/** Signs and checks direct-upload URLs of one host. */
export interface UploadUrlSigner {
  /** Signs an upload; throws on arguments the service should have validated. */
  sign(request: UploadSigningRequest): Promise<SignedUpload>;
  /** Checks an incoming PUT: signature, expiry, method and content type. */
  verify(request: UploadRequestParts): Promise<UploadUrlVerification>;
  /**
   * Tells whether a `source_url` is one of this host's own signed upload URLs: same
   * origin and path as the base URL, and a valid signature. The import then reads the
   * stored object instead of fetching over the network.
   */
  recognize(url: string | URL): Promise<UploadUrlRecognition>;
}

function secretBytes(secret: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const bytes =
    typeof secret === "string" ? new TextEncoder().encode(secret) : new Uint8Array(secret);
  if (bytes.length < UPLOAD_URL_SECRET_MIN_BYTES) {
    throw new RangeError(
      `The upload URL secret must be at least ${UPLOAD_URL_SECRET_MIN_BYTES} bytes.`,
    );
  }
  return bytes;
}

function parseBaseUrl(baseUrl: string): URL {
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
  const usable =
    url !== undefined &&
    (url.protocol === "https:" || url.protocol === "http:") &&
    url.search === "" &&
    url.hash === "" &&
    url.username === "" &&
    url.password === "";
  if (!usable)
    throw new RangeError("The upload base URL must be an absolute http(s) URL without query.");
  return url;
}

function assertSignable(request: UploadSigningRequest): string {
  const contentType = mimeTypeEssence(request.contentType);
  const valid =
    Number.isSafeInteger(request.organizationId) &&
    request.organizationId > 0 &&
    Number.isSafeInteger(request.maxBytes) &&
    request.maxBytes > 0 &&
    isValidObjectKey(request.objectKey) &&
    contentType !== undefined;
  if (!valid) throw new RangeError("Cannot sign an upload with these claims.");
  return contentType;
}

function parseUrl(url: string | URL): URL | undefined {
  if (url instanceof URL) return url;
  return URL.canParse(url) ? new URL(url) : undefined;
}

function refuse<Reason extends string>(
  reason: Reason,
  message: string,
): Err<UploadUrlRefusal<Reason>> {
  return err({ reason, message });
}

const MALFORMED_MESSAGE = "The upload URL is incomplete or altered; request a new one.";
const BAD_SIGNATURE_MESSAGE = "The upload URL's signature does not match; request a new one.";

/**
 * Creates the signer of direct-upload URLs for one host.
 *
 * @example
 * ```ts
 * const signer = createUploadUrlSigner({
 *   secret: process.env.UPLOAD_SECRET ?? "",
 *   baseUrl: "https://api.example.com/v1/uploads",
 *   clock: systemClock,
 * });
 * const upload = await signer.sign({
 *   organizationId: 1, objectKey: "org-1/7f3c.mp4", contentType: "video/mp4", maxBytes: 52_428_800,
 * });
 * // later, in the PUT handler:
 * const check = await signer.verify({ url: request.url, method: request.method,
 *   contentType: request.headers.get("content-type") });
 * ```
 */
export function createUploadUrlSigner(options: UploadUrlSignerOptions): UploadUrlSigner {
  const base = parseBaseUrl(options.baseUrl);
  const ttlSeconds = options.ttlSeconds ?? UPLOAD_URL_TTL_SECONDS_DEFAULT;
  if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0) {
    throw new RangeError("The upload URL lifetime must be a positive whole number of seconds.");
  }
  const keyPromise = crypto.subtle.importKey(
    "raw",
    secretBytes(options.secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const encoder = new TextEncoder();
  const nowSeconds = () => Math.floor(options.clock.now() / 1000);

  async function signatureOf(claims: UploadClaims): Promise<string> {
    const signature = await crypto.subtle.sign(
      "HMAC",
      await keyPromise,
      encoder.encode(canonicalClaimsText(claims)),
    );
    return encodeBase64Url(new Uint8Array(signature));
  }

  // Web Crypto's verify compares in constant time, so the signature leaks nothing by timing.
  async function isAuthentic({ claims, signature }: SignedClaims): Promise<boolean> {
    const data = encoder.encode(canonicalClaimsText(claims));
    return crypto.subtle.verify("HMAC", await keyPromise, new Uint8Array(signature), data);
  }

  return {
    async sign(request) {
      const contentType = assertSignable(request);
      const expiresAtEpochSeconds = nowSeconds() + ttlSeconds;
      const claims: UploadClaims = { ...request, contentType, expiresAtEpochSeconds };
      const url = new URL(base);
      writeClaims(url, claims, await signatureOf(claims));
      return {
        method: "PUT",
        url: url.href,
        headers: { "Content-Type": contentType },
        expiresAt: new Date(expiresAtEpochSeconds * 1000).toISOString(),
        claims,
      };
    },

    async verify(request) {
      const signed = readClaims(parseUrl(request.url)?.searchParams ?? new URLSearchParams());
      if (signed === undefined) return refuse("malformed", MALFORMED_MESSAGE);
      if (!(await isAuthentic(signed))) return refuse("bad_signature", BAD_SIGNATURE_MESSAGE);
      const { claims } = signed;
      if (nowSeconds() >= claims.expiresAtEpochSeconds) {
        return refuse("expired", "The upload URL has expired; request a new one.");
      }
      if (request.method.toUpperCase() !== "PUT") {
        return refuse("method_not_allowed", "The upload URL only accepts PUT.");
      }
      if (mimeTypeEssence(request.contentType ?? "") !== claims.contentType) {
        return refuse(
          "content_type_mismatch",
          `The upload must be sent with Content-Type: ${claims.contentType}.`,
        );
      }
      return ok(claims);
    },

    async recognize(url) {
      const parsed = parseUrl(url);
      if (parsed === undefined) return refuse("malformed", MALFORMED_MESSAGE);
      if (parsed.origin !== base.origin || parsed.pathname !== base.pathname) {
        return refuse("foreign_url", "The URL is not one of this host's upload URLs.");
      }
      const signed = readClaims(parsed.searchParams);
      if (signed === undefined) return refuse("malformed", MALFORMED_MESSAGE);
      if (!(await isAuthentic(signed))) return refuse("bad_signature", BAD_SIGNATURE_MESSAGE);
      return ok({
        claims: signed.claims,
        expired: nowSeconds() >= signed.claims.expiresAtEpochSeconds,
      });
    },
  };
}
