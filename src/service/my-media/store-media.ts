/**
 * Turning received bytes into a stored My Media item: its media type checked against
 * the bytes, the bytes put under `media/<org>/<id>.<ext>`, and its record built. The
 * record is returned, not inserted: the caller inserts it once everything else asked
 * for (adding it to a project) has succeeded.
 *
 * @module
 */
import type { ServiceDependencies } from "../dependencies.js";
import type { Caller } from "../pipeline/authorize.js";
import { proceed, type Step } from "../pipeline/responses.js";
import { isoNow } from "../pipeline/time.js";
import type { MediaRecord } from "../ports/records.js";
import { chooseFilename } from "./filenames.js";
import { buildMediaRecord } from "./media-record.js";
import { resolveMediaType } from "./media-type.js";
import { mediaObjectKey } from "./object-keys.js";
import { checkPreserveOriginal } from "./preserve-original.js";
import type { ReceivedMedia } from "./received-media.js";
import type { UploadRequest } from "./upload-request.js";

/**
 * Stores the bytes and builds the item's record; 400 when `media_type` or
 * `preserve_original` contradicts the bytes (nothing is stored then). A direct upload is
 * copied to its own key too, so a later PUT to the same upload URL cannot change the
 * bytes of an item that was already checked.
 */
export async function storeMediaItem(
  deps: ServiceDependencies,
  caller: Caller,
  upload: UploadRequest,
  received: ReceivedMedia,
): Promise<Step<MediaRecord>> {
  const { sniffed } = received;
  const mediaType = resolveMediaType(upload.mediaType, received.declaredType, sniffed);
  if (!mediaType.ok) return mediaType;
  const preserveOriginal = checkPreserveOriginal(upload.preserveOriginal, sniffed);
  if (!preserveOriginal.ok) return preserveOriginal;
  const id = deps.ids.uuid();
  const organizationId = caller.organization.id;
  const objectKey = mediaObjectKey(organizationId, id, sniffed.extension);
  const stored = await deps.mediaStorage.put(objectKey, received.bytes, sniffed.mimeType);
  return proceed(
    buildMediaRecord({
      id,
      organizationId,
      stored,
      received,
      mediaType: mediaType.value,
      filename: chooseFilename(upload.filename, received.filename, id, sniffed.extension),
      title: upload.title,
      preserveOriginal: preserveOriginal.value,
      now: isoNow(deps.clock),
    }),
  );
}
