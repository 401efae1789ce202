import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toOrganizationId } from "../../../src/organization-id.js";
import { createHarness, type Harness, KEYS } from "../support/harness.js";
import {
  createProject,
  insertMedia,
  patchProject,
  readProject,
  storedVersion,
} from "./editor-support.js";

let harness: Harness;
let id: number;

beforeEach(async () => {
  harness = await createHarness();
  id = await createProject(harness, { title: "Draft", fps: 30 });
});

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

function firstItemOfType(
  editor: { items: Record<string, { type: string }> },
  type: string,
): string {
  const [first] = itemIdsOfType(editor, type);
  if (first === undefined) throw new Error(`No ${type} item.`);
  return first;
}

function itemIdsOfType(
  editor: { items: Record<string, { type: string }> },
  type: string,
): string[] {
  return Object.values(editor.items)
    .filter((item) => item.type === type)
    .map((item) => (item as unknown as { id: string }).id);
}

describe("PATCH /editor/videos/{id}: plain edits", () => {
  it("applies a batch in order and answers the edit result", async () => {
    const response = await patchProject(harness, id, {
      operations: [
        { type: "set_title", title: "Launch teaser" },
        { type: "add_text", text: "Spring sale", from_seconds: 0, duration_seconds: 2 },
        { type: "add_solid", duration_seconds: 3, style: { color: "#ff0000" } },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      object: "editor_edit_result",
      video_id: id,
      applied: ["set_title", "add_text", "add_solid"],
      operation_results: [
        { type: "set_title", created_item_ids: [], removed_item_ids: [] },
        { type: "add_text", created_item_ids: [expect.any(String)], removed_item_ids: [] },
        { type: "add_solid", created_item_ids: [expect.any(String)], removed_item_ids: [] },
      ],
      instructions_recorded: false,
      revision: 1,
      editor_summary: expect.objectContaining({
        itemCount: 2,
        itemTypes: { text: 1, solid: 1 },
        totalDurationFrames: 90,
        totalDurationSeconds: 3,
      }),
    });
    const video = await readProject(harness, id);
    expect(video.title).toBe("Launch teaser");
    expect(video.editor_summary).toEqual(response.body.editor_summary);
    expect(await storedVersion(harness, id)).toBe(1);
    expect((await harness.deps.stores.videos.get(toOrganizationId(1), id))?.title).toBe(
      "Launch teaser",
    );
    expect(await harness.available()).toBe(5000);
    expect(response.headers.get("x-ratelimit-limit")).toBeNull();
  });

  it("edits existing items: timing, split, layer order, text update, removal", async () => {
    await patchProject(harness, id, {
      operations: [
        { type: "add_solid", from_seconds: 0, duration_seconds: 4 },
        { type: "add_text", text: "Hello", duration_seconds: 4 },
      ],
    });
    const before = await readProject(harness, id);
    const solid = firstItemOfType(before.editor, "solid");
    const text = firstItemOfType(before.editor, "text");
    const response = await patchProject(harness, id, {
      operations: [
        { type: "set_item_timing", item_id: solid, from_seconds: 1, duration_seconds: 6 },
        { type: "set_item_layer_order", item_id: solid, position: "front" },
        { type: "split_item", item_id: solid, at_seconds: 3 },
        { type: "update_text", item_id: text, text: "Hello world" },
        { type: "set_item_transform", item_id: text, opacity: 0.5 },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.applied).toEqual([
      "set_item_timing",
      "set_item_layer_order",
      "split_item",
      "update_text",
      "set_item_transform",
    ]);
    expect(response.body.editor_summary.itemTypes).toEqual({ solid: 2, text: 1 });
    expect(response.body.editor_summary.totalDurationSeconds).toBe(7);
    const after = await readProject(harness, id);
    expect(after.editor.items[text]).toMatchObject({ text: "Hello world", opacity: 0.5 });
    // The split left the solid as the left half and added a right half: frames 30 to 210.
    expect(after.editor.items[solid]).toMatchObject({ from: 30, durationInFrames: 60 });
    const halves = itemIdsOfType(after.editor, "solid").map((half) => after.editor.items[half]);
    expect(halves.map((half) => [half.from, half.durationInFrames]).sort()).toEqual([
      [30, 60],
      [90, 120],
    ]);
    expect(after.editor.tracks[0].items).toHaveLength(2);
    const removed = await patchProject(harness, id, {
      operations: [{ type: "remove_item", item_id: text }],
    });
    expect(removed.body.editor_summary.itemTypes).toEqual({ solid: 2 });
    expect(await storedVersion(harness, id)).toBe(3);
  });

  it("reports the ids each operation created and removed, so edits chain without a read", async () => {
    const added = await patchProject(harness, id, {
      operations: [{ type: "add_solid", from_seconds: 0, duration_seconds: 4 }],
    });
    const [solid] = added.body.operation_results[0].created_item_ids;
    const split = await patchProject(harness, id, {
      operations: [{ type: "split_item", item_id: solid, at_seconds: 1 }],
    });
    expect(split.status).toBe(200);
    const [right] = split.body.operation_results[0].created_item_ids;
    expect(split.body.operation_results).toEqual([
      { type: "split_item", created_item_ids: [right], removed_item_ids: [] },
    ]);
    // The left half keeps the original id; the right half is the reported one.
    const chained = await patchProject(harness, id, {
      operations: [
        { type: "set_item_transform", item_id: solid, opacity: 0.5 },
        { type: "remove_item", item_id: right },
      ],
    });
    expect(chained.status).toBe(200);
    expect(chained.body.operation_results).toEqual([
      { type: "set_item_transform", created_item_ids: [], removed_item_ids: [] },
      { type: "remove_item", created_item_ids: [], removed_item_ids: [right] },
    ]);
    const after = await readProject(harness, id);
    expect(Object.keys(after.editor.items)).toEqual([solid]);
    expect(after.editor.items[solid]).toMatchObject({
      from: 0,
      durationInFrames: 30,
      opacity: 0.5,
    });
  });

  it("adds captions from entries", async () => {
    const response = await patchProject(harness, id, {
      operations: [
        {
          type: "add_captions",
          captions: [
            { text: "Hi there", startMs: 0, endMs: 800 },
            { text: "Welcome", startMs: 800, endMs: 1600 },
          ],
          duration_seconds: 2,
        },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.editor_summary.itemTypes).toEqual({ captions: 1 });
  });

  it("records instructions alone without changing the state, each batch a revision", async () => {
    const before = await readProject(harness, id);
    const response = await patchProject(harness, id, { instructions: "Make the intro punchier" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      applied: [],
      instructions_recorded: true,
      revision: 1,
      editor_summary: { itemCount: 0 },
    });
    expect((await readProject(harness, id)).editor).toEqual(before.editor);
    const both = await patchProject(harness, id, {
      instructions: "Add a caption",
      operations: [{ type: "add_text", text: "Caption" }],
    });
    expect(both.body).toMatchObject({ instructions_recorded: true, revision: 2 });
    const empty = await patchProject(harness, id, {
      instructions: "",
      operations: [{ type: "add_text", text: "More" }],
    });
    expect(empty.body).toMatchObject({ instructions_recorded: false, revision: 3 });
    const history = await harness.call("GET", `/editor/videos/${id}/revisions`, { key: KEYS.acme });
    expect(
      history.body.revisions.map((entry: { instructions: string | null }) => entry.instructions),
    ).toEqual([null, "Add a caption", "Make the intro punchier"]);
  });

  it("rejects the whole batch when one operation fails, leaving the project unchanged", async () => {
    await patchProject(harness, id, { operations: [{ type: "add_text", text: "Keep me" }] });
    const before = await readProject(harness, id);
    const versionBefore = await storedVersion(harness, id);
    const response = await patchProject(harness, id, {
      instructions: "should not be recorded",
      operations: [
        { type: "set_title", title: "Changed" },
        { type: "add_text", text: "Added" },
        { type: "remove_item", item_id: "no-such-item" },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: "bad_request",
      retryable: false,
      context: { operation_index: 2, edit_code: "item_not_found" },
    });
    expect(await readProject(harness, id)).toEqual(before);
    expect(await storedVersion(harness, id)).toBe(versionBefore);
    expect((await harness.deps.stores.videos.get(toOrganizationId(1), id))?.instructions).toEqual(
      [],
    );
  });

  it("maps a split outside the item to 400 with its operation index", async () => {
    await patchProject(harness, id, { operations: [{ type: "add_solid", duration_seconds: 2 }] });
    const solid = firstItemOfType((await readProject(harness, id)).editor, "solid");
    const response = await patchProject(harness, id, {
      operations: [{ type: "split_item", item_id: solid, at_seconds: 5 }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.context).toEqual({
      operation_index: 0,
      edit_code: "split_out_of_range",
    });
  });
});

describe("PATCH /editor/videos/{id}: edits a viewer would see as wrong", () => {
  // A My Media clip of 10 s placed whole at 0 s, and an image over it from 2 s to 5 s.
  async function clipAndImage(): Promise<{ clip: string; image: string }> {
    const add = (body: Record<string, unknown>) =>
      harness.call("POST", `/editor/videos/${id}/media`, { key: KEYS.acme, body });
    const mediaId = await insertMedia(harness, { metadata: { duration_seconds: 10 } });
    const clip = await add({ media_id: mediaId });
    const image = await add({
      url: "https://cdn.example.com/still.png",
      media_type: "image",
      from_seconds: 2,
      duration_seconds: 3,
    });
    expect([clip.status, image.status]).toEqual([200, 200]);
    return { clip: clip.body.item_id, image: image.body.item_id };
  }

  it("puts an image added over a full-frame video in front of it", async () => {
    const { clip, image } = await clipAndImage();
    const { editor } = await readProject(harness, id);
    const position = (itemId: string) =>
      editor.tracks.findIndex((track: { items: string[] }) => track.items.includes(itemId));
    expect(position(image)).toBeLessThan(position(clip));
  });

  it.each<[string, (ids: { clip: string; image: string }) => unknown[], string]>([
    [
      "a clip longer than its media",
      ({ clip }) => [{ type: "set_item_timing", item_id: clip, duration_seconds: 25 }],
      "source_out_of_range",
    ],
    [
      "a transition that would move the incoming item later",
      ({ clip, image }) => [
        { type: "set_item_source", item_id: clip, playback_rate: 1 },
        { type: "apply_item_transition", from_item_id: clip, to_item_id: image },
      ],
      "invalid_transition",
    ],
    [
      "captions running longer than an hour",
      () => [
        { type: "set_title", title: "Long" },
        {
          type: "add_captions",
          captions: [
            { text: "Start", startMs: 0, endMs: 1000 },
            { text: "Much later", startMs: 7_199_000, endMs: 7_200_000 },
          ],
        },
      ],
      "invalid_captions",
    ],
  ])("answers a structured 400 for %s, naming the operation", async (_name, operations, code) => {
    const ids = await clipAndImage();
    const before = await readProject(harness, id);
    const list = operations(ids);
    const response = await patchProject(harness, id, { operations: list });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: "bad_request",
      retryable: false,
      context: { operation_index: list.length - 1, edit_code: code },
    });
    expect(await readProject(harness, id)).toEqual(before);
  });
});

describe("PATCH /editor/videos/{id}: validation", () => {
  const text = (index: number) => ({ type: "add_text", text: `T${index}` });

  it("accepts 50 operations and refuses 51", async () => {
    const fifty = await patchProject(harness, id, {
      operations: Array.from({ length: 50 }, (_, index) => text(index)),
    });
    expect(fifty.status).toBe(200);
    expect(fifty.body.editor_summary.itemCount).toBe(50);
    const fiftyOne = await patchProject(harness, id, {
      operations: Array.from({ length: 51 }, (_, index) => text(index)),
    });
    expect(fiftyOne.status).toBe(400);
    expect(fiftyOne.body.error.context.fields[0].path).toBe("operations");
    expect((await readProject(harness, id)).editor_summary.itemCount).toBe(50);
  });

  it.each([
    ["an unknown operation type", { operations: [{ type: "explode" }] }],
    ["an empty body", {}],
    ["an empty operation list without instructions", { operations: [] }],
    ["a misspelled field", { operations: [{ type: "add_text", text: "x", from_second: 1 }] }],
    [
      "an out-of-range duration",
      { operations: [{ type: "add_text", text: "x", duration_seconds: 0 }] },
    ],
    ["an unknown top-level field", { instructions: "x", operation: [] }],
    [
      "a voiceover mixed with other edits",
      {
        operations: [
          { type: "add_voiceover", text: "Hello" },
          { type: "add_text", text: "x" },
        ],
      },
    ],
  ])("refuses %s with 400", async (_name, body) => {
    const response = await patchProject(harness, id, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("bad_request");
    expect(response.body.error.context.location).toBe("body");
    expect(await storedVersion(harness, id)).toBe(0);
  });

  it("refuses a malformed id with 400 and a missing project with 404", async () => {
    const malformed = await patchProject(harness, 0, { instructions: "x" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.context.location).toBe("path");
    const missing = await patchProject(harness, 999, {
      operations: [{ type: "add_text", text: "x" }],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: "not_found", context: { video_id: 999 } });
  });
});

describe("PATCH /editor/videos/{id}: access", () => {
  const body = { operations: [{ type: "set_title", title: "Mine now" }] };

  it("answers 404 for another organization's project and changes nothing", async () => {
    const response = await patchProject(harness, id, body, { key: KEYS.other });
    expect(response.status).toBe(404);
    expect((await readProject(harness, id)).title).toBe("Draft");
  });

  it("needs write scope (403), a key (401) and a subscription (402)", async () => {
    expect((await patchProject(harness, id, body, { key: KEYS.acmeRead })).status).toBe(403);
    expect((await patchProject(harness, id, body, { key: KEYS.acmeSocial })).status).toBe(403);
    expect((await patchProject(harness, id, body, { key: KEYS.revoked })).status).toBe(401);
    const anonymous = await harness.call("PATCH", `/editor/videos/${id}`, { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("unauthorized");
    expect((await patchProject(harness, id, body, { key: KEYS.lapsed })).status).toBe(402);
    expect((await readProject(harness, id)).title).toBe("Draft");
    expect((await patchProject(harness, id, body, { key: KEYS.acmeWrite })).status).toBe(200);
  });

  it("does not make plain edits idempotent: a body key is accepted and ignored", async () => {
    const keyed = { idempotency_key: "edit-1", operations: [{ type: "add_text", text: "x" }] };
    expect((await patchProject(harness, id, keyed)).status).toBe(200);
    const again = await patchProject(harness, id, keyed);
    expect(again.status).toBe(200);
    expect(again.body.idempotent_replay).toBeUndefined();
    expect(again.body.editor_summary.itemCount).toBe(2);
  });
});

describe("PATCH /editor/videos/{id}: concurrency", () => {
  it("keeps all 20 parallel edits", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        patchProject(harness, id, { operations: [{ type: "add_text", text: `Line ${index}` }] }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    const video = await readProject(harness, id);
    expect(video.editor_summary.itemCount).toBe(20);
    const texts = Object.values(video.editor.items).map((item) => (item as { text: string }).text);
    expect(new Set(texts).size).toBe(20);
    expect(await storedVersion(harness, id)).toBe(20);
  });
});
