/**
 * Telling what kind of timeline item media becomes: from its declared media type, or
 * from the extension of its file name or URL when the type is not given (spec 4.18).
 *
 * @module
 */
import type { MediaToPlace } from "../../editor/media.js";
import type { MediaType } from "../../schemas/common.js";

/** The kind of timeline media: a picture, a clip, a GIF, or sound. */
export type PlacedKind = MediaToPlace["kind"];

/** Kinds of media by file extension, for direct URLs sent without `media_type`. */
export const MEDIA_KIND_BY_EXTENSION: Readonly<Record<string, PlacedKind>> = {
  mp4: "video",
  m4v: "video",
  webm: "video",
  mov: "video",
  mkv: "video",
  avi: "video",
  ogv: "video",
  png: "image",
  jpg: "image",
  jpeg: "image",
  webp: "image",
  gif: "gif",
  mp3: "audio",
  wav: "audio",
  m4a: "audio",
  aac: "audio",
  ogg: "audio",
  oga: "audio",
  opus: "audio",
  flac: "audio",
};

/** The lowercased extension of a file name or of a URL's path; undefined when it has none. */
export function extensionOf(nameOrUrl: string): string | undefined {
  let path = nameOrUrl;
  try {
    path = new URL(nameOrUrl).pathname;
  } catch {
    // Not a URL: a plain file name.
  }
  const match = /\.([a-z0-9]+)$/i.exec(path);
  return match?.[1]?.toLowerCase();
}

/** The kind the first name with a known extension tells; undefined when none does. */
export function kindFromExtension(names: readonly (string | undefined)[]): PlacedKind | undefined {
  for (const name of names) {
    const extension = name === undefined ? undefined : extensionOf(name);
    if (extension !== undefined && Object.hasOwn(MEDIA_KIND_BY_EXTENSION, extension)) {
      return MEDIA_KIND_BY_EXTENSION[extension];
    }
  }
  return undefined;
}

/**
 * The placed kind of a declared media type: an `image` whose file is a GIF plays as a
 * `gif` item, since the media types of spec 2.8 have no separate GIF type.
 */
export function placedKindOf(
  mediaType: MediaType,
  names: readonly (string | undefined)[],
): PlacedKind {
  if (mediaType === "image" && kindFromExtension(names) === "gif") return "gif";
  return mediaType;
}
