/**
 * Detection of a file's real format from its magic bytes, and the check that a client's
 * declared content type is honest, so an HTML page labelled `image/png` is refused.
 *
 * @module
 */
import { err, type Ok, ok, type Result } from "../result.js";
import { hasAsciiAt, hasBytesAt } from "./byte-patterns.js";
import { MEDIA_FORMATS, type MediaFormatName } from "./media-formats.js";
import { GENERIC_BINARY_MIME_TYPES, type MediaKind, mimeTypeEssence } from "./media-types.js";
import { sniffAudioFrames } from "./sniff-audio-frames.js";
import { sniffEbml, sniffIsoBaseMedia, sniffOgg } from "./sniff-containers.js";

/** A file whose format was recognized from its bytes. */
export interface SniffedMedia {
  /** Image, video or audio. */
  readonly kind: MediaKind;
  /** Short stable name of the format (`png`, `mp4`, `flac`, ...). */
  readonly format: MediaFormatName;
  /** The canonical MIME type of the format, to store instead of the client's label. */
  readonly mimeType: string;
  /** File extension without the dot. */
  readonly extension: string;
}

/** Result of {@link sniffMedia}: the format, or `unknown` for bytes that match none. */
export type SniffResult = Result<SniffedMedia, "unknown">;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

function sniffRiff(bytes: Uint8Array): MediaFormatName | undefined {
  if (!hasAsciiAt(bytes, 0, "RIFF")) return undefined;
  if (hasAsciiAt(bytes, 8, "WEBP")) return "webp";
  if (hasAsciiAt(bytes, 8, "WAVE")) return "wav";
  if (hasAsciiAt(bytes, 8, "AVI ")) return "avi";
  return undefined;
}

function sniffFormatName(bytes: Uint8Array): MediaFormatName | undefined {
  if (hasBytesAt(bytes, 0, PNG_MAGIC)) return "png";
  if (hasBytesAt(bytes, 0, JPEG_MAGIC)) return "jpeg";
  if (hasAsciiAt(bytes, 0, "GIF87a") || hasAsciiAt(bytes, 0, "GIF89a")) return "gif";
  if (hasAsciiAt(bytes, 0, "fLaC")) return "flac";
  return (
    sniffRiff(bytes) ??
    sniffIsoBaseMedia(bytes) ??
    sniffEbml(bytes) ??
    sniffOgg(bytes) ??
    sniffAudioFrames(bytes)
  );
}

/**
 * Recognizes a file's format from its first bytes: PNG, JPEG, WebP and GIF images; MP4,
 * MOV, WebM, Matroska, AVI and Ogg Theora videos; MP3, AAC, M4A, WAV, Ogg and FLAC audio.
 * Anything else, including HEIF and AVIF images, is `unknown`.
 *
 * @example
 * ```ts
 * sniffMedia(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
 * // { ok: true, value: { kind: "image", format: "png", mimeType: "image/png", extension: "png" } }
 * sniffMedia(new TextEncoder().encode("<!doctype html>")); // { ok: false, error: "unknown" }
 * ```
 */
export function sniffMedia(bytes: Uint8Array): SniffResult {
  const name = sniffFormatName(bytes);
  if (name === undefined) return err("unknown");
  const { kind, mimeType, extension } = MEDIA_FORMATS[name];
  return ok({ kind, format: name, mimeType, extension });
}

/** Why a declared content type does not fit the bytes. */
export type DeclaredTypeMismatchReason =
  /** The bytes are no supported format, whatever the label says. */
  | "unrecognized_content"
  /** The label is not a MIME type (`type/subtype`). */
  | "invalid_declared_type"
  /** The bytes are a supported format, but not the one the label names. */
  | "declared_type_differs";

/** The label and the bytes disagree, or the bytes are not media. */
export interface DeclaredTypeMismatch {
  /** Which kind of disagreement. */
  readonly reason: DeclaredTypeMismatchReason;
  /** What is wrong, in words a client can act on. */
  readonly message: string;
}

/**
 * Result of {@link checkDeclaredType}: what the bytes are when the label fits them (or
 * there is no label to contradict them), to store its `mimeType` rather than the
 * client's label; else the mismatch.
 */
export type DeclaredTypeCheck = Result<SniffedMedia, DeclaredTypeMismatch>;

/**
 * Checks a client's declared `content_type` against what the bytes really are. Aliases
 * (`image/jpg`, `audio/x-wav`) and sibling types of one container (`audio/mp4` for an MP4)
 * match; a generic binary label or none at all defers to the bytes; unknown bytes never
 * match, so nothing unrecognized is stored as media.
 *
 * @example
 * ```ts
 * const html = sniffMedia(new TextEncoder().encode("<html><script>"));
 * checkDeclaredType("image/png", html).ok; // false (unrecognized_content)
 * ```
 */
export function checkDeclaredType(
  declared: string | undefined,
  sniffed: SniffResult,
): DeclaredTypeCheck {
  if (!sniffed.ok) {
    return err({
      reason: "unrecognized_content",
      message: "The file is not a supported image, video or audio format.",
    });
  }
  const media = sniffed.value;
  if (declared === undefined || declared.trim() === "") return ok(media);
  const essence = mimeTypeEssence(declared);
  if (essence === undefined) {
    return err({
      reason: "invalid_declared_type",
      message: "The declared content type is not a MIME type of the form type/subtype.",
    });
  }
  const accepted: readonly string[] = MEDIA_FORMATS[media.format].acceptedDeclaredTypes;
  if (GENERIC_BINARY_MIME_TYPES.has(essence) || accepted.includes(essence)) return ok(media);
  return err({
    reason: "declared_type_differs",
    message: `The file is declared as ${essence} but its content is ${media.mimeType}.`,
  });
}

/** The only formats accepted as inline reference-inspiration images (spec 4.11). */
export const REFERENCE_IMAGE_FORMATS: readonly MediaFormatName[] = ["png", "jpeg", "webp"];

/**
 * True when the bytes are one of the {@link REFERENCE_IMAGE_FORMATS}: PNG, JPEG or WebP.
 *
 * @example
 * ```ts
 * isReferenceImage(sniffMedia(gifBytes)); // false: GIF is not accepted as a reference
 * ```
 */
export function isReferenceImage(sniffed: SniffResult): sniffed is Ok<SniffedMedia> {
  return sniffed.ok && REFERENCE_IMAGE_FORMATS.includes(sniffed.value.format);
}
