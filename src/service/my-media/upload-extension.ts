/**
 * The file extension of a direct upload's object key, chosen before any byte exists:
 * from the declared content type when it names a known format, else from the file name.
 * It only makes the staged object readable; the import sniffs the real format.
 *
 * @module
 */

import { MEDIA_FORMATS } from "../../media/media-formats.js";
import { mimeTypeEssence } from "../../media/media-types.js";
import { extensionOf } from "../editor/media-kind.js";

/** Extension used when neither the type nor the name gives a usable one. */
export const UNKNOWN_UPLOAD_EXTENSION = "bin";

// Short, plain extensions only: the key must stay a safe path segment.
const SAFE_EXTENSION = /^[a-z0-9]{1,8}$/;

/**
 * The extension for an upload of `contentType` named `filename`.
 *
 * @example
 * ```ts
 * uploadExtensionOf("video/mp4", "launch.MOV"); // "mp4"
 * uploadExtensionOf("audio/x-unknown", "take.opus"); // "opus"
 * ```
 */
export function uploadExtensionOf(contentType: string, filename: string): string {
  const essence = mimeTypeEssence(contentType);
  const format = Object.values(MEDIA_FORMATS).find(
    (candidate) =>
      candidate.mimeType === essence ||
      (essence !== undefined && candidate.acceptedDeclaredTypes.includes(essence)),
  );
  if (format !== undefined) return format.extension;
  const fromName = extensionOf(filename);
  return fromName !== undefined && SAFE_EXTENSION.test(fromName)
    ? fromName
    : UNKNOWN_UPLOAD_EXTENSION;
}
