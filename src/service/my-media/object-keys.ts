/**
 * Where My Media bytes live in media storage. Keys are chosen by the service, never by
 * the client, and begin with the organization id so one organization's objects can be
 * told from another's. A direct upload's key gets its extension before any byte exists:
 * from the declared content type when it names a known format, else from the file name;
 * it only makes the staged object readable, since the import sniffs the real format.
 *
 * @module
 */

import { MEDIA_FORMATS } from "../../media/media-formats.js";
import { mimeTypeEssence } from "../../media/media-types.js";
import type { OrganizationId } from "../../organization-id.js";
import { extensionOf } from "./media-kind.js";

/** The key of a My Media item's bytes: `media/<org>/<media id>.<ext>`. */
export function mediaObjectKey(
  organizationId: OrganizationId,
  mediaId: string,
  extension: string,
): string {
  return `media/${organizationId}/${mediaId}.${extension}`;
}

/** The key a direct upload is PUT to: `uploads/<org>/<upload id>.<ext>`. */
export function uploadObjectKey(
  organizationId: OrganizationId,
  uploadId: string,
  extension: string,
): string {
  return `uploads/${organizationId}/${uploadId}.${extension}`;
}

/**
 * True when a signed upload's key is one this service prepared for the organization. The
 * signature already binds key and organization; this keeps an import from ever reading
 * anything but an upload, even if other keys were signed some day.
 */
export function isUploadObjectKeyOf(objectKey: string, organizationId: OrganizationId): boolean {
  return objectKey.startsWith(`uploads/${organizationId}/`);
}

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
