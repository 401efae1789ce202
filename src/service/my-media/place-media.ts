/**
 * What a new My Media item becomes on a timeline when it is uploaded with
 * `add_to_editor`: the item itself, a GIF playing as a `gif` item.
 *
 * @module
 */
import type { MediaToPlace } from "../../editor/media.js";
import type { SniffedMedia } from "../../media/sniff.js";
import type { MediaRecord } from "../ports/records.js";

/** The timeline media of a new item; its length and size are unknown until probed. */
export function mediaToPlaceOf(record: MediaRecord, sniffed: SniffedMedia): MediaToPlace {
  const { media } = record;
  return {
    kind: sniffed.format === "gif" ? "gif" : media.media_type,
    url: media.url,
    name: media.filename,
    durationSeconds: null,
    width: null,
    height: null,
    mediaId: media.id,
    metadata: { ...media.metadata },
  };
}
