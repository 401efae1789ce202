/**
 * MIME types as the media input sees them: their normalized form, the media kind each
 * names, and the import size limit of that kind (spec 4.16, 4.17 and 8).
 *
 * @module
 */
import { IMAGE_AUDIO_IMPORT_MAX_BYTES, VIDEO_IMPORT_MAX_BYTES } from "../schemas/limits.js";

/** The kinds of file My Media stores; a `voice` item is audio as far as its bytes go. */
export type MediaKind = "image" | "video" | "audio";

/** Every {@link MediaKind}, in the order the contract lists them. */
export const MEDIA_KINDS: readonly MediaKind[] = ["image", "video", "audio"];

/**
 * Labels that say "some bytes" without naming a format. Object stores often serve media
 * this way, so such a label neither proves nor contradicts what the bytes turn out to be.
 */
export const GENERIC_BINARY_MIME_TYPES: ReadonlySet<string> = new Set([
  "application/octet-stream",
  "binary/octet-stream",
  "application/binary",
]);

// RFC 9110 token characters, lowercase only because the input is lowercased first.
const MIME_ESSENCE_PATTERN = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/;

/**
 * The lowercased `type/subtype` of a MIME type with its parameters dropped, or undefined
 * when the text is not a MIME type at all.
 *
 * @example
 * ```ts
 * mimeTypeEssence("Image/PNG; charset=binary"); // "image/png"
 * mimeTypeEssence("<html>"); // undefined
 * ```
 */
export function mimeTypeEssence(value: string): string | undefined {
  const semicolon = value.indexOf(";");
  const essence = (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  return MIME_ESSENCE_PATTERN.test(essence) ? essence : undefined;
}

// Container types registered under application/ that carry audio or video.
const APPLICATION_MEDIA_KINDS: Readonly<Record<string, MediaKind>> = {
  "application/mp4": "video",
  "application/ogg": "audio",
};

/**
 * The media kind a MIME type names, or undefined for anything that is not image, video
 * or audio (HTML, JSON, generic binary).
 *
 * @example
 * ```ts
 * mediaKindOfMimeType("video/mp4; codecs=avc1"); // "video"
 * mediaKindOfMimeType("text/html"); // undefined
 * ```
 */
export function mediaKindOfMimeType(value: string): MediaKind | undefined {
  const essence = mimeTypeEssence(value);
  if (essence === undefined) return undefined;
  const applicationKind = APPLICATION_MEDIA_KINDS[essence];
  if (applicationKind !== undefined) return applicationKind;
  const topLevel = essence.slice(0, essence.indexOf("/"));
  return MEDIA_KINDS.find((kind) => kind === topLevel);
}

/**
 * Largest file of a kind imported by `source_url` or direct upload: 200 MiB for video,
 * 50 MiB for image and audio.
 *
 * @example
 * ```ts
 * importMaxBytesForKind("video"); // 209715200
 * ```
 */
export function importMaxBytesForKind(kind: MediaKind): number {
  return kind === "video" ? VIDEO_IMPORT_MAX_BYTES : IMAGE_AUDIO_IMPORT_MAX_BYTES;
}
