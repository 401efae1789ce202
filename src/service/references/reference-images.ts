/**
 * The inline `images` of POST /reference-inspirations (spec 4.11): every image is
 * decoded strictly, held to about 10 MB, recognized by its magic bytes as PNG, JPEG or
 * WebP, and probed whole (a picture that does not decode, or past the pixel limits, is
 * refused), all before anything is charged; accepted images are then stored under keys
 * that say whose reference they belong to:
 * `references/<organization>/<reference id>/<index>.<ext>`.
 *
 * @module
 */

import { type ApiError, apiError } from "../../errors/api-error.js";
import { decodeInlineData } from "../../media/decode-inline.js";
import { declaredTypeError, inlineDataError } from "../../media/media-errors.js";
import {
  checkDeclaredType,
  isReferenceImage,
  type SniffedMedia,
  type SniffResult,
  sniffMedia,
} from "../../media/sniff.js";
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import { REFERENCE_INLINE_IMAGE_MAX_BYTES } from "../../schemas/limits.js";
import type { InlineReferenceImage } from "../../schemas/reference-inspirations.js";
import { probeReceivedFile } from "../my-media/probe-media.js";
import { halt, proceed, type Step } from "../pipeline/results.js";

/** An inline image that passed every check, ready to store. */
export interface AcceptedReferenceImage {
  /** The decoded bytes. */
  readonly bytes: Uint8Array;
  /** What the bytes are; its MIME type and extension are stored, not the client's label. */
  readonly media: SniffedMedia;
}

function unsupportedFormatError(sniffed: SniffResult, field: string): ApiError {
  const found = sniffed.ok ? sniffed.value.mimeType : "not a recognized image";
  return apiError(
    "bad_request",
    `${field}: the image is ${found}; only PNG, JPEG or WebP are accepted.`,
    {
      context: {
        field,
        reason: "unsupported_format",
        ...(sniffed.ok ? { detected_type: sniffed.value.mimeType } : {}),
      },
    },
  );
}

function acceptImage(image: InlineReferenceImage, index: number): Step<AcceptedReferenceImage> {
  const dataField = `images.${index}.data`;
  const decoded = decodeInlineData(image.data, { maxBytes: REFERENCE_INLINE_IMAGE_MAX_BYTES });
  if (!decoded.ok) return halt(inlineDataError(decoded.error, dataField));
  const { bytes, declaredMediaType } = decoded.value;
  const sniffed = sniffMedia(bytes);
  if (!isReferenceImage(sniffed)) return halt(unsupportedFormatError(sniffed, dataField));
  // Both labels are claims, the content_type field and a data URL's own type; each must fit.
  const declared = checkDeclaredType(image.content_type, sniffed);
  if (!declared.ok) {
    return halt(declaredTypeError(declared.error, `images.${index}.content_type`));
  }
  const prefixed = checkDeclaredType(declaredMediaType, sniffed);
  if (!prefixed.ok) return halt(declaredTypeError(prefixed.error, dataField));
  return proceed({ bytes, media: sniffed.value });
}

/**
 * Checks every inline image in order and answers the first refusal as a 400 naming
 * `images.<index>.data` or `images.<index>.content_type` (a retryable 500 when the prober
 * itself fails); nothing is stored or charged here.
 */
export async function acceptReferenceImages(
  deps: ServiceDependencies,
  images: readonly InlineReferenceImage[],
): Promise<Step<AcceptedReferenceImage[]>> {
  const accepted: AcceptedReferenceImage[] = [];
  for (const [index, image] of images.entries()) {
    const step = acceptImage(image, index);
    if (!step.ok) return step;
    const probed = await probeReceivedFile(deps, {
      content: step.value.bytes,
      sniffed: step.value.media,
      field: `images.${index}.data`,
    });
    if (!probed.ok) return probed;
    accepted.push(step.value);
  }
  return proceed(accepted);
}

/** Whose reference an inline image belongs to, and its place among the reference's images. */
export interface ReferenceImageSlot {
  /** The organization the reference belongs to. */
  readonly organizationId: OrganizationId;
  /** The reference the image was sent with. */
  readonly referenceId: string;
  /** The image's position in the request's `images`. */
  readonly index: number;
  /** The file extension of what the bytes are, without the dot. */
  readonly extension: string;
}

/** The object key of a reference's inline image. */
export function referenceImageObjectKey({
  organizationId,
  referenceId,
  index,
  extension,
}: ReferenceImageSlot): string {
  return `references/${organizationId}/${referenceId}/${index}.${extension}`;
}

/** A new reference's accepted inline images, with whose reference they are. */
export interface ReferenceImagesToStore {
  /** The organization the reference belongs to. */
  readonly organizationId: OrganizationId;
  /** The reference the images were sent with. */
  readonly referenceId: string;
  /** The images, in request order. */
  readonly images: readonly AcceptedReferenceImage[];
}

/** Stores the images in order and returns their public URLs; throws when storage fails. */
export async function storeReferenceImages(
  deps: ServiceDependencies,
  { organizationId, referenceId, images }: ReferenceImagesToStore,
): Promise<string[]> {
  const urls: string[] = [];
  for (const [index, image] of images.entries()) {
    const objectKey = referenceImageObjectKey({
      organizationId,
      referenceId,
      index,
      extension: image.media.extension,
    });
    const stored = await deps.mediaStorage.put(objectKey, image.bytes, {
      contentType: image.media.mimeType,
    });
    urls.push(stored.url);
  }
  return urls;
}
