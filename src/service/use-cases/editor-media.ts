/**
 * GET /editor/media (spec 4.15): the organization's My Media items, newest first,
 * filtered by media type and searched by file name and title.
 *
 * @module
 */
import { listMediaQuerySchema } from "../../schemas/media.js";
import { mediaListFilter } from "../my-media/media-filter.js";
import { parseInput } from "../pipeline/parse.js";
import { okResponse } from "../pipeline/responses.js";
import { authenticated, type UseCaseFactory } from "../use-case.js";

/**
 * GET /editor/media: at most `limit` items (`editor_media_list`). `media_type=audio`
 * includes voice items, `voice` is voice only; every word of `query` must occur in the
 * item's file name or title, case-insensitively.
 */
export const listEditorMedia: UseCaseFactory = authenticated(
  "listEditorMedia",
  async ({ deps, caller, request }) => {
    const query = parseInput(listMediaQuerySchema, request.query, "query");
    if (!query.ok) return query.response;
    const records = await deps.stores.media.list(caller.organization.id, {
      limit: query.value.limit,
      filter: mediaListFilter(query.value),
    });
    return okResponse({
      object: "editor_media_list",
      media: records.map((record) => record.media),
    });
  },
);
