/**
 * Where My Media bytes live in media storage. Keys are chosen by the service, never by
 * the client, and begin with the organization id so one organization's objects can be
 * told from another's.
 *
 * @module
 */

/** The key of a My Media item's bytes: `media/<org>/<media id>.<ext>`. */
export function mediaObjectKey(organizationId: number, mediaId: string, extension: string): string {
  return `media/${organizationId}/${mediaId}.${extension}`;
}

/** The key a direct upload is PUT to: `uploads/<org>/<upload id>.<ext>`. */
export function uploadObjectKey(
  organizationId: number,
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
export function isUploadObjectKeyOf(objectKey: string, organizationId: number): boolean {
  return objectKey.startsWith(`uploads/${organizationId}/`);
}
