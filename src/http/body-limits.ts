/**
 * How many bytes a request body may carry, by format. The bounds come from the upload
 * limits of the contract (spec 4.11, 4.16, 8) plus room for the fields around the file.
 *
 * @module
 */

import type { OperationId } from "../ports/contract.js";
import {
  BYTES_PER_MEBIBYTE,
  INLINE_UPLOAD_MAX_BASE64_LENGTH,
  INLINE_UPLOAD_MAX_BYTES,
  REFERENCE_INLINE_IMAGE_MAX_BASE64_LENGTH,
  REFERENCE_INLINE_IMAGES_MAX,
} from "../schemas/limits.js";

/**
 * Room in a JSON body for everything besides inline base64 data: filename, content type,
 * placement and the other fields of an upload, or a large batch of edit operations.
 */
export const JSON_FIELDS_ALLOWANCE_BYTES = BYTES_PER_MEBIBYTE / 2;

/**
 * Largest JSON body by default: a 3 MiB inline upload as base64 (4 MiB of text, with a
 * data-URL prefix) plus {@link JSON_FIELDS_ALLOWANCE_BYTES}, about 4.5 MiB.
 */
export const DEFAULT_MAX_JSON_BYTES = INLINE_UPLOAD_MAX_BASE64_LENGTH + JSON_FIELDS_ALLOWANCE_BYTES;

/**
 * Largest JSON body of POST /reference-inspirations by default. The contract lets it
 * carry 12 inline images of about 10 MB each (spec 4.11, 8), about 160 MiB of base64;
 * a host that wants less sets `maxJsonBytes` or `maxJsonBytesByOperation`.
 */
export const DEFAULT_MAX_REFERENCE_INSPIRATION_JSON_BYTES =
  REFERENCE_INLINE_IMAGES_MAX * REFERENCE_INLINE_IMAGE_MAX_BASE64_LENGTH +
  JSON_FIELDS_ALLOWANCE_BYTES;

/** Operations whose default JSON limit differs from {@link DEFAULT_MAX_JSON_BYTES}. */
export const DEFAULT_MAX_JSON_BYTES_BY_OPERATION: Readonly<Partial<Record<OperationId, number>>> = {
  createReferenceInspiration: DEFAULT_MAX_REFERENCE_INSPIRATION_JSON_BYTES,
};

/** Largest file part of a multipart upload by default: the 3 MiB of spec 4.16. */
export const DEFAULT_MAX_UPLOAD_FILE_BYTES = INLINE_UPLOAD_MAX_BYTES;

/** Room in a multipart body for part headers, the boundary and the text fields. */
export const MULTIPART_FIELDS_ALLOWANCE_BYTES = 64 * 1024;
