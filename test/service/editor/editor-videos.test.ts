import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toOrganizationId } from "../../../src/organization-id.js";
import { createHarness, type Harness, KEYS } from "../support/harness.js";
import { createProject } from "./editor-support.js";

let harness: Harness;

beforeEach(async () => {
  harness = await createHarness();
});

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

describe("POST /editor/videos", () => {
  it("creates an empty, ready 9:16 project at 30 fps by default", async () => {
    const response = await harness.call("POST", "/editor/videos", {
      key: KEYS.acme,
      body: { title: "Spring launch" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      object: "editor_video",
      video: {
        id: 1,
        title: "Spring launch",
        status: "ready",
        video_type: "editor",
        aspect_ratio: { width: 1080, height: 1920 },
        created_at: "2026-11-22T09:00:00.000Z",
        revision: 0,
        editor_summary: {
          trackCount: 0,
          itemCount: 0,
          assetCount: 0,
          fps: 30,
          compositionWidth: 1080,
          compositionHeight: 1920,
          itemTypes: {},
          totalDurationFrames: 0,
          totalDurationSeconds: 0,
        },
        editor: {
          title: "Spring launch",
          tracks: [],
          items: {},
          assets: {},
          fps: 30,
          compositionWidth: 1080,
          compositionHeight: 1920,
        },
      },
    });
    expect(await harness.available()).toBe(5000);
    const stored = await harness.deps.stores.videos.get(toOrganizationId(1), 1);
    expect(stored).toMatchObject({ kind: "editor", version: 0, instructions: [], url: null });
  });

  it("accepts an empty body: untitled", async () => {
    const response = await harness.call("POST", "/editor/videos", { key: KEYS.acme, body: {} });
    expect(response.status).toBe(200);
    expect(response.body.video.title).toBeNull();
  });

  it.each([
    ["9:16", 1080, 1920],
    ["16:9", 1920, 1080],
    ["1:1", 1080, 1080],
    ["4:5", 1080, 1350],
  ])("sizes a %s composition %ix%i", async (ratio, width, height) => {
    const response = await harness.call("POST", "/editor/videos", {
      key: KEYS.acme,
      body: { aspect_ratio: ratio, fps: 24 },
    });
    expect(response.status).toBe(200);
    expect(response.body.video.aspect_ratio).toEqual({ width, height });
    expect(response.body.video.editor_summary.fps).toBe(24);
  });

  it.each([1, 120])("accepts fps %i", async (fps) => {
    const response = await harness.call("POST", "/editor/videos", {
      key: KEYS.acme,
      body: { fps },
    });
    expect(response.status).toBe(200);
    expect(response.body.video.editor.fps).toBe(fps);
  });

  it.each([0, 121, 29.97, "30"])("refuses fps %s with 400", async (fps) => {
    const response = await harness.call("POST", "/editor/videos", {
      key: KEYS.acme,
      body: { fps },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("bad_request");
    expect(response.body.error.context.fields[0].path).toBe("fps");
  });

  it("refuses an unknown aspect ratio and unknown fields", async () => {
    const ratio = await harness.call("POST", "/editor/videos", {
      key: KEYS.acme,
      body: { aspect_ratio: "4:3" },
    });
    expect(ratio.status).toBe(400);
    const unknown = await harness.call("POST", "/editor/videos", {
      key: KEYS.acme,
      body: { titel: "typo" },
    });
    expect(unknown.status).toBe(400);
    expect(await harness.deps.stores.videos.list(toOrganizationId(1), { limit: 100 })).toHaveLength(
      0,
    );
  });

  it("needs write scope, a valid key and a subscription", async () => {
    const body = { title: "x" };
    expect((await harness.call("POST", "/editor/videos", { body })).status).toBe(401);
    expect((await harness.call("POST", "/editor/videos", { key: KEYS.revoked, body })).status).toBe(
      401,
    );
    const read = await harness.call("POST", "/editor/videos", { key: KEYS.acmeRead, body });
    expect(read.status).toBe(403);
    expect(read.body.error.code).toBe("forbidden");
    const lapsed = await harness.call("POST", "/editor/videos", { key: KEYS.lapsed, body });
    expect(lapsed.status).toBe(402);
    expect(lapsed.body.error.code).toBe("payment_required");
    expect(
      (await harness.call("POST", "/editor/videos", { key: KEYS.acmeWrite, body })).status,
    ).toBe(200);
  });
});

describe("GET /editor/videos", () => {
  it("lists only the organization's editor projects, newest first", async () => {
    const first = await createProject(harness, { title: "First" });
    const second = await createProject(harness, { title: "Second" });
    await createProject(harness, { title: "Theirs" }, KEYS.other);
    const response = await harness.call("GET", "/editor/videos", { key: KEYS.acmeRead });
    expect(response.status).toBe(200);
    expect(response.body.object).toBe("editor_video_list");
    expect(response.body.videos.map((video: { id: number }) => video.id)).toEqual([second, first]);
    const theirs = await harness.call("GET", "/editor/videos", { key: KEYS.other });
    expect(theirs.body.videos.map((video: { title: string }) => video.title)).toEqual(["Theirs"]);
  });

  it("leaves out videos that are not editor projects", async () => {
    const project = await createProject(harness);
    const id = await harness.deps.stores.videos.nextId(toOrganizationId(1));
    await harness.deps.stores.videos.insert([
      {
        id,
        organizationId: toOrganizationId(1),
        createdAt: "2026-11-22T09:00:00.000Z",
        updatedAt: "2026-11-22T09:00:00.000Z",
        kind: "faceless_video",
        title: "Faceless",
        status: "queued",
        url: null,
        failure: null,
        holdId: "hold",
        aspectRatio: "9:16",
        script: null,
        editor: null,
        instructions: [],
        version: 0,
      },
    ]);
    const response = await harness.call("GET", "/editor/videos", { key: KEYS.acme });
    expect(response.body.videos.map((video: { id: number }) => video.id)).toEqual([project]);
    const get = await harness.call("GET", `/editor/videos/${id}`, { key: KEYS.acme });
    expect(get.status).toBe(404);
    const patch = await harness.call("PATCH", `/editor/videos/${id}`, {
      key: KEYS.acme,
      body: { operations: [{ type: "set_title", title: "Hijack" }] },
    });
    expect(patch.status).toBe(404);
    expect((await harness.deps.stores.videos.get(toOrganizationId(1), id))?.title).toBe("Faceless");
  });

  it("applies limit: default 30, 100 accepted, 0 and 101 refused", async () => {
    for (let index = 0; index < 32; index += 1)
      await createProject(harness, { title: `P${index}` });
    const byDefault = await harness.call("GET", "/editor/videos", { key: KEYS.acme });
    expect(byDefault.body.videos).toHaveLength(30);
    expect(byDefault.body.videos[0].title).toBe("P31");
    const two = await harness.call("GET", "/editor/videos?limit=2", { key: KEYS.acme });
    expect(two.body.videos.map((video: { title: string }) => video.title)).toEqual(["P31", "P30"]);
    const hundred = await harness.call("GET", "/editor/videos?limit=100", { key: KEYS.acme });
    expect(hundred.status).toBe(200);
    expect(hundred.body.videos).toHaveLength(32);
    for (const limit of ["0", "101", "ten", "1.5"]) {
      const refused = await harness.call("GET", `/editor/videos?limit=${limit}`, {
        key: KEYS.acme,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.context.location).toBe("query");
    }
    const unknown = await harness.call("GET", "/editor/videos?page=2", { key: KEYS.acme });
    expect(unknown.status).toBe(400);
  });

  it("answers 401, 402 and accepts read or write keys", async () => {
    expect((await harness.call("GET", "/editor/videos")).status).toBe(401);
    expect((await harness.call("GET", "/editor/videos", { key: KEYS.lapsed })).status).toBe(402);
    expect((await harness.call("GET", "/editor/videos", { key: KEYS.acmeSocial })).status).toBe(
      403,
    );
    expect((await harness.call("GET", "/editor/videos", { key: KEYS.acmeRead })).status).toBe(200);
    expect((await harness.call("GET", "/editor/videos", { key: KEYS.acmeWrite })).status).toBe(200);
  });
});

describe("GET /editor/videos/{id}", () => {
  it("reads a project with read or write scope", async () => {
    const id = await createProject(harness, { title: "Read me", aspect_ratio: "16:9" });
    for (const key of [KEYS.acme, KEYS.acmeRead, KEYS.acmeWrite]) {
      const response = await harness.call("GET", `/editor/videos/${id}`, { key });
      expect(response.status).toBe(200);
      expect(response.body.object).toBe("editor_video");
      expect(response.body.video).toMatchObject({ id, title: "Read me", status: "ready" });
      expect(response.body.video.aspect_ratio).toEqual({ width: 1920, height: 1080 });
    }
  });

  it("answers 404 for a missing project and for another organization's", async () => {
    const id = await createProject(harness);
    const missing = await harness.call("GET", "/editor/videos/999", { key: KEYS.acme });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: "not_found", retryable: false });
    const other = await harness.call("GET", `/editor/videos/${id}`, { key: KEYS.other });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({
      error: {
        ...missing.body.error,
        message: other.body.error.message,
        context: { video_id: id },
      },
    });
  });

  it("answers 400 for a malformed id", async () => {
    for (const id of ["0", "abc", "1.5", "-3"]) {
      const response = await harness.call("GET", `/editor/videos/${id}`, { key: KEYS.acme });
      expect(response.status).toBe(400);
      expect(response.body.error.context.location).toBe("path");
    }
  });

  it("answers 401, 402 and 403 before looking", async () => {
    const id = await createProject(harness);
    expect((await harness.call("GET", `/editor/videos/${id}`)).status).toBe(401);
    expect((await harness.call("GET", `/editor/videos/${id}`, { key: KEYS.lapsed })).status).toBe(
      402,
    );
    expect(
      (await harness.call("GET", `/editor/videos/${id}`, { key: KEYS.acmeSocial })).status,
    ).toBe(403);
  });
});
