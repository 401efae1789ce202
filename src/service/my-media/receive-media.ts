/**
 * Receiving the bytes of an upload from whichever source the request names: inline
 * (`media` of the JSON body: base64 or a data URL, decoded strictly within the inline
 * limit of 3 MiB), a multipart `file` part (the HTTP adapter already refused parts over
 * 3 MiB with 413; the limit is checked again here for transports that do not), or a
 * `source_url` import.
 *
 * @module
 */

import { fieldRefusal } from "../../errors/validation.js";
import { decodeInlineData } from "../../media/decode-inline.js";
import { inlineDataError } from "../../media/media-errors.js";
import type { UploadedFile } from "../../ports/contract.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import { INLINE_UPLOAD_MAX_BYTES } from "../../schemas/limits.js";
import type { InlineMedia } from "../../schemas/media.js";
import type { Caller } from "../pipeline/authorize.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { type ProbedFile, probeReceivedFile } from "./probe-media.js";
import { checkMediaBytes, firstDeclared, type ReceivedMedia } from "./received-media.js";
import { receiveSourceUrl } from "./source-url-intake.js";
import type { UploadRequest } from "./upload-request.js";

/** Received bytes, and what probing them found. */
export type ProbedMedia = ReceivedMedia & ProbedFile;

// The request field a refusal of the file names, by where it came from.
const SOURCE_FIELDS: Readonly<Record<ReceivedMedia["origin"], string>> = {
  inline: "media.data",
  multipart: "file",
  source_url: "source_url",
  direct_upload: "source_url",
};

async function receiveBytes(
  deps: ServiceDependencies,
  caller: Caller,
  upload: UploadRequest,
): Promise<Step<ReceivedMedia>> {
  const { source, contentType, mediaType } = upload;
  switch (source.kind) {
    case "inline":
      return receiveInline(source.media, contentType);
    case "multipart":
      return receiveMultipartFile(source.file, contentType);
    case "source_url":
      return receiveSourceUrl(deps, caller, { url: source.url, contentType, mediaType });
  }
}

/**
 * The upload's bytes, sniffed, checked and probed, or the 400/404 that refuses them (a
 * retryable 500 when the prober itself fails). Nothing is stored before this passes.
 */
export async function receiveMedia(
  deps: ServiceDependencies,
  caller: Caller,
  upload: UploadRequest,
): Promise<Step<ProbedMedia>> {
  const received = await receiveBytes(deps, caller, upload);
  if (!received.ok) return received;
  const { content, sniffed, origin } = received.value;
  const probed = await probeReceivedFile(deps, { content, sniffed, field: SOURCE_FIELDS[origin] });
  if (!probed.ok) return probed;
  return proceed({ ...received.value, ...probed.value });
}

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
  if (!decoded.ok) return halt(inlineDataError(decoded.error, "media.data"));
  const { bytes, declaredMediaType } = decoded.value;
  const checked = checkMediaBytes(bytes, "media.data", [
    { field: "media.content_type", contentType: media.content_type },
    { field: "media.data", contentType: declaredMediaType },
    { field: "content_type", contentType: contentTypeHint },
  ]);
  if (!checked.ok) return checked;
  return proceed({
    content: bytes,
    sizeBytes: bytes.byteLength,
    sniffed: checked.value,
    origin: "inline",
    filename: media.filename,
    declaredType: firstDeclared(contentTypeHint, media.content_type),
  });
}

/**
 * Checks a file part: 400 on `file` when it is too large or not media (an empty part is not media); 400 on
 * `content_type` or `file` when a declared type contradicts the bytes.
 */
export function receiveMultipartFile(
  file: UploadedFile,
  contentTypeField: string | undefined,
): Step<ReceivedMedia> {
  if (file.bytes.byteLength > INLINE_UPLOAD_MAX_BYTES) {
    return halt(
      fieldRefusal({
        field: "file",
        reason: "too_large",
        message: `The file is larger than ${INLINE_UPLOAD_MAX_BYTES} bytes.`,
        details: {
          max_bytes: INLINE_UPLOAD_MAX_BYTES,
        },
      }),
    );
  }
  const checked = checkMediaBytes(file.bytes, "file", [
    { field: "content_type", contentType: contentTypeField },
    { field: "file", contentType: file.contentType },
  ]);
  if (!checked.ok) return checked;
  return proceed({
    content: file.bytes,
    sizeBytes: file.bytes.byteLength,
    sniffed: checked.value,
    origin: "multipart",
    filename: file.filename,
    declaredType: firstDeclared(contentTypeField, file.contentType),
  });
}
