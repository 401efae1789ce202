import { PREVIEW_WIDTH_MAX, PREVIEW_WIDTH_MIN } from "reelkit/schemas";
import { afterEach, expect, it } from "vitest";
import { decodePng, describeRendering, near } from "../../render/support/ffmpeg.js";
import { createHarness, type Harness, KEYS } from "../support/harness.js";
import { createProject } from "./editor-support.js";
import { pngSize, redBoxProject, renderingHarness } from "./export-and-frame-support.js";

let harness: Harness;

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

function frame(id: number, query: string, key: string = KEYS.acme) {
  return harness.call("GET", `/editor/videos/${id}/frame?${query}`, { key });
}

describeRendering("GET /editor/videos/{id}/frame", () => {
  it("answers a PNG of the composition: the red box where it is, black elsewhere", async () => {
    harness = await renderingHarness();
    const id = await redBoxProject(harness);
    const answer = await frame(id, "at_seconds=2.5");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(Number(answer.headers.get("content-length"))).toBe(answer.bytes.byteLength);
    // The default width is 540; the height follows the 9:16 composition.
    expect(pngSize(answer.bytes)).toEqual({ width: 540, height: 960 });
    const picture = decodePng(answer.bytes, 540, 960);
    expect(near(picture.at(135, 240), [255, 0, 0])).toBe(true);
    expect(near(picture.at(260, 470), [255, 0, 0])).toBe(true);
    expect(near(picture.at(400, 700), [0, 0, 0])).toBe(true);
    expect(near(picture.at(135, 700), [0, 0, 0])).toBe(true);
  });

  it("answers a contact sheet of several instants, in order", async () => {
    harness = await renderingHarness();
    const id = await redBoxProject(harness);
    const answer = await frame(id, "at_seconds=0&at_seconds=1&at_seconds=4.5&width=100");
    expect(answer.status).toBe(200);
    // Three frames side by side, each 100 x 178 (177.8 rounded to even pixels).
    expect(pngSize(answer.bytes)).toEqual({ width: 300, height: 178 });
    const sheet = decodePng(answer.bytes, 300, 178);
    for (const cell of [0, 1, 2])
      expect(near(sheet.at(cell * 100 + 20, 40), [255, 0, 0])).toBe(true);
  });

  it("bounds the width: the minimum and maximum render, one past either is a 400 naming width", async () => {
    harness = await renderingHarness();
    const id = await redBoxProject(harness);
    expect(pngSize((await frame(id, `at_seconds=1&width=${PREVIEW_WIDTH_MIN}`)).bytes).width).toBe(
      PREVIEW_WIDTH_MIN,
    );
    expect(pngSize((await frame(id, `at_seconds=1&width=${PREVIEW_WIDTH_MAX}`)).bytes).width).toBe(
      PREVIEW_WIDTH_MAX,
    );
    for (const width of [PREVIEW_WIDTH_MIN - 1, PREVIEW_WIDTH_MAX + 1]) {
      const refused = await frame(id, `at_seconds=1&width=${width}`);
      expect(refused.status).toBe(400);
      expect(refused.headers.get("content-type")).toContain("application/json");
      expect(refused.body.error).toMatchObject({
        code: "bad_request",
        context: { location: "query", fields: [{ path: "width" }] },
      });
    }
  });

  it("refuses an instant at or past the end of the timeline, or written otherwise than in seconds", async () => {
    harness = await renderingHarness();
    const id = await redBoxProject(harness);
    expect((await frame(id, "at_seconds=4.9")).status).toBe(200);
    const atEnd = await frame(id, "at_seconds=5");
    expect(atEnd.status).toBe(400);
    expect(atEnd.body.error.context).toMatchObject({
      location: "query",
      fields: [{ path: "at_seconds", issue: "too_big" }],
      total_duration_seconds: 5,
    });
    const inSheet = await frame(id, "at_seconds=1&at_seconds=7");
    expect(inSheet.body.error.context.fields[0].path).toBe("at_seconds.1");
    for (const query of ["at_seconds=-1", "at_seconds=1e1", "width=100", "at_seconds=1&zoom=2"]) {
      const refused = await frame(id, query);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.context.location).toBe("query");
    }
    const empty = await createProject(harness);
    expect((await frame(empty, "at_seconds=0")).body.error.message).toContain("empty");
  });

  it("finds only the caller's own projects and takes either scope", async () => {
    harness = await renderingHarness();
    await createProject(harness);
    const id = await redBoxProject(harness);
    const theirs = await frame(id, "at_seconds=1", KEYS.other);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("not_found");
    expect((await frame(id, "at_seconds=1", KEYS.acmeRead)).status).toBe(200);
    expect((await frame(id, "at_seconds=1", KEYS.acmeWrite)).status).toBe(200);
    expect((await frame(id, "at_seconds=1", KEYS.acmeSocial)).status).toBe(403);
    const anonymous = await harness.call("GET", `/editor/videos/${id}/frame?at_seconds=1`);
    expect(anonymous.status).toBe(401);
  });
});

it("answers frames and contact sheets without a renderer with the same 400 naming it", async () => {
  harness = await createHarness();
  const id = await redBoxProject(harness);
  for (const query of ["at_seconds=1", "at_seconds=1&at_seconds=2"]) {
    const answer = await frame(id, query);
    expect(answer.status, query).toBe(400);
    expect(answer.body.error, query).toEqual({
      code: "bad_request",
      message: expect.stringContaining("no renderer"),
      retryable: false,
      context: { reason: "renderer_unavailable", missing: "renderer" },
    });
  }
});
