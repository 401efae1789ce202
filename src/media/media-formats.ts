/**
 * The closed set of file formats the media input recognizes, each with its media kind,
 * canonical MIME type, file extension, and the declared types that may honestly label it.
 *
 * @module
 */
import type { MediaKind } from "./media-types.js";

/** A recognized file format. */
export interface MediaFormat {
  /** Image, video or audio. */
  readonly kind: MediaKind;
  /** The canonical MIME type stored with the media. */
  readonly mimeType: string;
  /** File extension without the dot, for generated filenames. */
  readonly extension: string;
  /**
   * Declared content types that describe this format honestly: the canonical type, its
   * common aliases, and sibling types of the same container (an audio-only MP4 labelled
   * `audio/mp4` is still the bytes of an MP4).
   */
  readonly acceptedDeclaredTypes: readonly string[];
}

const MP4_FAMILY = [
  "video/mp4",
  "audio/mp4",
  "application/mp4",
  "video/x-m4v",
  "audio/x-m4a",
  "audio/m4a",
];

/** Short stable name of a recognized format. */
export type MediaFormatName =
  | "png"
  | "jpeg"
  | "webp"
  | "gif"
  | "mp4"
  | "mov"
  | "webm"
  | "matroska"
  | "avi"
  | "ogv"
  | "mp3"
  | "aac"
  | "m4a"
  | "wav"
  | "ogg"
  | "flac";

/** Every recognized format by its short stable name. */
export const MEDIA_FORMATS: { readonly [Name in MediaFormatName]: MediaFormat } = {
  png: {
    kind: "image",
    mimeType: "image/png",
    extension: "png",
    acceptedDeclaredTypes: ["image/png", "image/x-png", "image/apng"],
  },
  jpeg: {
    kind: "image",
    mimeType: "image/jpeg",
    extension: "jpg",
    acceptedDeclaredTypes: ["image/jpeg", "image/jpg", "image/pjpeg"],
  },
  webp: {
    kind: "image",
    mimeType: "image/webp",
    extension: "webp",
    acceptedDeclaredTypes: ["image/webp"],
  },
  gif: {
    kind: "image",
    mimeType: "image/gif",
    extension: "gif",
    acceptedDeclaredTypes: ["image/gif"],
  },
  mp4: {
    kind: "video",
    mimeType: "video/mp4",
    extension: "mp4",
    acceptedDeclaredTypes: MP4_FAMILY,
  },
  mov: {
    kind: "video",
    mimeType: "video/quicktime",
    extension: "mov",
    acceptedDeclaredTypes: ["video/quicktime"],
  },
  webm: {
    kind: "video",
    mimeType: "video/webm",
    extension: "webm",
    acceptedDeclaredTypes: ["video/webm", "audio/webm"],
  },
  matroska: {
    kind: "video",
    mimeType: "video/x-matroska",
    extension: "mkv",
    acceptedDeclaredTypes: ["video/x-matroska", "video/matroska", "audio/x-matroska"],
  },
  avi: {
    kind: "video",
    mimeType: "video/x-msvideo",
    extension: "avi",
    acceptedDeclaredTypes: ["video/x-msvideo", "video/avi", "video/msvideo", "video/vnd.avi"],
  },
  ogv: {
    kind: "video",
    mimeType: "video/ogg",
    extension: "ogv",
    acceptedDeclaredTypes: ["video/ogg", "application/ogg"],
  },
  mp3: {
    kind: "audio",
    mimeType: "audio/mpeg",
    extension: "mp3",
    acceptedDeclaredTypes: [
      "audio/mpeg",
      "audio/mp3",
      "audio/x-mp3",
      "audio/mpeg3",
      "audio/x-mpeg",
      "audio/mpg",
    ],
  },
  aac: {
    kind: "audio",
    mimeType: "audio/aac",
    extension: "aac",
    acceptedDeclaredTypes: ["audio/aac", "audio/x-aac", "audio/aacp"],
  },
  m4a: {
    kind: "audio",
    mimeType: "audio/mp4",
    extension: "m4a",
    acceptedDeclaredTypes: [...MP4_FAMILY, "audio/aac", "audio/x-aac"],
  },
  wav: {
    kind: "audio",
    mimeType: "audio/wav",
    extension: "wav",
    acceptedDeclaredTypes: ["audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave"],
  },
  ogg: {
    kind: "audio",
    mimeType: "audio/ogg",
    extension: "ogg",
    acceptedDeclaredTypes: [
      "audio/ogg",
      "application/ogg",
      "audio/opus",
      "audio/vorbis",
      "video/ogg",
    ],
  },
  flac: {
    kind: "audio",
    mimeType: "audio/flac",
    extension: "flac",
    acceptedDeclaredTypes: ["audio/flac", "audio/x-flac"],
  },
};
