/**
 * Editor revisions through the API, on both store sets: numbering, entity tags and 304s,
 * stale preconditions answered 409 with nothing changed or charged, the history and its
 * pages, past revisions, undo and redo.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness, KEYS } from "../support/harness.js";
import { createProject, patchProject, readProject } from "./editor-support.js";

let harness: Harness;
let id: number;

beforeEach(async () => {
  harness = await createHarness();
  id = await createProject(harness);
});

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

const title = (value: string) => ({ operations: [{ type: "set_title", title: value }] });
const get = (path: string, headers: Record<string, string> = {}) =>
  harness.call("GET", path, { key: KEYS.acme, headers });
const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  harness.call("POST", path, {
    key: KEYS.acme,
    headers,
    ...(body === undefined ? {} : { body }),
  });
const history = (query = "") => get(`/editor/videos/${id}/revisions${query}`);

async function editTimes(count: number): Promise<void> {
  for (let index = 1; index <= count; index += 1) {
    const response = await patchProject(harness, id, title(`Take ${index}`));
    expect(response.status).toBe(200);
  }
}

describe("revision numbers", () => {
  it("starts at 0 and adds one per accepted batch, on the record and the edit result", async () => {
    expect((await readProject(harness, id)).revision).toBe(0);
    for (const expected of [1, 2, 3]) {
      const response = await patchProject(harness, id, title(`Take ${expected}`));
      expect(response.body.revision).toBe(expected);
      expect(response.headers.get("etag")).toBe(`"rev-${expected}"`);
    }
    expect((await readProject(harness, id)).revision).toBe(3);
    const listed = await get("/editor/videos");
    expect(listed.body.videos[0]).toMatchObject({ id, revision: 3, title: "Take 3" });
  });

  it("counts no revision for a rejected batch", async () => {
    const rejected = await patchProject(harness, id, {
      operations: [{ type: "remove_item", item_id: "missing" }],
    });
    expect(rejected.status).toBe(400);
    expect((await readProject(harness, id)).revision).toBe(0);
  });
});

describe("ETag and If-None-Match", () => {
  it("tags the project with its revision and answers 304 to the tag it holds", async () => {
    const first = await get(`/editor/videos/${id}`);
    expect(first.headers.get("etag")).toBe('"rev-0"');
    const again = await get(`/editor/videos/${id}`, { "If-None-Match": '"rev-0"' });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.get("etag")).toBe('"rev-0"');
    expect(
      (await get(`/editor/videos/${id}`, { "If-None-Match": 'W/"rev-0", "rev-9"' })).status,
    ).toBe(304);
    await patchProject(harness, id, title("Changed"));
    const changed = await get(`/editor/videos/${id}`, { "If-None-Match": '"rev-0"' });
    expect(changed.status).toBe(200);
    expect(changed.body.video.title).toBe("Changed");
    expect(changed.headers.get("etag")).toBe('"rev-1"');
    expect((await get(`/editor/videos/${id}`, { "If-None-Match": "anything" })).status).toBe(200);
  });

  it("answers HEAD with the tag and no body", async () => {
    const response = await harness.call("HEAD", `/editor/videos/${id}`, { key: KEYS.acme });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe('"rev-0"');
  });
});

describe("preconditions on changes", () => {
  it("applies an edit whose If-Match or expected_revision is the latest revision", async () => {
    const tagged = await patchProject(harness, id, title("One"), {
      headers: { "If-Match": '"rev-0"' },
    });
    expect(tagged.body.revision).toBe(1);
    const expected = await patchProject(harness, id, { ...title("Two"), expected_revision: 1 });
    expect(expected.body.revision).toBe(2);
    const star = await patchProject(harness, id, title("Three"), { headers: { "If-Match": "*" } });
    expect(star.body.revision).toBe(3);
  });

  it("answers a stale If-Match or expected_revision with 409 and changes nothing", async () => {
    await patchProject(harness, id, title("Latest"));
    const before = await readProject(harness, id);
    const byHeader = await patchProject(harness, id, title("Stale"), {
      headers: { "If-Match": '"rev-0"' },
    });
    expect(byHeader.status).toBe(409);
    expect(byHeader.body.error).toMatchObject({
      code: "revision_conflict",
      retryable: false,
      context: { current_revision: 1, expected_revision: 0 },
    });
    const byBody = await patchProject(harness, id, { ...title("Stale"), expected_revision: 0 });
    expect(byBody.status).toBe(409);
    expect(byBody.body.error.context.current_revision).toBe(1);
    const disagreeing = await patchProject(
      harness,
      id,
      { ...title("Stale"), expected_revision: 1 },
      { headers: { "If-Match": '"rev-0"' } },
    );
    expect(disagreeing.status).toBe(409);
    expect(await readProject(harness, id)).toEqual(before);
    expect((await history()).body.revisions).toHaveLength(1);
  });

  it("compares If-Match strongly: a weak tag of the latest revision is a 409 and changes nothing", async () => {
    const before = await readProject(harness, id);
    const weak = await patchProject(harness, id, title("Weak"), {
      headers: { "If-Match": 'W/"rev-0"' },
    });
    expect(weak.status).toBe(409);
    expect(weak.body.error).toMatchObject({
      code: "revision_conflict",
      retryable: false,
      context: { current_revision: 0 },
    });
    const weakUndo = await post(`/editor/videos/${id}/undo`, undefined, {
      "If-Match": 'W/"rev-0"',
    });
    expect(weakUndo.status).toBe(409);
    expect(weakUndo.body.error.code).toBe("revision_conflict");
    expect(
      (
        await patchProject(
          harness,
          id,
          { ...title("Weak"), expected_revision: 0 },
          {
            headers: { "If-Match": 'W/"rev-0"' },
          },
        )
      ).status,
    ).toBe(409);
    expect(await readProject(harness, id)).toEqual(before);
    // A strong tag in the same list still matches.
    const listed = await patchProject(harness, id, title("Strong"), {
      headers: { "If-Match": 'W/"rev-0", "rev-0"' },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.revision).toBe(1);
  });

  it("refuses a malformed If-Match with 400 naming the header", async () => {
    const response = await patchProject(harness, id, title("x"), {
      headers: { "If-Match": "rev-0" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.context.fields[0].path).toBe("If-Match");
  });

  it("charges nothing for a stale voiceover", async () => {
    await patchProject(harness, id, title("Latest"));
    const credits = await harness.available();
    const response = await patchProject(
      harness,
      id,
      {
        operations: [{ type: "add_voiceover", text: "Hello there.", voice_id: "ash" }],
        expected_revision: 0,
      },
      { headers: { "Idempotency-Key": "stale-voice" } },
    );
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("revision_conflict");
    expect(await harness.available()).toBe(credits);
    expect((await readProject(harness, id)).editor_summary.itemCount).toBe(0);
  });
});

describe("GET /editor/videos/{id}/revisions", () => {
  it("lists revisions newest first with time, operation types, instructions and actor", async () => {
    await patchProject(harness, id, {
      instructions: "Add a title card",
      operations: [
        { type: "set_title", title: "Card" },
        { type: "add_text", text: "Hello" },
      ],
    });
    await post(`/editor/videos/${id}/undo`);
    const response = await history();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      object: "editor_revision_list",
      video_id: id,
      latest_revision: 2,
      revisions: [
        {
          revision: 2,
          created_at: "2026-11-22T09:00:00.000Z",
          actor: "undo",
          operation_types: [],
          instructions: null,
          target_revision: 1,
        },
        {
          revision: 1,
          created_at: "2026-11-22T09:00:00.000Z",
          actor: "api",
          operation_types: ["set_title", "add_text"],
          instructions: "Add a title card",
          target_revision: null,
        },
      ],
      next_cursor: null,
    });
  });

  it("pages with limit and cursor, limit 1 to 100", async () => {
    await editTimes(5);
    const first = await history("?limit=2");
    expect(first.body.revisions.map((entry: { revision: number }) => entry.revision)).toEqual([
      5, 4,
    ]);
    const second = await history(`?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.revisions.map((entry: { revision: number }) => entry.revision)).toEqual([
      3, 2,
    ]);
    const last = await history(`?limit=2&cursor=${second.body.next_cursor}`);
    expect(last.body.revisions.map((entry: { revision: number }) => entry.revision)).toEqual([1]);
    expect(last.body.next_cursor).toBeNull();
    const exact = await history("?limit=5");
    expect(exact.body.revisions).toHaveLength(5);
    expect(exact.body.next_cursor).toBeNull();
    expect((await history("?limit=1")).body.revisions).toHaveLength(1);
    expect((await history("?limit=100")).body.revisions).toHaveLength(5);
    for (const bad of ["?limit=0", "?limit=101", "?limit=x", "?cursor=5", "?cursor=r-1"]) {
      const response = await history(bad);
      expect(response.status, bad).toBe(400);
    }
  });

  it("answers 404 for a missing project or another organization's", async () => {
    expect((await get("/editor/videos/999/revisions")).status).toBe(404);
    const other = await harness.call("GET", `/editor/videos/${id}/revisions`, { key: KEYS.other });
    expect(other.status).toBe(404);
  });
});

describe("GET /editor/videos/{id}?revision=N", () => {
  it("reads the project as it was after each batch", async () => {
    const states = [(await readProject(harness, id)).editor];
    for (const index of [1, 2, 3]) {
      await patchProject(harness, id, {
        operations: [{ type: "add_text", text: `Line ${index}`, from_seconds: index }],
      });
      states.push((await readProject(harness, id)).editor);
    }
    for (const [revision, state] of states.entries()) {
      const response = await get(`/editor/videos/${id}?revision=${revision}`);
      expect(response.status).toBe(200);
      expect(response.body.video).toMatchObject({ revision, editor: state });
      expect(response.headers.get("etag")).toBe(`"rev-${revision}"`);
    }
  });

  it("answers 404 for a revision not made yet and 400 for one that is not a number", async () => {
    const later = await get(`/editor/videos/${id}?revision=1`);
    expect(later.status).toBe(404);
    expect(later.body.error.context).toMatchObject({ revision: 1, current_revision: 0 });
    expect((await get(`/editor/videos/${id}?revision=-1`)).status).toBe(400);
    expect((await get(`/editor/videos/${id}?revision=1.5`)).status).toBe(400);
  });

  it("keeps the last 100 revisions and forgets older ones", async () => {
    await editTimes(101);
    const forgotten = await get(`/editor/videos/${id}?revision=1`);
    expect(forgotten.status).toBe(404);
    expect(forgotten.body.error.context).toMatchObject({ revision: 1, oldest_revision: 2 });
    const oldest = await get(`/editor/videos/${id}?revision=2`);
    expect(oldest.body.video.title).toBe("Take 2");
    const listed = await history("?limit=100");
    expect(listed.body.revisions).toHaveLength(100);
    expect(listed.body.next_cursor).toBeNull();
    expect(listed.body.revisions.at(-1).revision).toBe(2);
  });
});

describe("undo and redo", () => {
  it("undoes and redoes as new revisions and refuses a redo after a new edit", async () => {
    expect((await post(`/editor/videos/${id}/undo`)).body.error.code).toBe("nothing_to_undo");
    expect((await post(`/editor/videos/${id}/redo`)).body.error.code).toBe("nothing_to_redo");
    await patchProject(harness, id, title("Edited"));
    const undone = await post(`/editor/videos/${id}/undo`, { expected_revision: 1 });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({
      object: "editor_revision_result",
      video_id: id,
      action: "undo",
      revision: 2,
      target_revision: 1,
    });
    expect(undone.headers.get("etag")).toBe('"rev-2"');
    expect((await readProject(harness, id)).title).toBe("Launch");
    const redone = await post(`/editor/videos/${id}/redo`, undefined, { "If-Match": '"rev-2"' });
    expect(redone.body).toMatchObject({ action: "redo", revision: 3, target_revision: 1 });
    expect((await readProject(harness, id)).title).toBe("Edited");
    await post(`/editor/videos/${id}/undo`);
    await patchProject(harness, id, title("New direction"));
    const refused = await post(`/editor/videos/${id}/redo`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "nothing_to_redo",
      retryable: false,
      context: { current_revision: 5 },
    });
  });

  it("answers a stale undo with 409 and changes nothing", async () => {
    await patchProject(harness, id, title("Edited"));
    const stale = await post(`/editor/videos/${id}/undo`, { expected_revision: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("revision_conflict");
    expect((await readProject(harness, id)).revision).toBe(1);
  });

  it("takes a paid voiceover off the timeline and refunds nothing", async () => {
    const voiced = await patchProject(
      harness,
      id,
      { operations: [{ type: "add_voiceover", text: "Hello there.", voice_id: "ash" }] },
      { headers: { "Idempotency-Key": "voice-1" } },
    );
    expect(voiced.status).toBe(200);
    const afterCharge = await harness.available();
    const undone = await post(`/editor/videos/${id}/undo`);
    expect(undone.body.editor_summary.itemCount).toBe(0);
    expect(await harness.available()).toBe(afterCharge);
    const redone = await post(`/editor/videos/${id}/redo`);
    expect(redone.body.editor_summary.itemCount).toBe(1);
    expect(await harness.available()).toBe(afterCharge);
  });

  it("needs the write scope and answers 404 for a missing project", async () => {
    await patchProject(harness, id, title("Edited"));
    const readOnly = await harness.call("POST", `/editor/videos/${id}/undo`, {
      key: KEYS.acmeRead,
    });
    expect(readOnly.status).toBe(403);
    expect((await post("/editor/videos/999/undo")).status).toBe(404);
    const other = await harness.call("POST", `/editor/videos/${id}/undo`, { key: KEYS.other });
    expect(other.status).toBe(404);
    expect((await post(`/editor/videos/${id}/undo`, { expected_revision: -1 })).status).toBe(400);
  });
});
