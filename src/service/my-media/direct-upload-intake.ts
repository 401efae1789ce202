/**
 * Importing a direct upload (spec 4.17 step 3): the `source_url` is this host's own
 * signed upload URL, so the bytes are read from media storage under the signed object
 * key instead of being fetched over the network.
 *
 * @module
 */

import type { UploadClaims } from "../../media/upload-url-claims.js";
import type { ServiceDependencies } from "../dependencies.js";
import type { Caller } from "../pipeline/authorize.js";
import { halt, proceed, type Step } from "../pipeline/responses.js";
import { checkImportSize, checkMediaBytes } from "./media-bytes.js";
import { directUploadNotFound, uploadFieldError } from "./my-media-errors.js";
import { isUploadObjectKeyOf } from "./object-keys.js";
import { firstDeclared, type ReceivedMedia } from "./received-media.js";

/**
 * Reads and checks the uploaded object. 404 when the upload belongs to another
 * organization; 400 when nothing was PUT yet, when the bytes are not media or contradict
 * the signed or declared type, or when they exceed the limit of their kind. An expired
 * URL still imports: only the PUT window closes, not the object.
 */
export async function receiveDirectUpload(
  deps: ServiceDependencies,
  caller: Caller,
  claims: UploadClaims,
  contentTypeHint: string | undefined,
): Promise<Step<ReceivedMedia>> {
  const organizationId = caller.organization.id;
  if (
    claims.organizationId !== organizationId ||
    !isUploadObjectKeyOf(claims.objectKey, organizationId)
  ) {
    return halt(directUploadNotFound());
  }
  const object = await deps.mediaStorage.get(claims.objectKey);
  if (object === undefined) {
    return halt(
      uploadFieldError(
        "source_url",
        "upload_not_received",
        "The upload has not been received yet; PUT the file to upload.url first.",
      ),
    );
  }
  const checked = checkMediaBytes(object.bytes, "source_url", [
    { field: "content_type", contentType: contentTypeHint },
    { field: "source_url", contentType: claims.contentType },
  ]);
  if (!checked.ok) return checked;
  const sized = checkImportSize(object.bytes, checked.value, "source_url");
  if (!sized.ok) return sized;
  return proceed({
    bytes: object.bytes,
    sniffed: sized.value,
    origin: "direct_upload",
    // The upload's file name was not signed; the import's `filename` names it.
    filename: undefined,
    declaredType: firstDeclared(contentTypeHint, claims.contentType),
  });
}
