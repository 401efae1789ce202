/**
 * Storing accepted inline reference images in media storage, under keys that say whose
 * reference they belong to: `references/<organization>/<reference id>/<index>.<ext>`.
 *
 * @module
 */
import type { ServiceDependencies } from "../dependencies.js";
import type { AcceptedReferenceImage } from "./inline-image-intake.js";

/** The object key of a reference's inline image. */
export function referenceImageObjectKey(
  organizationId: number,
  referenceId: string,
  index: number,
  extension: string,
): string {
  return `references/${organizationId}/${referenceId}/${index}.${extension}`;
}

/** Stores the images in order and returns their public URLs; throws when storage fails. */
export async function storeReferenceImages(
  deps: ServiceDependencies,
  organizationId: number,
  referenceId: string,
  images: readonly AcceptedReferenceImage[],
): Promise<string[]> {
  const urls: string[] = [];
  for (const [index, image] of images.entries()) {
    const objectKey = referenceImageObjectKey(
      organizationId,
      referenceId,
      index,
      image.media.extension,
    );
    const stored = await deps.mediaStorage.put(objectKey, image.bytes, image.media.mimeType);
    urls.push(stored.url);
  }
  return urls;
}
