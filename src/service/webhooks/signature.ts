/**
 * Standard Webhooks signatures: `webhook-signature` is `v1,` followed by the base64
 * HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint's secret.
 * Secrets are `whsec_` followed by base64 (the key is the decoded bytes); any other text
 * is taken as a raw secret, its UTF-8 bytes being the key. Web Crypto only, so a receiver
 * can verify on any runtime.
 *
 * @module
 */
import { decodeBase64, encodeBase64 } from "../../media/base64.js";
import { err, ok, type Result } from "../../result.js";

/** The prefix of a secret in the Standard Webhooks form. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** The version tag of an HMAC-SHA256 signature. */
export const WEBHOOK_SIGNATURE_VERSION = "v1";

/**
 * How far a `webhook-timestamp` may be from the receiver's clock before
 * {@link verifyWebhook} refuses it: 5 minutes, as the Standard Webhooks reference
 * libraries do, which bounds how long a captured request can be replayed.
 */
export const WEBHOOK_TOLERANCE_SECONDS_DEFAULT = 300;

/** The key bytes of a secret, or a sentence saying why it has none. */
export type WebhookSecretKey = Result<Uint8Array, string>;

/**
 * The key of `secret`: the decoded base64 after `whsec_`, or the UTF-8 bytes of any
 * other text. An empty key, or a `whsec_` secret whose rest is not base64, has none.
 *
 * @example
 * ```ts
 * webhookSecretKey("whsec_aGk=").ok; // true: the key is the bytes "hi"
 * webhookSecretKey("my shared secret").ok; // true: its UTF-8 bytes
 * ```
 */
export function webhookSecretKey(secret: string): WebhookSecretKey {
  if (secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    const decoded = decodeBase64(secret, "base64", WEBHOOK_SECRET_PREFIX.length);
    if (!decoded.ok) return err(`The whsec_ secret is not base64: ${decoded.error}`);
    if (decoded.value.length === 0) return err("The whsec_ secret is empty.");
    return ok(decoded.value);
  }
  if (secret === "") return err("The secret is empty.");
  return ok(new TextEncoder().encode(secret));
}

async function hmacBase64(key: Uint8Array, content: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    "raw",
    key as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = await crypto.subtle.sign("HMAC", cryptoKey, new TextEncoder().encode(content));
  return encodeBase64(new Uint8Array(signature));
}

/** What one signature covers. */
export interface WebhookSignatureInput {
  /** The endpoint's secret (`whsec_…` or raw). */
  readonly secret: string;
  /** The `webhook-id`. */
  readonly id: string;
  /** The `webhook-timestamp`, in whole seconds since the epoch. */
  readonly timestampSeconds: number;
  /** The exact request body. */
  readonly body: string;
}

/**
 * The `webhook-signature` value of a request: `v1,<base64 HMAC-SHA256>`. Throws a
 * RangeError for a secret without a key (the fixture schema refuses those earlier).
 *
 * @example
 * ```ts
 * await signWebhook({
 *   secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
 *   id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
 *   timestampSeconds: 1614265330,
 *   body: '{"test": 2432232314}',
 * }); // "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
 * ```
 */
export async function signWebhook(input: WebhookSignatureInput): Promise<string> {
  const key = webhookSecretKey(input.secret);
  if (!key.ok) throw new RangeError(key.error);
  const signed = `${input.id}.${input.timestampSeconds}.${input.body}`;
  return `${WEBHOOK_SIGNATURE_VERSION},${await hmacBase64(key.value, signed)}`;
}

/** Headers as a Web `Headers` object or a plain record, such as Node's `request.headers`. */
export type WebhookHeaders =
  | Headers
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** What {@link verifyWebhook} checks. */
export interface VerifyWebhookInput {
  /** The endpoint's secret (`whsec_…` or raw). */
  readonly secret: string;
  /** The request's headers; names are matched without regard to case. */
  readonly headers: WebhookHeaders;
  /** The raw request body, exactly as received (not re-serialized JSON). */
  readonly body: string;
  /**
   * Largest distance in seconds between `webhook-timestamp` and now;
   * {@link WEBHOOK_TOLERANCE_SECONDS_DEFAULT} by default.
   */
  readonly tolerance?: number;
  /** The receiver's time in milliseconds since the epoch; `Date.now()` by default. */
  readonly nowMilliseconds?: number;
}

/** Why {@link verifyWebhook} refused a request. */
export type WebhookVerificationFailure =
  | "missing_headers"
  | "invalid_secret"
  | "invalid_timestamp"
  | "timestamp_out_of_tolerance"
  | "invalid_signature";

/** A delivery whose signature matches and whose timestamp is recent. */
export interface VerifiedWebhook {
  /** The `webhook-id`, for de-duplication. */
  readonly id: string;
  /** The `webhook-timestamp`, in seconds. */
  readonly timestampSeconds: number;
}

/** The answer of {@link verifyWebhook}: the delivery, or why it must be refused. */
export type WebhookVerification = Result<VerifiedWebhook, WebhookVerificationFailure>;

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    return typeof value === "string" ? value : value?.join(" ");
  }
  return undefined;
}

function sameText(left: string, right: string): boolean {
  // Compares every character whatever the first difference, so the time taken says
  // nothing about how much of a forged signature was right.
  if (left.length !== right.length) return false;
  let difference = 0;
  for (let index = 0; index < left.length; index += 1) {
    difference |= left.charCodeAt(index) ^ right.charCodeAt(index);
  }
  return difference === 0;
}

/**
 * Checks a delivered request: its `webhook-signature` (any of its space-separated `v1,`
 * entries, as a secret rotation sends several) must be the HMAC of its id, timestamp
 * and body, and its timestamp within `tolerance` seconds of now. A receiver calls it
 * before parsing the body, then de-duplicates by the returned `id`.
 *
 * @example
 * ```ts
 * const body = await request.text();
 * const checked = await verifyWebhook({ secret: process.env.WEBHOOK_SECRET!, headers: request.headers, body });
 * if (!checked.ok) return new Response(checked.error, { status: 400 });
 * if (await alreadySeen(checked.value.id)) return new Response(null, { status: 204 });
 * const event = JSON.parse(body); // { type, timestamp, data }
 * ```
 */
export async function verifyWebhook(input: VerifyWebhookInput): Promise<WebhookVerification> {
  const id = headerOf(input.headers, "webhook-id");
  const timestamp = headerOf(input.headers, "webhook-timestamp");
  const signatures = headerOf(input.headers, "webhook-signature");
  if (id === undefined || timestamp === undefined || signatures === undefined) {
    return err("missing_headers");
  }
  const key = webhookSecretKey(input.secret);
  if (!key.ok) return err("invalid_secret");
  if (!/^[0-9]{1,12}$/.test(timestamp)) return err("invalid_timestamp");
  const timestampSeconds = Number(timestamp);
  const nowSeconds = Math.floor((input.nowMilliseconds ?? Date.now()) / 1000);
  const tolerance = input.tolerance ?? WEBHOOK_TOLERANCE_SECONDS_DEFAULT;
  if (Math.abs(nowSeconds - timestampSeconds) > tolerance) {
    return err("timestamp_out_of_tolerance");
  }
  const expected = await hmacBase64(key.value, `${id}.${timestamp}.${input.body}`);
  const matches = signatures
    .split(" ")
    .filter((entry) => entry.startsWith(`${WEBHOOK_SIGNATURE_VERSION},`))
    .some((entry) => sameText(entry.slice(WEBHOOK_SIGNATURE_VERSION.length + 1), expected));
  return matches ? ok({ id, timestampSeconds }) : err("invalid_signature");
}
