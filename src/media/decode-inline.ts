/**
 * Decoding of inline upload `data` (spec 4.11 and 4.16): plain base64 or a base64 data
 * URL, decoded strictly and refused by size before a single byte is allocated.
 *
 * @module
 */
import { type Err, err, ok, type Result } from "../result.js";
import { DATA_URL_PREFIX_MAX_LENGTH } from "../schemas/limits.js";
import { base64DecodedByteLength, decodeBase64 } from "./base64.js";
import { mimeTypeEssence } from "./media-types.js";

/** Why inline `data` was refused. */
export type InlineDataRejectionReason =
  /** No bytes at all: an empty string or a data URL with nothing after the comma. */
  | "empty"
  /** Starts like a data URL but its header is not `data:[type][;name=value]*;base64,`. */
  | "invalid_data_url"
  /** A well-formed data URL whose payload is percent-encoded text rather than base64. */
  | "not_base64_data_url"
  /** The payload is not canonical padded base64 of the standard alphabet. */
  | "invalid_base64"
  /** The payload would decode to more than the allowed bytes. */
  | "too_large";

/** Refused inline data: a reason from the closed set and a message for the client. */
export interface InlineDataRejection {
  /** Why the data was refused. */
  readonly reason: InlineDataRejectionReason;
  /** What is wrong, in words a client can act on. */
  readonly message: string;
  /** The limit the data was held to; present when `reason` is `too_large`. */
  readonly maxBytes?: number;
  /** Bytes the payload would have decoded to; present when `reason` is `too_large`. */
  readonly decodedBytes?: number;
}

/** Decoded inline data. */
export interface DecodedInlineData {
  /** The decoded bytes. */
  readonly bytes: Uint8Array;
  /**
   * The lowercased media type a data URL declared (`image/png`), or undefined for plain
   * base64 and for data URLs without one. A claim only: check it against the bytes.
   */
  readonly declaredMediaType: string | undefined;
}

/** Result of {@link decodeInlineData}: the decoded data, or why it was refused. */
export type InlineDataResult = Result<DecodedInlineData, InlineDataRejection>;

/** Limits for {@link decodeInlineData}. */
export interface DecodeInlineOptions {
  /**
   * Most decoded bytes accepted: `INLINE_UPLOAD_MAX_BYTES` (3 MiB) for My Media,
   * `REFERENCE_INLINE_IMAGE_MAX_BYTES` (10 MiB) for reference images.
   */
  readonly maxBytes: number;
}

const DATA_URL_SCHEME = "data:";

interface DataUrlHeader {
  readonly payloadStart: number;
  readonly mediaType: string | undefined;
}

function reject(reason: InlineDataRejectionReason, message: string): Err<InlineDataRejection> {
  return err({ reason, message });
}

function parseDataUrlHeader(data: string): Result<DataUrlHeader, InlineDataRejection> {
  const comma = data.indexOf(",");
  if (comma === -1 || comma > DATA_URL_PREFIX_MAX_LENGTH) {
    return reject(
      "invalid_data_url",
      "The data URL has no ',' closing a header of reasonable length.",
    );
  }
  const segments = data.slice(DATA_URL_SCHEME.length, comma).split(";");
  const [typeSegment = "", ...parameters] = segments;
  if (parameters.at(-1)?.trim().toLowerCase() !== "base64") {
    return reject(
      "not_base64_data_url",
      "The data URL is not base64-encoded; send `data:<type>;base64,<base64>` or plain base64.",
    );
  }
  const mediaType = typeSegment.trim() === "" ? undefined : mimeTypeEssence(typeSegment);
  if (typeSegment.trim() !== "" && mediaType === undefined) {
    return reject("invalid_data_url", "The data URL's media type is not of the form type/subtype.");
  }
  if (!parameters.slice(0, -1).every((parameter) => /^[^=\s]+=\S*$/.test(parameter.trim()))) {
    return reject("invalid_data_url", "A data URL parameter is not of the form name=value.");
  }
  return ok({ payloadStart: comma + 1, mediaType });
}

/**
 * Decodes the `data` of an inline upload: plain base64 or a data URL such as
 * `data:image/png;base64,iVBOR...`. Size is computed from the text length first, so a
 * payload above `maxBytes` is refused without decoding or allocating it.
 *
 * @example
 * ```ts
 * const result = decodeInlineData("data:text/plain;base64,aGk=", { maxBytes: INLINE_UPLOAD_MAX_BYTES });
 * if (result.ok) result.value.bytes; // Uint8Array [104, 105], declaredMediaType "text/plain"
 * decodeInlineData("aGk", { maxBytes: 10 }); // { ok: false, error: { reason: "invalid_base64", ... } }
 * ```
 */
export function decodeInlineData(data: string, options: DecodeInlineOptions): InlineDataResult {
  let payloadStart = 0;
  let declaredMediaType: string | undefined;
  if (data.slice(0, DATA_URL_SCHEME.length).toLowerCase() === DATA_URL_SCHEME) {
    const header = parseDataUrlHeader(data);
    if (!header.ok) return header;
    payloadStart = header.value.payloadStart;
    declaredMediaType = header.value.mediaType;
  }
  if (payloadStart === data.length) return reject("empty", "The data holds no bytes.");
  const decodedBytes = base64DecodedByteLength(data, payloadStart);
  if (decodedBytes > options.maxBytes) {
    return err({
      reason: "too_large",
      message: `The data decodes to ${decodedBytes} bytes; at most ${options.maxBytes} are accepted inline.`,
      maxBytes: options.maxBytes,
      decodedBytes,
    });
  }
  const decoded = decodeBase64(data, "base64", payloadStart);
  if (!decoded.ok)
    return reject("invalid_base64", `The data is not valid base64. ${decoded.error}`);
  return ok({ bytes: decoded.value, declaredMediaType });
}
