/**
 * GET /editor/videos (spec 4.12): the organization's editor projects, newest first. The
 * contract's list holds whole records, timeline state included, so a page is bounded by
 * bytes as well as by `limit`: it holds projects while the answer stays within
 * `EDITOR_LIST_RESPONSE_MAX_BYTES` (always at least one), and `next_cursor` says where
 * the next page starts. Projects are read from the store a few at a time, so a host holds
 * about one answer's worth of states however large the projects are.
 *
 * @module
 */

import { concatenate } from "../../media/read-response.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import {
  type EditorVideoList,
  type EditorVideoRecord,
  type ListEditorVideosQuery,
  listEditorVideosQuerySchema,
} from "../../schemas/editor-videos.js";
import { EDITOR_LIST_RESPONSE_MAX_BYTES } from "../../schemas/limits.js";
import type { Caller } from "../pipeline/authorize.js";
import { parseInput } from "../pipeline/input.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { isEditorProject, serializedRecord } from "./editor-videos.js";

/** Projects read from the store at a time while a page is filled. */
export const EDITOR_LIST_READ_BATCH = 8;

const CURSOR_PREFIX = "v";
const encoder = new TextEncoder();
const PREFIX = encoder.encode('{"object":"editor_video_list","videos":[');
const COMMA = encoder.encode(",");

/** One page of the list: the body, and the same body as JSON. */
export interface EditorVideoPage {
  /** The `editor_video_list` answer. */
  readonly body: EditorVideoList;
  /** `body` as JSON, in UTF-8. */
  readonly json: Uint8Array<ArrayBuffer>;
}

function suffixOf(nextCursor: string | null): Uint8Array {
  return encoder.encode(`],"next_cursor":${JSON.stringify(nextCursor)}}`);
}

// The longest ending a page can have: its cursor names a video id of at most 9 digits.
const SUFFIX_MAX_BYTES = suffixOf(`${CURSOR_PREFIX}999999999`).byteLength;

interface PageBuilder {
  readonly records: EditorVideoRecord[];
  readonly parts: Uint8Array[];
  bytes: number;
}

// Adds the record unless it would pass the page's byte budget; the first always goes in,
// so that every page moves the list on.
function tryAdd(page: PageBuilder, record: EditorVideoRecord, json: Uint8Array): boolean {
  const separator = page.records.length === 0 ? 0 : COMMA.byteLength;
  const bytes = page.bytes + separator + json.byteLength;
  if (page.records.length > 0 && bytes + SUFFIX_MAX_BYTES > EDITOR_LIST_RESPONSE_MAX_BYTES) {
    return false;
  }
  if (separator > 0) page.parts.push(COMMA);
  page.parts.push(json);
  page.records.push(record);
  page.bytes = bytes;
  return true;
}

// Fills the page from the store, a batch at a time; true when projects are left after it.
async function fillPage(
  deps: ServiceDependencies,
  caller: Caller,
  { page, limit, after }: { page: PageBuilder; limit: number; after: number | undefined },
): Promise<boolean> {
  let cursor = after;
  for (;;) {
    // One project past the limit is read, to tell whether another page follows.
    const wanted = Math.min(EDITOR_LIST_READ_BATCH, limit - page.records.length + 1);
    const batch = await deps.stores.videos.list(caller.organization.id, {
      limit: wanted,
      filter: isEditorProject,
      ...(cursor === undefined ? {} : { after: cursor }),
    });
    for (const video of batch) {
      if (!isEditorProject(video)) continue;
      if (page.records.length === limit) return true;
      const { record, json } = serializedRecord(video);
      if (!tryAdd(page, record, json)) return true;
    }
    if (batch.length < wanted) return false;
    cursor = batch.at(-1)?.id;
  }
}

/**
 * The page of the caller's projects that `query` asks for: at most `limit` projects after
 * the one its `cursor` names (from the newest when it names none), as many as fit in
 * {@link EDITOR_LIST_RESPONSE_MAX_BYTES}, and the cursor of the next page, or null when
 * the list has ended. A cursor naming no video of the organization reads as the end.
 */
export async function readEditorVideoPage(
  deps: ServiceDependencies,
  caller: Caller,
  query: ListEditorVideosQuery,
): Promise<EditorVideoPage> {
  const after =
    query.cursor === undefined ? undefined : Number(query.cursor.slice(CURSOR_PREFIX.length));
  const page: PageBuilder = { records: [], parts: [PREFIX], bytes: PREFIX.byteLength };
  const more = await fillPage(deps, caller, { page, limit: query.limit, after });
  const last = page.records.at(-1);
  const nextCursor = more && last !== undefined ? `${CURSOR_PREFIX}${last.id}` : null;
  const suffix = suffixOf(nextCursor);
  page.parts.push(suffix);
  return {
    body: { object: "editor_video_list", videos: page.records, next_cursor: nextCursor },
    json: concatenate(page.parts, page.bytes + suffix.byteLength),
  };
}

/**
 * GET /editor/videos: a page of the organization's editor projects, newest first, at most
 * `limit` and at most {@link EDITOR_LIST_RESPONSE_MAX_BYTES} of JSON; `next_cursor` reads
 * on.
 */
export const listEditorVideos: UseCaseFactory = authenticated(
  "listEditorVideos",
  async ({ deps, caller, request }) => {
    const query = parseInput(listEditorVideosQuerySchema, request.query, "query");
    if (!query.ok) return query.error;
    const page = await readEditorVideoPage(deps, caller, query.value);
    return { kind: "ok", body: page.body, json: page.json };
  },
);
