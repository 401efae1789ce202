/**
 * Turning received bytes into a stored My Media item: its media type checked against
 * the bytes, the bytes put under `media/<org>/<id>.<ext>`, and its record built. The
 * record is returned, not inserted: the caller inserts it once everything else asked
 * for (adding it to a project) has succeeded. The bytes decide the media type; an
 * explicit `media_type` must agree with them, and audio may live in a video container
 * (`audio/webm`, an MP4 with only a sound track), so audio is accepted for those
 * containers when the client says so. `preserve_original` of a `source_url` import
 * (spec 4.16) keeps the file as sent, without transcoding, which only makes sense for
 * containers that play as they are.
 *
 * @module
 */
import { isoNow } from "../../clock.js";
import { fieldRefusal } from "../../errors/validation.js";
import type { MediaFormatName } from "../../media/media-formats.js";
import { mediaKindOfMimeType } from "../../media/media-types.js";
import type { SniffedMedia } from "../../media/sniff.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { MediaRecord } from "../../ports/records.js";
import type { MediaType } from "../../schemas/common.js";
import type { Caller } from "../pipeline/authorize.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { chooseFilename } from "./filenames.js";
import { kindFromExtension } from "./media-kind.js";
import { buildMediaRecord } from "./media-record.js";
import { mediaObjectKey } from "./object-keys.js";
import type { ProbedMedia } from "./receive-media.js";
import type { UploadRequest } from "./upload-request.js";

/** An upload request with the bytes received for it. */
export interface MediaToStore {
  /** The parsed request: its media type, title, file name and `preserve_original`. */
  readonly upload: UploadRequest;
  /** The bytes, sniffed, checked and probed. */
  readonly received: ProbedMedia;
}

/**
 * Stores the bytes and builds the item's record; 400 when `media_type`, a file name or
 * `preserve_original` contradicts the bytes (nothing is stored then). A direct upload is
 * copied to its own key too, so a later PUT to the same upload URL cannot change the
 * bytes of an item that was already checked.
 */
export async function storeMediaItem(
  deps: ServiceDependencies,
  caller: Caller,
  { upload, received }: MediaToStore,
): Promise<Step<MediaRecord>> {
  const { sniffed } = received;
  const named = checkNamedKinds(
    [
      { field: "filename", name: upload.filename },
      { field: SOURCE_NAME_FIELDS[received.origin], name: received.filename },
    ],
    received,
  );
  if (!named.ok) return named;
  const mediaType = resolveMediaType(upload.mediaType, received.declaredType, received);
  if (!mediaType.ok) return mediaType;
  const preserveOriginal = checkPreserveOriginal(upload.preserveOriginal, sniffed);
  if (!preserveOriginal.ok) return preserveOriginal;
  const id = deps.ids.uuid();
  const organizationId = caller.organization.id;
  const objectKey = mediaObjectKey(organizationId, id, sniffed.extension);
  const { content } = received;
  const body = content instanceof Uint8Array ? content : content.stream();
  const stored = await deps.mediaStorage.put(objectKey, body, {
    contentType: sniffed.mimeType,
    sizeBytes: received.sizeBytes,
  });
  return proceed(
    buildMediaRecord({
      id,
      organizationId,
      stored,
      received,
      mediaType: mediaType.value,
      filename: chooseFilename({
        override: upload.filename,
        sourceName: received.filename,
        mediaId: id,
        extension: sniffed.extension,
      }),
      title: upload.title,
      preserveOriginal: preserveOriginal.value,
      now: isoNow(deps.clock),
    }),
  );
}

/** Video containers that may carry sound alone. */
export const SOUND_CAPABLE_CONTAINERS: readonly MediaFormatName[] = ["mp4", "webm", "matroska"];

/** The bytes as sniffing and probing found them. */
export type KnownMedia = Pick<ProbedMedia, "sniffed" | "probe">;

// A sound-capable container may be taken as audio: the sound of a video, or sound alone.
function mayBeAudio({ sniffed, probe }: KnownMedia): boolean {
  return (
    probe.kind === "audio" ||
    (probe.streams.includes("audio") && SOUND_CAPABLE_CONTAINERS.includes(sniffed.format))
  );
}

/**
 * The item's media type: `requested` when the bytes allow it (`voice` counts as audio),
 * else a 400 on `media_type`; without a request, `audio` for a sound-capable container
 * declared as `audio/*`, else the kind the probe found (`audio` for an MP4 or WebM
 * holding sound alone).
 *
 * @example
 * ```ts
 * resolveMediaType(undefined, "audio/webm", webmWithPictureAndSound); // proceed("audio")
 * resolveMediaType("video", undefined, png); // 400: media_type is video but the file is an image
 * ```
 */
export function resolveMediaType(
  requested: MediaType | undefined,
  declaredType: string | undefined,
  media: KnownMedia,
): Step<MediaType> {
  const { sniffed, probe } = media;
  if (requested === undefined) {
    const declaredKind = declaredType === undefined ? undefined : mediaKindOfMimeType(declaredType);
    return proceed(declaredKind === "audio" && mayBeAudio(media) ? "audio" : probe.kind);
  }
  const requestedKind = requested === "voice" ? "audio" : requested;
  if (requestedKind === probe.kind || (requestedKind === "audio" && mayBeAudio(media))) {
    return proceed(requested);
  }
  const holds = probe.kind === "audio" && sniffed.kind === "video" ? "sound alone" : probe.kind;
  return halt(
    fieldRefusal({
      field: "media_type",
      reason: "media_type_mismatch",
      message: `media_type is ${requested} but the file is ${holds} (${sniffed.mimeType}).`,
      details: {
        media_type: requested,
        detected_kind: probe.kind,
        detected_content_type: sniffed.mimeType,
      },
    }),
  );
}

/** A file name some field of the request gave the media. */
export interface NamedFile {
  /** The field, named when the name contradicts the bytes. */
  readonly field: string;
  /** The name; undefined when the field gave none. */
  readonly name: string | undefined;
}

// The field that carried the source's own name, by where the bytes came from.
const SOURCE_NAME_FIELDS: Readonly<Record<ProbedMedia["origin"], string>> = {
  inline: "media.filename",
  multipart: "file",
  source_url: "source_url",
  direct_upload: "source_url",
};

/**
 * Refuses a file name whose extension names a picture when the bytes are sound or video,
 * or names sound or video when the bytes are a picture (a PNG named `clip.mp4`): 400
 * `filename_kind_mismatch` on the field that gave it. Names of the same kind as the bytes
 * (a JPEG named `.png`, sound in an `.mp4`) pass, since devices write them often and the
 * stored type follows the bytes; unknown extensions say nothing.
 */
export function checkNamedKinds(names: readonly NamedFile[], media: KnownMedia): Step<null> {
  const isPicture = media.probe.kind === "image";
  for (const { field, name } of names) {
    const named = name === undefined ? undefined : kindFromExtension([name]);
    if (named === undefined || (named === "image" || named === "gif") === isPicture) continue;
    return halt(
      fieldRefusal({
        field,
        reason: "filename_kind_mismatch",
        message: `The file is named ${name}, a name for ${isPicture ? "video or sound" : "a picture"}, but it is ${isPicture ? "a picture" : media.probe.kind} (${media.sniffed.mimeType}); rename it or send the file it names.`,
        details: {
          filename: name,
          detected_kind: media.probe.kind,
          detected_content_type: media.sniffed.mimeType,
        },
      }),
    );
  }
  return proceed(null);
}

/** Formats `preserve_original` may keep untouched (spec 4.16). */
export const PRESERVABLE_FORMATS: readonly MediaFormatName[] = ["mp4", "webm"];

/**
 * Checks `preserve_original`: true is only meaningful for an MP4 or WebM file, since it
 * skips transcoding and keeps the container; anything else is a 400 on the field.
 */
export function checkPreserveOriginal(
  preserveOriginal: boolean | undefined,
  sniffed: SniffedMedia,
): Step<boolean | undefined> {
  if (preserveOriginal !== true || PRESERVABLE_FORMATS.includes(sniffed.format)) {
    return proceed(preserveOriginal);
  }
  return halt(
    fieldRefusal({
      field: "preserve_original",
      reason: "not_preservable",
      message: `preserve_original applies only to MP4 or WebM files; this file is ${sniffed.mimeType}.`,
      details: { detected_content_type: sniffed.mimeType },
    }),
  );
}
