/**
 * Building the record of a new My Media item (spec 2.8) from the received bytes and the
 * stored object: `completed` at once, since the bytes are checked and stored by then.
 * Its search text (file name and title, lower-cased) is what GET /editor/media matches
 * the words of `query` against.
 *
 * @module
 */
import type { OrganizationId } from "../../organization-id.js";
import type { MediaProbe } from "../../ports/media-prober.js";
import type { StoredObject } from "../../ports/media-storage.js";
import type { MediaRecord } from "../../ports/records.js";
import type { MediaType } from "../../schemas/common.js";
import { MEDIA_COMPLETED_STATUS } from "./my-media-lookup.js";
import type { ProbedMedia } from "./receive-media.js";

/** Everything a new item is made of. */
export interface NewMediaItem {
  /** The item id (a UUID). */
  readonly id: string;
  /** The owning organization. */
  readonly organizationId: OrganizationId;
  /** Where the bytes were stored. */
  readonly stored: StoredObject;
  /** The bytes, and what sniffing and probing found they are. */
  readonly received: ProbedMedia;
  /** The resolved media type. */
  readonly mediaType: MediaType;
  /** The chosen file name. */
  readonly filename: string;
  /** The display title, if any. */
  readonly title: string | undefined;
  /** `preserve_original` as the client sent it, if it did. */
  readonly preserveOriginal: boolean | undefined;
  /** Creation time, ISO 8601. */
  readonly now: string;
}

/**
 * What probing found, as an item's metadata records it: length in seconds, size in
 * pixels (null where they do not apply or the file does not tell), the kinds and codecs
 * of its streams, and the prober that found them.
 */
export function probeMetadata(
  probe: MediaProbe,
  proberName: string,
): Record<string, string | number | null | readonly string[]> {
  return {
    duration_seconds: probe.durationSeconds,
    width: probe.width,
    height: probe.height,
    streams: probe.streams,
    codecs: probe.codecs,
    probed_by: proberName,
  };
}

function metadataOf(item: NewMediaItem): Record<string, unknown> {
  const { sniffed, sizeBytes, origin, probe, proberName } = item.received;
  return {
    content_type: sniffed.mimeType,
    size_bytes: sizeBytes,
    format: sniffed.format,
    source: origin,
    ...probeMetadata(probe, proberName),
    ...(item.title === undefined ? {} : { title: item.title }),
    ...(item.preserveOriginal === undefined ? {} : { preserve_original: item.preserveOriginal }),
  };
}

/** The record of a new, completed My Media item. */
export function buildMediaRecord(item: NewMediaItem): MediaRecord {
  return {
    media: {
      id: item.id,
      media_type: item.mediaType,
      url: item.stored.url,
      filename: item.filename,
      status: MEDIA_COMPLETED_STATUS,
      metadata: metadataOf(item),
      created_at: item.now,
      updated_at: item.now,
    },
    organizationId: item.organizationId,
    objectKey: item.stored.objectKey,
    searchText: searchTextOf(item.filename, item.title),
  };
}

/** The indexed text of an item: its file name and title, lowercased. */
export function searchTextOf(filename: string, title: string | undefined): string {
  return [filename, title ?? ""].join("\n").trim().toLowerCase();
}

/** The search terms of a `query`: its words, lowercased; none for blank text. */
export function searchTermsOf(query: string | undefined): readonly string[] {
  return (query ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((term) => term !== "");
}

/**
 * True when every term occurs in the text, so `rain loop` finds `rain-loop.mp3` and
 * `Loop of rain`. No terms match everything.
 *
 * @example
 * ```ts
 * matchesTerms(searchTextOf("Rain-Loop.mp3", undefined), searchTermsOf("loop RAIN")); // true
 * ```
 */
export function matchesTerms(text: string, terms: readonly string[]): boolean {
  return terms.every((term) => text.includes(term));
}
