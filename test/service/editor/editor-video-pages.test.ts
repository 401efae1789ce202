/**
 * GET /editor/videos pages: whole records as the contract shows them, at most `limit` of
 * them and at most EDITOR_LIST_RESPONSE_MAX_BYTES of JSON, with `next_cursor` to read on.
 */
import type { VideoRecord } from "reelkit";
import {
  applyOperationsOrThrow,
  createEditorState,
  type EditorState,
  serializedStateBytes,
} from "reelkit/editor";
import { EDITOR_LIST_RESPONSE_MAX_BYTES } from "reelkit/schemas";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness, KEYS, ORGS } from "../support/harness.js";
import { createProject } from "./editor-support.js";

let harness: Harness;

beforeEach(async () => {
  harness = await createHarness();
});

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

function list(query = "") {
  return harness.call("GET", `/editor/videos${query}`, { key: KEYS.acme });
}

function idsOf(body: { videos: { id: number }[] }): number[] {
  return body.videos.map((video) => video.id);
}

let testIds = 0;
const testId = () => {
  testIds += 1;
  return `t${testIds}`;
};

/** A timeline of at least `bytes` bytes of JSON: long captions. */
function stateOfAtLeast(bytes: number): EditorState {
  const captions = Array.from({ length: 2000 }, (_, index) => ({
    text: "long caption text ".repeat(25),
    startMs: index * 1000,
    endMs: index * 1000 + 900,
  }));
  let state = createEditorState({ fps: 30, title: "Heavy" });
  while (serializedStateBytes(state) < bytes) {
    state = applyOperationsOrThrow(state, [{ type: "add_captions", captions }], {
      generateId: testId,
    }).state;
  }
  return state;
}

async function insertProject(state: EditorState): Promise<number> {
  const id = await harness.deps.stores.videos.nextId(ORGS.acme);
  const now = "2026-11-22T09:00:00.000Z";
  const record: VideoRecord = {
    id,
    organizationId: ORGS.acme,
    createdAt: now,
    updatedAt: now,
    kind: "editor",
    status: "ready",
    title: state.title,
    url: null,
    failure: null,
    holdId: null,
    aspectRatio: "9:16",
    script: null,
    editor: state,
    instructions: [],
    version: 0,
  };
  await harness.deps.stores.videos.insert([record]);
  return id;
}

describe("GET /editor/videos pages", () => {
  it("walks every project once, limit at a time, ending with a null cursor", async () => {
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) ids.push(await createProject(harness));
    await createProject(harness, { title: "Theirs" }, KEYS.other);
    const first = await list("?limit=2");
    expect(first.status).toBe(200);
    expect(idsOf(first.body)).toEqual([ids[4], ids[3]]);
    expect(first.body.next_cursor).toBe(`v${ids[3]}`);
    const second = await list(`?limit=2&cursor=${first.body.next_cursor}`);
    expect(idsOf(second.body)).toEqual([ids[2], ids[1]]);
    const third = await list(`?limit=2&cursor=${second.body.next_cursor}`);
    expect(idsOf(third.body)).toEqual([ids[0]]);
    expect(third.body.next_cursor).toBeNull();
    // A page that holds exactly the rest says the list has ended.
    const rest = await list(`?limit=3&cursor=${first.body.next_cursor}`);
    expect(idsOf(rest.body)).toEqual([ids[2], ids[1], ids[0]]);
    expect(rest.body.next_cursor).toBeNull();
    const all = await list();
    expect(idsOf(all.body)).toEqual([...ids].reverse());
    expect(all.body.next_cursor).toBeNull();
  });

  it("refuses a malformed cursor, and ends the list at one naming no project of the organization", async () => {
    const mine = await createProject(harness);
    const theirs = await createProject(harness, { title: "Theirs" }, KEYS.other);
    const malformed = await list("?cursor=12");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.context.fields[0].path).toBe("cursor");
    expect(idsOf((await list(`?cursor=v${mine + 40}`)).body)).toEqual([]);
    const other = await list(`?cursor=v${theirs}`);
    expect(other.body).toEqual({ object: "editor_video_list", videos: [], next_cursor: null });
  });

  it(`keeps a page within ${EDITOR_LIST_RESPONSE_MAX_BYTES} bytes, cutting it before the project that would pass`, async () => {
    const heavy = stateOfAtLeast(6 * 1024 * 1024);
    const ids = [
      await insertProject(heavy),
      await insertProject(heavy),
      await insertProject(heavy),
    ];
    const first = await list("?limit=100");
    expect(first.status).toBe(200);
    expect(first.bytes.byteLength).toBeLessThanOrEqual(EDITOR_LIST_RESPONSE_MAX_BYTES);
    expect(idsOf(first.body)).toEqual([ids[2], ids[1]]);
    expect(first.body.videos[0].editor).toEqual(JSON.parse(JSON.stringify(heavy)));
    expect(first.body.next_cursor).toBe(`v${ids[1]}`);
    const second = await list(`?limit=100&cursor=${first.body.next_cursor}`);
    expect(idsOf(second.body)).toEqual([ids[0]]);
    expect(second.body.next_cursor).toBeNull();
  });

  it("always answers at least one project, even one larger than the page", async () => {
    const older = await createProject(harness);
    const huge = await insertProject(stateOfAtLeast(EDITOR_LIST_RESPONSE_MAX_BYTES + 1));
    const first = await list();
    expect(idsOf(first.body)).toEqual([huge]);
    expect(first.body.next_cursor).toBe(`v${huge}`);
    const second = await list(`?cursor=${first.body.next_cursor}`);
    expect(idsOf(second.body)).toEqual([older]);
  });
});
