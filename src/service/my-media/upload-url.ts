/**
 * POST /editor/media/upload-url (spec 4.17): prepares a direct upload. The service signs
 * a PUT URL for one object under `uploads/<org>/`, limited to the declared size and
 * content type; preparing creates no My Media item. When the media storage can presign
 * uploads (object storage), the client PUTs straight to it instead of through this host,
 * and the signed URL stays the `source_url` the import recognizes.
 *
 * @module
 */

import { fieldRefusal } from "../../errors/validation.js";
import { mimeTypeEssence } from "../../media/media-types.js";
import { type DirectUploadDescriptor, uploadUrlRequestSchema } from "../../schemas/media.js";
import { parseInput } from "../pipeline/input.js";
import { failure, success } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { uploadExtensionOf, uploadObjectKey } from "./object-keys.js";

// Whole seconds from `nowMilliseconds` to an ISO instant, at least one.
function secondsUntil(instant: string, nowMilliseconds: number): number {
  return Math.max(1, Math.round((Date.parse(instant) - nowMilliseconds) / 1000));
}

/**
 * POST /editor/media/upload-url: answers `editor_media_upload_url` with where to PUT the
 * bytes. `source_url` is the signed upload URL itself: POST /editor/media recognizes it
 * as this host's own and imports the stored object instead of downloading it, so it
 * stays importable (by the same organization only) after the PUT window closes.
 */
export const createEditorMediaUploadUrl: UseCaseFactory = authenticated(
  "createEditorMediaUploadUrl",
  async ({ deps, caller, request }) => {
    const body = parseInput(uploadUrlRequestSchema, request.body, "body");
    if (!body.ok) return body.error;
    const { filename, content_type: contentType, size_bytes: sizeBytes } = body.value;
    // The schema's MIME check is looser than the signer's; refuse here rather than throw.
    if (mimeTypeEssence(contentType) === undefined) {
      const message = "Expected a MIME type of the form type/subtype.";
      return failure(
        fieldRefusal({ field: "content_type", reason: "invalid_content_type", message: message }),
      );
    }
    const organizationId = caller.organization.id;
    const extension = uploadExtensionOf(contentType, filename);
    const objectKey = uploadObjectKey(organizationId, deps.ids.uuid(), extension);
    const signed = await deps.uploadUrls.sign({
      organizationId,
      objectKey,
      contentType,
      maxBytes: sizeBytes,
    });
    const storage = deps.mediaStorage;
    const upload =
      storage.presignUpload === undefined
        ? { method: "PUT" as const, url: signed.url, headers: { ...signed.headers } }
        : await storage.presignUpload(objectKey, {
            contentType: signed.headers["Content-Type"],
            sizeBytes,
            expiresInSeconds: secondsUntil(signed.expiresAt, deps.clock.now()),
          });
    const descriptor: DirectUploadDescriptor = {
      object: "editor_media_upload_url",
      upload: { method: "PUT", url: upload.url, headers: { ...upload.headers } },
      source_url: signed.url,
      expires_at: signed.expiresAt,
    };
    return success(descriptor);
  },
);
