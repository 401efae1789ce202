import { createStaticUrlFetcher } from "reelkit";
import { afterEach, expect, it } from "vitest";
import { toOrganizationId } from "../../../src/organization-id.js";
import { MEDIA_FILES } from "../../media/media-samples.js";
import { describeRendering } from "../../render/support/ffmpeg.js";
import { probe } from "../../support/ffprobe.js";
import { createHarness, type Harness, KEYS } from "../support/harness.js";
import { createProject, patchProject, readProject } from "./editor-support.js";
import {
  clipProject,
  redBoxProject,
  renderingHarness,
  storedBytes,
} from "./export-and-frame-support.js";

const START_CREDITS = 5000;
// A timeline up to a minute long costs 5 credits.
const EXPORT_PRICE = 5;

let harness: Harness;

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

function exportVideo(id: number, body: unknown = { resolution: "480p" }, headers = {}) {
  return harness.call("POST", `/editor/videos/${id}/export`, { key: KEYS.acme, body, headers });
}

function getVideo(id: number) {
  return harness.call("GET", `/videos/${id}`, { key: KEYS.acme });
}

describeRendering("POST /editor/videos/{id}/export", () => {
  it("queues an export, charges once, and completes with the MP4's url on GET /videos/{id}", async () => {
    harness = await renderingHarness();
    const id = await clipProject(harness);
    const totalSeconds = (await readProject(harness, id)).editor_summary.totalDurationSeconds;

    const queued = await exportVideo(id);
    expect(queued.status).toBe(200);
    expect(queued.body).toEqual({
      object: "editor_video_export",
      video_id: id,
      status: "queued",
      resolution: "480p",
      width: 854,
      height: 480,
      duration_seconds: totalSeconds,
      url: null,
      reused: false,
      credits_deducted: EXPORT_PRICE,
      remaining_credits: START_CREDITS - EXPORT_PRICE,
    });
    expect((await getVideo(id)).body).toMatchObject({
      status: "queued",
      url: null,
      video_url: null,
    });

    expect(await harness.runJobs()).toBe(1);
    const video = (await getVideo(id)).body;
    expect(video).toMatchObject({ object: "video", id, status: "completed", video_type: "editor" });
    expect(video.url).toMatch(/^http:\/\/reelkit\.test\/files\/.+\.mp4$/);
    expect(video.video_url).toBe(video.url);
    expect(video.error).toBeNull();
    const balance = await harness.deps.credits.balance(toOrganizationId(1));
    expect([balance.available, balance.pending, balance.posted]).toEqual([
      START_CREDITS - EXPORT_PRICE,
      0,
      START_CREDITS - EXPORT_PRICE,
    ]);

    const mp4 = probe(await storedBytes(harness, video.url), "mp4");
    expect(mp4.streams.map((stream) => stream.codec_name).sort()).toEqual(["aac", "h264"]);
    expect(mp4.streams.find((stream) => stream.codec_type === "video")).toMatchObject({
      width: 854,
      height: 480,
    });
    expect(Math.abs(mp4.durationSeconds - totalSeconds)).toBeLessThanOrEqual(1 / 30);
    // The project itself stays an editable, ready project.
    expect((await readProject(harness, id)).status).toBe("ready");
  });

  it("reuses the export of an unchanged project without a charge, and exports again after an edit", async () => {
    harness = await renderingHarness();
    const id = await redBoxProject(harness);
    await exportVideo(id);
    await harness.runJobs();
    const first = (await getVideo(id)).body.url as string;

    const again = await exportVideo(id);
    expect(again.body).toMatchObject({
      status: "completed",
      reused: true,
      url: first,
      credits_deducted: 0,
      remaining_credits: START_CREDITS - EXPORT_PRICE,
    });
    expect(await harness.runJobs()).toBe(0);
    // Another resolution is other content.
    expect((await exportVideo(id, { resolution: "720p" })).body).toMatchObject({
      status: "queued",
      reused: false,
      credits_deducted: EXPORT_PRICE,
    });
    await harness.runJobs();

    await patchProject(harness, id, { operations: [{ type: "set_title", title: "Renamed" }] });
    const edited = await exportVideo(id, { resolution: "720p" });
    expect(edited.body).toMatchObject({ status: "queued", reused: false, url: null });
    expect(await harness.runJobs()).toBe(1);
    expect(await harness.available()).toBe(START_CREDITS - 3 * EXPORT_PRICE);
  });

  it("answers a second export of a project whose export is still queued with that export, free", async () => {
    harness = await renderingHarness();
    const id = await redBoxProject(harness);
    await exportVideo(id);
    expect((await exportVideo(id)).body).toMatchObject({
      status: "queued",
      reused: true,
      credits_deducted: 0,
    });
    expect(await harness.runJobs()).toBe(1);
    expect(await harness.available()).toBe(START_CREDITS - EXPORT_PRICE);
  });

  it("refunds an export replaced by a newer one before it ran, exactly once", async () => {
    harness = await renderingHarness();
    const id = await redBoxProject(harness);
    await exportVideo(id);
    await exportVideo(id, { resolution: "720p" });
    expect(await harness.available()).toBe(START_CREDITS - EXPORT_PRICE);
    expect(await harness.runJobs()).toBe(2);
    expect((await getVideo(id)).body.status).toBe("completed");
    const balance = await harness.deps.credits.balance(toOrganizationId(1));
    expect([balance.available, balance.pending]).toEqual([START_CREDITS - EXPORT_PRICE, 0]);
  });

  it("fails a render whose media cannot be read: error status, structured error, credits refunded once", async () => {
    // The media is read when it is placed, and gone from its host by the time it renders.
    const gone = "https://cdn.example.com/gone.mp4";
    const present = createStaticUrlFetcher({
      [gone]: { body: MEDIA_FILES.mp4, contentType: "video/mp4" },
    });
    const absent = createStaticUrlFetcher({});
    let removed = false;
    harness = await renderingHarness({
      urlFetcher: { fetch: (url, options) => (removed ? absent : present).fetch(url, options) },
    });
    const id = await createProject(harness, { title: "Broken", aspect_ratio: "1:1" });
    const placed = await harness.call("POST", `/editor/videos/${id}/media`, {
      key: KEYS.acme,
      body: { url: gone, media_type: "video", duration_seconds: 2 },
    });
    expect(placed.status).toBe(200);
    removed = true;
    expect((await exportVideo(id)).body.status).toBe("queued");
    expect(await harness.available()).toBe(START_CREDITS - EXPORT_PRICE);

    await harness.runJobs();
    const video = (await getVideo(id)).body;
    expect(video).toMatchObject({ status: "error", url: null, video_url: null });
    expect(video.error).toMatchObject({
      code: "generation_failed",
      category: "media_unavailable",
      retryable: false,
      credits_returned: true,
    });
    expect(video.error.message).toContain("https://cdn.example.com/gone.mp4");
    expect(await harness.available()).toBe(START_CREDITS);

    // The same job delivered again settles nothing twice.
    const stored = await harness.deps.stores.videos.get(toOrganizationId(1), id);
    const holdId = stored?.lastExport?.holdId ?? "";
    await harness.service.processJob({
      id: "redelivered",
      kind: "editor_export",
      organizationId: toOrganizationId(1),
      resourceId: String(id),
      holdId,
      input: {},
    });
    const balance = await harness.deps.credits.balance(toOrganizationId(1));
    expect([balance.available, balance.pending, balance.posted]).toEqual([
      START_CREDITS,
      0,
      START_CREDITS,
    ]);
  });

  it("replays the same idempotency key without a second charge, and refuses it on another project", async () => {
    harness = await renderingHarness();
    const id = await redBoxProject(harness);
    const key = { "Idempotency-Key": "export-once-1" };
    const first = await exportVideo(id, { resolution: "480p" }, key);
    const replay = await exportVideo(id, { resolution: "480p" }, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ ...first.body, idempotent_replay: true });
    expect(await harness.available()).toBe(START_CREDITS - EXPORT_PRICE);
    expect(await harness.runJobs()).toBe(1);

    const bodyKey = await exportVideo(id, { resolution: "720p", idempotency_key: "export-body-1" });
    expect(bodyKey.body.credits_deducted).toBe(EXPORT_PRICE);
    const bodyReplay = await exportVideo(id, {
      resolution: "720p",
      idempotency_key: "export-body-1",
    });
    expect(bodyReplay.body).toEqual({ ...bodyKey.body, idempotent_replay: true });

    const other = await redBoxProject(harness);
    const conflict = await exportVideo(other, { resolution: "480p" }, key);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe("idempotency_conflict");
  });

  it("takes a request without a body: the composition's own size, 1080p", async () => {
    harness = await renderingHarness();
    const id = await redBoxProject(harness);
    const response = await harness.handler(
      new Request(`http://reelkit.test/v1/editor/videos/${id}/export`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEYS.acme}` },
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "queued",
      resolution: "1080p",
      width: 1080,
      height: 1920,
      duration_seconds: 5,
    });
  });

  it("refuses what cannot be exported before charging: an empty timeline, a bad resolution, another organization's project", async () => {
    harness = await renderingHarness();
    const empty = await createProject(harness);
    const refused = await exportVideo(empty);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: "bad_request",
      context: { reason: "empty_timeline" },
    });
    const resolution = await exportVideo(empty, { resolution: "4k" });
    expect(resolution.status).toBe(400);
    expect(resolution.body.error.context.fields[0].path).toBe("resolution");
    const ours = await redBoxProject(harness);
    const theirs = await harness.call("POST", `/editor/videos/${ours}/export`, {
      key: KEYS.other,
      body: {},
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("not_found");
    const readOnly = await harness.call("POST", `/editor/videos/${empty}/export`, {
      key: KEYS.acmeRead,
      body: {},
    });
    expect(readOnly.status).toBe(403);
    expect(await harness.available()).toBe(START_CREDITS);
    expect(await harness.runJobs()).toBe(0);
  });
});

it("answers exports without a renderer with a structured error naming it, and charges nothing", async () => {
  harness = await createHarness();
  const id = await redBoxProject(harness);
  const answer = await harness.call("POST", `/editor/videos/${id}/export`, {
    key: KEYS.acme,
    body: {},
  });
  expect(answer.status).toBe(400);
  expect(answer.body.error).toEqual({
    code: "bad_request",
    message: expect.stringContaining("no renderer"),
    retryable: false,
    context: { reason: "renderer_unavailable", missing: "renderer" },
  });
  expect(await harness.available()).toBe(START_CREDITS);
  expect(await harness.runJobs()).toBe(0);
  // Everything else works as before.
  expect((await harness.call("GET", `/videos/${id}`, { key: KEYS.acme })).body.status).toBe(
    "ready",
  );
});
