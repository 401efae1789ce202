import { afterEach, describe, expect, it } from "vitest";
import { toOrganizationId } from "../../../src/organization-id.js";
import type { Renderer } from "../../../src/ports/renderer.js";
import { readStored } from "../../support/stored-object.js";
import { createHarness, type Harness, KEYS } from "../support/harness.js";
import { redBoxProject } from "./export-and-frame-support.js";

// The export job streams the renderer's output into storage; these renderers write
// without ffmpeg, so the streaming itself is what is checked.

const CHUNKS = [
  new Uint8Array([0, 0, 0, 24]),
  new TextEncoder().encode("ftypisom"),
  new Uint8Array(12),
];

function streamingRenderer(failAfterWriting: boolean): Renderer {
  const unused = async () => ({
    ok: false as const,
    error: { code: "render_failed" as const, message: "unused" },
  });
  return {
    async renderVideo(_plan, target) {
      if (target.sink === undefined) throw new Error("expected a sink");
      const writer = target.sink.getWriter();
      for (const chunk of CHUNKS) await writer.write(chunk);
      if (failAfterWriting) {
        writer.releaseLock();
        return { ok: false, error: { code: "output_unwritable", message: "The disk is full." } };
      }
      await writer.close();
      return {
        ok: true,
        value: { sizeBytes: 24, width: 270, height: 480, frameCount: 1, durationSeconds: 1 },
      };
    },
    renderFrame: unused,
    renderContactSheet: unused,
  } as Renderer;
}

let harness: Harness;
afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

async function exportWith(failAfterWriting: boolean) {
  harness = await createHarness({ renderer: () => streamingRenderer(failAfterWriting) });
  const id = await redBoxProject(harness);
  const queued = await harness.call("POST", `/editor/videos/${id}/export`, {
    key: KEYS.acme,
    body: { resolution: "480p" },
  });
  expect(queued.status).toBe(200);
  await harness.runJobs();
  const video = await harness.deps.stores.videos.get(toOrganizationId(1), id);
  const contentHash = video?.lastExport?.contentHash ?? "";
  expect(contentHash).toMatch(/^[0-9a-f]{16,}$/);
  const objectKey = `exports/1/${id}/${contentHash}.mp4`;
  return { id, objectKey, status: video?.lastExport?.status };
}

describe("the export job's output", () => {
  it("is stored as the renderer streams it, whole once the renderer closes it", async () => {
    const { objectKey, status } = await exportWith(false);
    expect(status).toBe("completed");
    const stored = await readStored(harness.storage, objectKey);
    expect(stored?.contentType).toBe("video/mp4");
    expect([...(stored?.bytes ?? [])]).toEqual(CHUNKS.flatMap((chunk) => [...chunk]));
  });

  it("is not stored at all when the render fails after writing part of it", async () => {
    const { objectKey, status } = await exportWith(true);
    expect(status).toBe("error");
    expect(await readStored(harness.storage, objectKey)).toBeUndefined();
  });
});
