/**
 * The media reader a renderer is given by the service's host: a project's media that
 * lives in our own media storage is read from storage (no HTTP round trip, no token
 * check over the network), as a local file when the storage has one, else as a stream;
 * any other URL goes through the SSRF-safe URL fetcher with
 * its limits (HTTPS only, every address checked, sizes counted while streaming).
 *
 * @module
 */

import type { MediaKind } from "../../../media/media-types.js";
import type { UrlFetcher } from "../../../media/url-fetcher.js";
import type { MediaStorage } from "../../../ports/media-storage.js";
import type { MediaReader, MediaReadRequest, MediaReadResult } from "../../../ports/renderer.js";
import { err, ok } from "../../../result.js";

/** Where a {@link createProjectMediaReader} reads from. */
export interface ProjectMediaSources {
  /** The service's media storage; its own URLs are read from it directly. */
  readonly mediaStorage: MediaStorage;
  /** The safe fetcher every other URL is downloaded with. */
  readonly urlFetcher: UrlFetcher;
}

// A GIF is an image to the fetcher's size limits.
function fetchKindOf(kind: MediaReadRequest["kind"]): MediaKind {
  return kind === "gif" ? "image" : kind;
}

async function readStored(
  mediaStorage: MediaStorage,
  objectKey: string,
  request: { readonly url: string; readonly maxBytes: number },
): Promise<MediaReadResult> {
  const { url, maxBytes } = request;
  const stored = await mediaStorage.open(objectKey);
  if (stored === undefined) return err(`No stored file has the URL ${url}.`);
  if (stored.sizeBytes > maxBytes) {
    return err(`${url} is larger than the ${maxBytes} bytes a render reads.`);
  }
  // A file already on this machine is linked by the renderer, not copied through memory.
  const path = await mediaStorage.localPathOf?.(objectKey);
  return ok(path === undefined ? stored.stream() : { path });
}

/**
 * A media reader over the service's storage and safe fetcher, for `createFfmpegRenderer`.
 *
 * @example
 * ```ts
 * const readMedia = createProjectMediaReader({ mediaStorage, urlFetcher });
 * const renderer = createFfmpegRenderer({ readMedia });
 * const service = createService({ ...deps, mediaStorage, urlFetcher, renderer });
 * ```
 */
export function createProjectMediaReader(sources: ProjectMediaSources): MediaReader {
  const { mediaStorage, urlFetcher } = sources;
  return async ({ url, kind, maxBytes }) => {
    const objectKey = mediaStorage.objectKeyOf?.(url);
    if (objectKey !== undefined) return readStored(mediaStorage, objectKey, { url, maxBytes });
    const fetched = await urlFetcher.fetch(url, { maxBytes, kind: fetchKindOf(kind) });
    if (!fetched.ok) {
      return err(`${url} could not be read: ${fetched.error.message}`);
    }
    return ok(fetched.value.bytes);
  };
}
