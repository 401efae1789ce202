/**
 * What every upload source yields once its bytes are in hand and checked: the bytes,
 * what they really are, and what the source said about them.
 *
 * @module
 */
import type { SniffedMedia } from "../../media/sniff.js";

/** How the bytes of a My Media item arrived; recorded as `metadata.source`. */
export type MediaOrigin = "inline" | "multipart" | "source_url" | "direct_upload";

/** Bytes received from one source, sniffed and checked against every declared type. */
export interface ReceivedMedia {
  /** The file. */
  readonly bytes: Uint8Array;
  /** What the bytes are, read from their magic bytes. */
  readonly sniffed: SniffedMedia;
  /** How they arrived. */
  readonly origin: MediaOrigin;
  /** The file name the source carried (inline name, part name, URL path); undefined when none. */
  readonly filename: string | undefined;
  /**
   * The most specific MIME type the client declared, already checked against the bytes;
   * it tells an `audio/webm` from a `video/webm`. Undefined when none was declared.
   */
  readonly declaredType: string | undefined;
}

/** The first declared type that says anything, in order of precedence. */
export function firstDeclared(...types: readonly (string | undefined)[]): string | undefined {
  return types.find((type) => type !== undefined && type.trim() !== "");
}
