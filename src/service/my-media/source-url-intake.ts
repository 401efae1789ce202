/**
 * Receiving a `source_url` import. This host's own signed upload URL is a direct upload
 * (spec 4.17 step 3): its bytes are read from media storage under the signed object key
 * instead of being fetched over the network, and only by the organization that prepared
 * it. Any other HTTPS URL is downloaded through the SSRF-safe fetcher within the size
 * limit of its kind.
 *
 * @module
 */

import { fieldRefusal } from "../../errors/validation.js";
import { readHeadBytes } from "../../media/byte-streams.js";
import { fetchRefusalError } from "../../media/media-errors.js";
import { type MediaKind, mediaKindOfMimeType } from "../../media/media-types.js";
import type { UploadClaims } from "../../media/upload-url-claims.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { StoredMediaReader } from "../../ports/media-storage.js";
import type { MediaType } from "../../schemas/common.js";
import type { Caller } from "../pipeline/authorize.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { nameFromUrl } from "./filenames.js";
import { directUploadNotFound } from "./my-media-errors.js";
import { isUploadObjectKeyOf } from "./object-keys.js";
import {
  checkImportSize,
  checkMediaBytes,
  firstDeclared,
  type ReceivedMedia,
  SNIFF_HEAD_BYTES,
} from "./received-media.js";

/** What the client said about the file to import. */
export interface ImportHints {
  /** The body's `content_type`. */
  readonly contentType: string | undefined;
  /** The body's `media_type`. */
  readonly mediaType: MediaType | undefined;
}

/** A `source_url` import: the URL and what the client said about its file. */
export interface SourceUrlImport extends ImportHints {
  /** The URL to import. */
  readonly url: string;
}

/** This host's signed upload URL, read back, with the body's `content_type`. */
export interface DirectUpload {
  /** What the upload URL signed: organization, object key, content type. */
  readonly claims: UploadClaims;
  /** The body's `content_type`, if any. */
  readonly contentTypeHint: string | undefined;
}

// The expected kind picks the download's size limit (video 200 MiB, others 50 MiB).
function expectedKind(hints: ImportHints): MediaKind | undefined {
  if (hints.mediaType !== undefined) return hints.mediaType === "voice" ? "audio" : hints.mediaType;
  return hints.contentType === undefined ? undefined : mediaKindOfMimeType(hints.contentType);
}

async function download(
  deps: ServiceDependencies,
  url: string,
  hints: ImportHints,
): Promise<Step<ReceivedMedia>> {
  const kind = expectedKind(hints);
  const fetched = await deps.urlFetcher.fetch(url, kind === undefined ? {} : { kind });
  if (!fetched.ok) return halt(fetchRefusalError(fetched.error));
  const { bytes } = fetched.value;
  const checked = checkMediaBytes(bytes, "source_url", [
    { field: "content_type", contentType: hints.contentType },
  ]);
  if (!checked.ok) return checked;
  const sized = checkImportSize(bytes.byteLength, checked.value, "source_url");
  if (!sized.ok) return sized;
  return proceed({
    content: bytes,
    sizeBytes: bytes.byteLength,
    sniffed: sized.value,
    origin: "source_url",
    filename: nameFromUrl(url) ?? nameFromUrl(fetched.value.url),
    declaredType: hints.contentType,
  });
}

// Only the head tells the format, so a 200 MiB upload is never read whole to check it.
async function headOf(object: StoredMediaReader): Promise<Uint8Array> {
  if (object.sizeBytes === 0) return new Uint8Array(0);
  const end = Math.min(object.sizeBytes, SNIFF_HEAD_BYTES) - 1;
  return readHeadBytes(object.stream({ start: 0, end }), SNIFF_HEAD_BYTES);
}

/**
 * Imports `url`: a direct upload of this host (see `receiveDirectUpload`), or a download.
 * A URL that looks like this host's upload URL but is altered is refused with 400
 * rather than fetched, so the service never downloads from itself.
 */
export async function receiveSourceUrl(
  deps: ServiceDependencies,
  caller: Caller,
  { url, ...hints }: SourceUrlImport,
): Promise<Step<ReceivedMedia>> {
  const recognized = await deps.uploadUrls.recognize(url);
  if (recognized.ok) {
    const upload = { claims: recognized.value.claims, contentTypeHint: hints.contentType };
    return receiveDirectUpload(deps, caller, upload);
  }
  const { reason, message } = recognized.error;
  if (reason !== "foreign_url") {
    return halt(fieldRefusal({ field: "source_url", reason, message }));
  }
  return download(deps, url, hints);
}

/**
 * Reads and checks the uploaded object. 404 when the upload belongs to another
 * organization; 400 when nothing was PUT yet, when the bytes are not media or contradict
 * the signed or declared type, or when they exceed the limit of their kind. An expired
 * URL still imports: only the PUT window closes, not the object.
 */
export async function receiveDirectUpload(
  deps: ServiceDependencies,
  caller: Caller,
  { claims, contentTypeHint }: DirectUpload,
): Promise<Step<ReceivedMedia>> {
  const organizationId = caller.organization.id;
  if (
    claims.organizationId !== organizationId ||
    !isUploadObjectKeyOf(claims.objectKey, organizationId)
  ) {
    return halt(directUploadNotFound());
  }
  const object = await deps.mediaStorage.open(claims.objectKey);
  if (object === undefined) {
    return halt(
      fieldRefusal({
        field: "source_url",
        reason: "upload_not_received",
        message: "The upload has not been received yet; PUT the file to upload.url first.",
      }),
    );
  }
  const checked = checkMediaBytes(await headOf(object), "source_url", [
    { field: "content_type", contentType: contentTypeHint },
    { field: "source_url", contentType: claims.contentType },
  ]);
  if (!checked.ok) return checked;
  const sized = checkImportSize(object.sizeBytes, checked.value, "source_url");
  if (!sized.ok) return sized;
  return proceed({
    content: object,
    sizeBytes: object.sizeBytes,
    sniffed: sized.value,
    origin: "direct_upload",
    // The upload's file name was not signed; the import's `filename` names it.
    filename: undefined,
    declaredType: firstDeclared(contentTypeHint, claims.contentType),
  });
}
