/**
 * Reading an `application/json` body: bounded bytes, strict UTF-8, then the untrusted
 * JSON checks of {@link parseUntrustedJson}.
 *
 * @module
 */
import { isUtf8Charset, type MediaType } from "./media-type.js";
import { readBodyBytes } from "./read-body.js";
import { accepted, type HttpResult, refused } from "./rejections.js";
import { parseUntrustedJson } from "./safe-json.js";

/** Bounds of a JSON body. */
export interface JsonBodyLimits {
  /** Largest body in bytes. */
  readonly maxBytes: number;
  /** Deepest nesting of arrays and objects; the root counts as 1. */
  readonly maxDepth: number;
}

/**
 * Reads and parses a JSON body. Refuses a charset other than UTF-8 (415), a body over
 * the limit (413), bytes that are not UTF-8, malformed JSON, nesting past the limit and
 * hostile keys (400).
 *
 * @example
 * ```ts
 * const mediaType = { essence: "application/json", parameters: {} };
 * const result = await readJsonBody(request, mediaType, { maxBytes: 1024, maxDepth: 64 });
 * if (result.ok) result.value; // the parsed body
 * ```
 */
export async function readJsonBody(
  request: Request,
  mediaType: MediaType,
  limits: JsonBodyLimits,
): Promise<HttpResult<unknown>> {
  if (!isUtf8Charset(mediaType)) {
    return refused("unsupported_media_type", "JSON bodies must be encoded as UTF-8.", {
      accepted_content_types: ["application/json; charset=utf-8"],
    });
  }
  const bytes = await readBodyBytes(request, limits.maxBytes);
  if (!bytes.ok) return bytes;
  let text: string;
  try {
    // A leading byte-order mark is dropped by the decoder, as RFC 8259 allows.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.value);
  } catch {
    return refused("malformed_json", "The body is not valid UTF-8.");
  }
  const parsed = parseUntrustedJson(text, limits.maxDepth);
  if (!parsed.ok) {
    const { reason, message, key } = parsed.error;
    return refused(reason, message, key === undefined ? undefined : { key });
  }
  return accepted(parsed.value);
}
