/**
 * The URLs a host serves stored media from, shared by the in-memory and filesystem
 * storages. A stable URL carries an unguessable token before the key
 * (`<base>/<token>/<key>`), so a guessable key finds nothing without it. A signed read
 * URL (`<base>/signed/<key>?expires=<unix seconds>&signature=<HMAC>`) reads the object
 * until it expires; its HMAC-SHA-256 runs on Web Crypto, so it works on every runtime.
 *
 * @module
 */
import type { Clock } from "../clock.js";
import { err, ok, type Result } from "../result.js";
import { decodeBase64, encodeBase64Url } from "./base64.js";

/** The default lifetime of a signed read URL when a caller has no better idea: one hour. */
export const SIGNED_READ_URL_TTL_SECONDS_DEFAULT = 3600;

/** The longest lifetime of a signed read URL: seven days, as object storage allows. */
export const SIGNED_READ_URL_TTL_SECONDS_MAX = 7 * 24 * 3600;

/** The path segment after the base that marks a signed read URL. */
export const SIGNED_READ_URL_SEGMENT = "signed";

/** Shortest secret a read-URL signer accepts: 32 bytes, the output size of SHA-256. */
export const READ_URL_SECRET_MIN_BYTES = 32;

/**
 * Why a URL reads nothing: `unknown_url` for a URL that names no object of this storage
 * (wrong token, bad signature, foreign URL); `expired` for a signed URL whose time is up.
 */
export type ReadUrlRefusal = "unknown_url" | "expired";

/**
 * What a URL of a storage names, as a host serving it sees it: the key of the object it
 * reads, or why it reads nothing.
 */
export type ReadUrlResolution = Result<string, ReadUrlRefusal>;

/** A base URL without its trailing slashes. */
export function trimBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "");
}

/** The key as URL path segments, each percent-encoded. */
export function objectKeyPath(objectKey: string): string {
  return objectKey.split("/").map(encodeURIComponent).join("/");
}

function decodedKey(encoded: readonly string[]): string | undefined {
  try {
    return encoded.map(decodeURIComponent).join("/");
  } catch {
    return undefined;
  }
}

/** The stable URL of a key under `base` with its token. */
export function tokenUrlOf(base: string, token: string, objectKey: string): string {
  return `${base}/${token}/${objectKeyPath(objectKey)}`;
}

/**
 * The token and key of a stable URL under `base`, or undefined for any other URL. A
 * query or fragment (a cache buster) is ignored; a signed URL parses with the token
 * `signed`, which no real token equals.
 */
export function parseTokenUrl(
  base: string,
  url: string,
): { readonly token: string; readonly objectKey: string } | undefined {
  if (!url.startsWith(`${base}/`)) return undefined;
  const path = url.slice(base.length + 1).split(/[?#]/)[0] ?? "";
  const [token = "", ...encoded] = path.split("/");
  const objectKey = encoded.length === 0 ? undefined : decodedKey(encoded);
  if (objectKey === undefined || token === "") return undefined;
  return { token, objectKey };
}

/** Signs and checks the expiring read URLs of one storage. */
export interface ReadUrlSigner {
  /** A URL reading `objectKey` for `expiresInSeconds` from now. */
  sign(objectKey: string, expiresInSeconds: number): Promise<string>;
  /**
   * The key a signed URL reads, `expired` once its time is up, or `unknown_url` for any
   * URL this signer did not sign (an altered one included).
   */
  verify(url: string): Promise<ReadUrlResolution>;
}

/** Configuration of {@link createReadUrlSigner}. */
export interface ReadUrlSignerOptions {
  /** URL prefix objects are served under, without a trailing slash. */
  readonly baseUrl: string;
  /** The HMAC key, at least {@link READ_URL_SECRET_MIN_BYTES} bytes. */
  readonly secret: Uint8Array;
  /** Source of the current time for expiry. */
  readonly clock: Clock;
}

function assertLifetime(expiresInSeconds: number): void {
  const valid =
    Number.isSafeInteger(expiresInSeconds) &&
    expiresInSeconds > 0 &&
    expiresInSeconds <= SIGNED_READ_URL_TTL_SECONDS_MAX;
  if (!valid) {
    throw new RangeError(
      `A signed read URL lives 1 to ${SIGNED_READ_URL_TTL_SECONDS_MAX} whole seconds.`,
    );
  }
}

// The text signed: a fixed purpose, the key and the expiry, one per line, so a
// signature made for another purpose or key never verifies here.
function signedText(objectKey: string, expiresAtSeconds: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`reelkit-read\n${objectKey}\n${expiresAtSeconds}`);
}

function parseSigned(
  prefix: string,
  url: string,
): { objectKey: string; expiresAtSeconds: number; signature: Uint8Array } | undefined {
  if (!url.startsWith(prefix)) return undefined;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const path = url.slice(prefix.length).split(/[?#]/)[0] ?? "";
  const objectKey = path === "" ? undefined : decodedKey(path.split("/"));
  const expires = parsed?.searchParams.get("expires") ?? "";
  const signature = decodeBase64(parsed?.searchParams.get("signature") ?? "", "base64url");
  if (objectKey === undefined || !/^\d{1,12}$/.test(expires) || !signature.ok) return undefined;
  return { objectKey, expiresAtSeconds: Number(expires), signature: signature.value };
}

/**
 * Creates the signer of a storage's read URLs.
 *
 * @example
 * ```ts
 * const signer = createReadUrlSigner({ baseUrl: "http://127.0.0.1:8787/files", secret, clock });
 * const url = await signer.sign("media/1/a.mp4", 3600);
 * // "http://127.0.0.1:8787/files/signed/media/1/a.mp4?expires=1767225600&signature=…"
 * await signer.verify(url); // { ok: true, value: "media/1/a.mp4" }
 * ```
 */
export function createReadUrlSigner(options: ReadUrlSignerOptions): ReadUrlSigner {
  if (options.secret.byteLength < READ_URL_SECRET_MIN_BYTES) {
    throw new RangeError(
      `The read URL secret must be at least ${READ_URL_SECRET_MIN_BYTES} bytes.`,
    );
  }
  const base = trimBaseUrl(options.baseUrl);
  const prefix = `${base}/${SIGNED_READ_URL_SEGMENT}/`;
  const keyPromise = crypto.subtle.importKey(
    "raw",
    new Uint8Array(options.secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const nowSeconds = () => Math.floor(options.clock.now() / 1000);
  return {
    async sign(objectKey, expiresInSeconds) {
      assertLifetime(expiresInSeconds);
      const expiresAtSeconds = nowSeconds() + expiresInSeconds;
      const data = signedText(objectKey, expiresAtSeconds);
      const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await keyPromise, data));
      const query = `expires=${expiresAtSeconds}&signature=${encodeBase64Url(signature)}`;
      return `${prefix}${objectKeyPath(objectKey)}?${query}`;
    },
    async verify(url) {
      const signed = parseSigned(prefix, url);
      if (signed === undefined) return err("unknown_url");
      // Web Crypto's verify compares in constant time, so timing tells nothing.
      const authentic = await crypto.subtle.verify(
        "HMAC",
        await keyPromise,
        new Uint8Array(signed.signature),
        signedText(signed.objectKey, signed.expiresAtSeconds),
      );
      if (!authentic) return err("unknown_url");
      if (nowSeconds() >= signed.expiresAtSeconds) return err("expired");
      return ok(signed.objectKey);
    },
  };
}

/** The signing half of a served storage: signed read URLs, and what any URL reads. */
export interface ServedUrlMembers {
  /** Signs a read URL of `objectKey` living `expiresInSeconds`. */
  signedReadUrl(objectKey: string, options: { readonly expiresInSeconds: number }): Promise<string>;
  /** The object a stable URL (checked by `objectKeyOf`) or a signed read URL reads. */
  resolveReadUrl(url: string): Promise<ReadUrlResolution>;
}

/** The {@link ServedUrlMembers} of a storage whose stable URLs `objectKeyOf` checks. */
export function servedUrlMembers(
  signer: ReadUrlSigner,
  objectKeyOf: (url: string) => string | undefined,
): ServedUrlMembers {
  return {
    signedReadUrl: (objectKey, { expiresInSeconds }) => signer.sign(objectKey, expiresInSeconds),
    async resolveReadUrl(url) {
      const objectKey = objectKeyOf(url);
      if (objectKey !== undefined) return ok(objectKey);
      return signer.verify(url);
    },
  };
}
