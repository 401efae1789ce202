/**
 * The media type of a new My Media item. The bytes decide; an explicit `media_type` must
 * agree with them. Audio may live in a video container (`audio/webm`, an MP4 with only a
 * sound track), so audio is accepted for those containers when the client says so.
 *
 * @module
 */

import type { MediaFormatName } from "../../media/media-formats.js";
import { mediaKindOfMimeType } from "../../media/media-types.js";
import type { SniffedMedia } from "../../media/sniff.js";
import type { MediaType } from "../../schemas/common.js";
import { halt, proceed, type Step } from "../pipeline/responses.js";
import { uploadFieldError } from "./my-media-errors.js";

/** Video containers that may carry sound alone. */
export const SOUND_CAPABLE_CONTAINERS: readonly MediaFormatName[] = ["mp4", "webm", "matroska"];

function mayBeSoundOnly(sniffed: SniffedMedia): boolean {
  return sniffed.kind === "video" && SOUND_CAPABLE_CONTAINERS.includes(sniffed.format);
}

/**
 * The item's media type: `requested` when the bytes allow it (`voice` counts as audio),
 * else a 400 on `media_type`; without a request, `audio` for a sound-capable container
 * declared as `audio/*`, else the kind of the bytes.
 *
 * @example
 * ```ts
 * resolveMediaType(undefined, "audio/webm", webm); // proceed("audio")
 * resolveMediaType("video", undefined, png); // 400: media_type is video but the file is an image
 * ```
 */
export function resolveMediaType(
  requested: MediaType | undefined,
  declaredType: string | undefined,
  sniffed: SniffedMedia,
): Step<MediaType> {
  if (requested === undefined) {
    const declaredKind = declaredType === undefined ? undefined : mediaKindOfMimeType(declaredType);
    return proceed(declaredKind === "audio" && mayBeSoundOnly(sniffed) ? "audio" : sniffed.kind);
  }
  const requestedKind = requested === "voice" ? "audio" : requested;
  if (requestedKind === sniffed.kind || (requestedKind === "audio" && mayBeSoundOnly(sniffed))) {
    return proceed(requested);
  }
  return halt(
    uploadFieldError(
      "media_type",
      "media_type_mismatch",
      `media_type is ${requested} but the file is ${sniffed.kind} (${sniffed.mimeType}).`,
      {
        media_type: requested,
        detected_kind: sniffed.kind,
        detected_content_type: sniffed.mimeType,
      },
    ),
  );
}
