/**
 * A project's bounds: at most PROJECT_ITEMS_MAX items and PROJECT_STATE_MAX_BYTES of
 * timeline JSON. A batch that would pass one is refused whole with a 400 naming the
 * bound and the sizes, and nothing of it is kept; a batch that grows nothing passes.
 */
import type { VideoRecord } from "reelkit";
import {
  applyOperationsOrThrow,
  createEditorState,
  type EditorState,
  serializedStateBytes,
} from "reelkit/editor";
import { type EditOperation, PROJECT_ITEMS_MAX, PROJECT_STATE_MAX_BYTES } from "reelkit/schemas";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness, KEYS, ORGS } from "../support/harness.js";
import { createProject, patchProject, readProject } from "./editor-support.js";

let harness: Harness;

beforeEach(async () => {
  harness = await createHarness();
});

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

let testIds = 0;
const testId = () => {
  testIds += 1;
  return `t${testIds}`;
};

/** Stores a project holding `state` as its revision 0, as if it had been built by edits. */
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

/** A state of `count` solids, 0.1 s each, one after another on one track. */
function stateWithSolids(count: number): EditorState {
  const operations: EditOperation[] = Array.from({ length: count }, (_, index) => ({
    type: "add_solid",
    from_seconds: index / 10,
    duration_seconds: 0.1,
  }));
  const empty = createEditorState({ fps: 30, title: "Full" });
  return applyOperationsOrThrow(empty, operations, { generateId: testId }).state;
}

const solid = (fromSeconds: number): EditOperation => ({
  type: "add_solid",
  from_seconds: fromSeconds,
  duration_seconds: 0.1,
});

describe("a project's item bound", () => {
  it(`takes the ${PROJECT_ITEMS_MAX}th item and refuses the next, changing nothing`, async () => {
    const id = await insertProject(stateWithSolids(PROJECT_ITEMS_MAX - 1));
    const atLimit = await patchProject(harness, id, { operations: [solid(5000)] });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.editor_summary.itemCount).toBe(PROJECT_ITEMS_MAX);

    const past = await patchProject(harness, id, {
      operations: [{ type: "set_title", title: "Renamed" }, solid(5001)],
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toEqual({
      code: "bad_request",
      message: expect.stringContaining("at most 10,000"),
      retryable: false,
      context: {
        reason: "project_too_many_items",
        max_items: PROJECT_ITEMS_MAX,
        item_count: PROJECT_ITEMS_MAX + 1,
        current_item_count: PROJECT_ITEMS_MAX,
      },
    });
    expect(past.body.error.message).toContain("Nothing was changed");
    const video = await readProject(harness, id);
    expect(video.revision).toBe(1);
    expect(video.title).toBe("Full");
    expect(video.editor_summary.itemCount).toBe(PROJECT_ITEMS_MAX);
  });

  it("refuses adding media to a full project too", async () => {
    const id = await insertProject(stateWithSolids(PROJECT_ITEMS_MAX));
    const response = await harness.call("POST", `/editor/videos/${id}/media`, {
      key: KEYS.acme,
      body: {
        url: "https://cdn.example.com/still.png",
        media_type: "image",
        width: 10,
        height: 10,
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.context).toMatchObject({
      reason: "project_too_many_items",
      item_count: PROJECT_ITEMS_MAX + 1,
    });
    expect((await readProject(harness, id)).revision).toBe(0);
  });

  it("lets a project over the bound shrink, and edit what it holds", async () => {
    const state = stateWithSolids(PROJECT_ITEMS_MAX + 2);
    const id = await insertProject(state);
    const [first, second] = Object.keys(state.items);
    const response = await patchProject(harness, id, {
      operations: [
        { type: "set_title", title: "Trimmed" },
        { type: "remove_item", item_id: first },
        { type: "set_item_transform", item_id: second, opacity: 0.5 },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.editor_summary.itemCount).toBe(PROJECT_ITEMS_MAX + 1);
  });
});

/** Words of caption text, `length` characters of plain ASCII. */
function filler(length: number): string {
  return "lorem ipsum ".repeat(Math.ceil(length / 12)).slice(0, length);
}

const captionEntry = (index: number) => ({
  text: filler(500),
  startMs: index * 1000,
  endMs: index * 1000 + 900,
});

function withOperation(state: EditorState, operation: EditOperation, id = testId): EditorState {
  return applyOperationsOrThrow(state, [operation], { generateId: id }).state;
}

/**
 * A state whose JSON is exactly `bytes` long, its title one character: items of long
 * captions come close, a shorter one closer, and the text of a last item makes up the
 * rest (measured again until exact, since a text's box may follow its length).
 */
function stateOfBytes(bytes: number): EditorState {
  const full = Array.from({ length: 2000 }, (_, index) => captionEntry(index));
  let state = createEditorState({ fps: 30, title: "x" });
  while (serializedStateBytes(state) + 1_200_000 < bytes) {
    state = withOperation(state, { type: "add_captions", captions: full });
  }
  const entries = Math.floor((bytes - serializedStateBytes(state) - 1_500) / 560);
  state = withOperation(state, { type: "add_captions", captions: full.slice(0, entries) });
  let length = 1;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const text = filler(length);
    let fillerIds = 0;
    const fillerId = () => {
      fillerIds += 1;
      return `filler-${fillerIds}`;
    };
    const filled = withOperation(state, { type: "add_text", text }, fillerId);
    const missing = bytes - serializedStateBytes(filled);
    if (missing === 0) return filled;
    length += missing;
  }
  throw new Error(`No state of exactly ${bytes} bytes.`);
}

describe("a project's size bound", () => {
  it("measures a state exactly as its JSON", () => {
    const state = applyOperationsOrThrow(
      createEditorState({ fps: 24, title: "Café ☕ 🎬" }),
      [
        { type: "add_text", text: 'Grüße 👋 \u2028 "quoted" \\ \n' },
        { type: "add_solid", duration_seconds: 2, style: { color: "#ff0000" } },
      ],
      { generateId: testId },
    ).state;
    expect(serializedStateBytes(state)).toBe(
      new TextEncoder().encode(JSON.stringify(state)).byteLength,
    );
  });

  it(`takes a batch that reaches ${PROJECT_STATE_MAX_BYTES} bytes and refuses one byte more`, async () => {
    const id = await insertProject(stateOfBytes(PROJECT_STATE_MAX_BYTES - 10));
    const past = await patchProject(harness, id, {
      operations: [{ type: "set_title", title: "x".repeat(12) }],
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({
      code: "bad_request",
      retryable: false,
      context: {
        reason: "project_too_large",
        max_bytes: PROJECT_STATE_MAX_BYTES,
        project_bytes: PROJECT_STATE_MAX_BYTES + 1,
        current_project_bytes: PROJECT_STATE_MAX_BYTES - 10,
      },
    });
    expect(past.body.error.message).toContain("at most 8,388,608");
    expect((await readProject(harness, id)).revision).toBe(0);

    const atLimit = await patchProject(harness, id, {
      operations: [{ type: "set_title", title: "x".repeat(11) }],
    });
    expect(atLimit.status).toBe(200);
    const video = await readProject(harness, id);
    expect(new TextEncoder().encode(JSON.stringify(video.editor)).byteLength).toBe(
      PROJECT_STATE_MAX_BYTES,
    );
  });

  it("stops the flood of captions that grew one project to 74 MB", async () => {
    const id = await createProject(harness);
    const captions = Array.from({ length: 1850 }, (_, index) => ({
      text: "a",
      startMs: index,
      endMs: index + 1,
    }));
    const batch = {
      operations: Array.from({ length: 50 }, () => ({ type: "add_captions", captions })),
    };
    const statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      statuses.push((await patchProject(harness, id, batch)).status);
    }
    expect(statuses).toEqual([200, 200, 400, 400]);
    const video = await readProject(harness, id);
    expect(video.revision).toBe(2);
    expect(new TextEncoder().encode(JSON.stringify(video.editor)).byteLength).toBeLessThanOrEqual(
      PROJECT_STATE_MAX_BYTES,
    );
  });
});
