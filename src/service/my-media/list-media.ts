/**
 * GET /editor/media (spec 4.15): the organization's My Media items, newest first,
 * filtered by media type (`audio` includes voice assets, `voice` is voice only) and
 * searched by the words of `query` in file name and title.
 *
 * @module
 */

import type { MediaRecord } from "../../ports/records.js";
import type { MediaType } from "../../schemas/common.js";
import { type ListMediaQuery, listMediaQuerySchema } from "../../schemas/media.js";
import { parseInput } from "../pipeline/input.js";
import { success } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { matchesTerms, searchTermsOf } from "./media-record.js";

/**
 * GET /editor/media: at most `limit` items (`editor_media_list`). `media_type=audio`
 * includes voice items, `voice` is voice only; every word of `query` must occur in the
 * item's file name or title, case-insensitively.
 */
export const listEditorMedia: UseCaseFactory = authenticated(
  "listEditorMedia",
  async ({ deps, caller, request }) => {
    const query = parseInput(listMediaQuerySchema, request.query, "query");
    if (!query.ok) return query.error;
    const records = await deps.stores.media.list(caller.organization.id, {
      limit: query.value.limit,
      filter: mediaListFilter(query.value),
    });
    return success({
      object: "editor_media_list",
      media: records.map((record) => record.media),
    });
  },
);

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
