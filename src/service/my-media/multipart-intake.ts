/**
 * Receiving a multipart upload's `file` part. The HTTP adapter already refused parts
 * over 3 MiB with 413; the limit is checked again here for transports that do not.
 *
 * @module
 */
import { INLINE_UPLOAD_MAX_BYTES } from "../../schemas/limits.js";
import type { UploadedFile } from "../contract.js";
import { halt, proceed, type Step } from "../pipeline/responses.js";
import { checkMediaBytes } from "./media-bytes.js";
import { uploadFieldError } from "./my-media-errors.js";
import { firstDeclared, type ReceivedMedia } from "./received-media.js";

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
      uploadFieldError(
        "file",
        "too_large",
        `The file is larger than ${INLINE_UPLOAD_MAX_BYTES} bytes.`,
        {
          max_bytes: INLINE_UPLOAD_MAX_BYTES,
        },
      ),
    );
  }
  const checked = checkMediaBytes(file.bytes, "file", [
    { field: "content_type", contentType: contentTypeField },
    { field: "file", contentType: file.contentType },
  ]);
  if (!checked.ok) return checked;
  return proceed({
    bytes: file.bytes,
    sniffed: checked.value,
    origin: "multipart",
    filename: file.filename,
    declaredType: firstDeclared(contentTypeField, file.contentType),
  });
}
