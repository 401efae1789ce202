/**
 * The filter of GET /editor/media: the media type (`audio` includes voice assets,
 * `voice` is voice only) and the search terms of `query`.
 *
 * @module
 */
import type { MediaType } from "../../schemas/common.js";
import type { ListMediaQuery } from "../../schemas/media.js";
import type { MediaRecord } from "../ports/records.js";
import { matchesTerms, searchTermsOf } from "./search-text.js";

/** The item types each `media_type` filter admits. */
export const MEDIA_TYPES_OF_FILTER: { readonly [Filter in MediaType]: readonly MediaType[] } = {
  image: ["image"],
  video: ["video"],
  audio: ["audio", "voice"],
  voice: ["voice"],
};

/** A pure predicate for the store's list: keeps the items the query asks for. */
export function mediaListFilter(query: ListMediaQuery): (record: MediaRecord) => boolean {
  const types =
    query.media_type === undefined ? undefined : MEDIA_TYPES_OF_FILTER[query.media_type];
  const terms = searchTermsOf(query.query);
  return (record) => {
    if (types !== undefined && !types.includes(record.media.media_type)) return false;
    // The file name is searched too, in case a record was indexed without it.
    const text = `${record.searchText}\n${record.media.filename.toLowerCase()}`;
    return matchesTerms(text, terms);
  };
}
