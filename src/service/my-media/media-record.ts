/**
 * Building the record of a new My Media item (spec 2.8) from the received bytes and the
 * stored object: `completed` at once, since the bytes are checked and stored by then.
 *
 * @module
 */
import type { MediaType } from "../../schemas/common.js";
import { MEDIA_COMPLETED_STATUS } from "../editor/my-media-lookup.js";
import type { StoredObject } from "../ports/media-storage.js";
import type { MediaRecord } from "../ports/records.js";
import type { ReceivedMedia } from "./received-media.js";
import { searchTextOf } from "./search-text.js";

/** Everything a new item is made of. */
export interface NewMediaItem {
  /** The item id (a UUID). */
  readonly id: string;
  /** The owning organization. */
  readonly organizationId: number;
  /** Where the bytes were stored. */
  readonly stored: StoredObject;
  /** The bytes and what they are. */
  readonly received: ReceivedMedia;
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

function metadataOf(item: NewMediaItem): Record<string, unknown> {
  const { sniffed, bytes, origin } = item.received;
  return {
    content_type: sniffed.mimeType,
    size_bytes: bytes.byteLength,
    format: sniffed.format,
    source: origin,
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
