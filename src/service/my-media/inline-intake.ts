/**
 * Receiving an inline upload (`media` of the JSON body): base64 or a data URL, decoded
 * strictly within the inline limit of 3 MiB, then sniffed and checked against its labels.
 *
 * @module
 */

import { decodeInlineData } from "../../media/decode-inline.js";
import { inlineDataError } from "../../media/media-errors.js";
import { INLINE_UPLOAD_MAX_BYTES } from "../../schemas/limits.js";
import type { InlineMedia } from "../../schemas/media.js";
import { halt, proceed, type Step } from "../pipeline/responses.js";
import { checkMediaBytes } from "./media-bytes.js";
import { firstDeclared, type ReceivedMedia } from "./received-media.js";

/**
 * Decodes and checks an inline file: 400 on `media.data` when it is not base64, decodes
 * to more than 3 MiB or is not media; 400 on the field whose declared type (the
 * `content_type`, the data URL's type, the body's `content_type`) contradicts the bytes.
 */
export function receiveInline(
  media: InlineMedia,
  contentTypeHint: string | undefined,
): Step<ReceivedMedia> {
  const decoded = decodeInlineData(media.data, { maxBytes: INLINE_UPLOAD_MAX_BYTES });
  if (!decoded.ok) return halt(inlineDataError(decoded, "media.data"));
  const checked = checkMediaBytes(decoded.bytes, "media.data", [
    { field: "media.content_type", contentType: media.content_type },
    { field: "media.data", contentType: decoded.declaredMediaType },
    { field: "content_type", contentType: contentTypeHint },
  ]);
  if (!checked.ok) return checked;
  return proceed({
    bytes: decoded.bytes,
    sniffed: checked.value,
    origin: "inline",
    filename: media.filename,
    declaredType: firstDeclared(contentTypeHint, media.content_type),
  });
}
