import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { describeRendering, near, videoFrame } from "../../render/support/ffmpeg.js";
import { type Harness, KEYS } from "../support/harness.js";
import { patchProject, readProject } from "./editor-support.js";
import { redBoxProject, renderingHarness, storedBytes } from "./export-and-frame-support.js";

let harness: Harness;
let folder = "";

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
  if (folder !== "") rmSync(folder, { recursive: true, force: true });
  folder = "";
});

async function getVideo(id: number) {
  const response = await harness.call("GET", `/videos/${id}`, { key: KEYS.acme });
  expect(response.status).toBe(200);
  return response.body;
}

function exportVideo(id: number) {
  return harness.call("POST", `/editor/videos/${id}/export`, {
    key: KEYS.acme,
    body: { resolution: "480p" },
  });
}

// The colour in the middle of the red box (the frame's top-left quarter) of the first
// frame of the MP4 at `url`.
async function boxColour(url: string): Promise<[number, number, number]> {
  folder = mkdtempSync(join(tmpdir(), "reelkit-export-revision-"));
  const path = join(folder, "export.mp4");
  writeFileSync(path, await storedBytes(harness, url));
  const frame = videoFrame(path, 0);
  return frame.at(frame.width / 4, frame.height / 4);
}

describeRendering("GET /videos/{id} dates an editor project's export", () => {
  it("says which revision the file shows, and when edits and undos move the project past it", async () => {
    harness = await renderingHarness();
    const id = await redBoxProject(harness);
    expect(await getVideo(id)).toMatchObject({
      status: "ready",
      project_revision: 1,
      export_revision: null,
      export_outdated: null,
    });

    await exportVideo(id);
    expect(await getVideo(id)).toMatchObject({ status: "queued", export_revision: 1 });
    await harness.runJobs();
    const exported = await getVideo(id);
    expect(exported).toMatchObject({
      status: "completed",
      project_revision: 1,
      export_revision: 1,
      export_outdated: false,
    });
    expect(near(await boxColour(exported.url), [255, 0, 0], 40)).toBe(true);

    // The box moved to the right: the record still serves the file with the box on the
    // left, and says it is behind.
    const project = await readProject(harness, id);
    const solidId = Object.keys(project.editor.items)[0];
    const edited = await patchProject(harness, id, {
      operations: [{ type: "set_item_transform", item_id: solidId, left: 540 }],
    });
    expect(edited.status).toBe(200);
    const behind = await getVideo(id);
    expect(behind).toMatchObject({
      status: "completed",
      url: exported.url,
      project_revision: 2,
      export_revision: 1,
      export_outdated: true,
    });

    // Undone, the content is the exported one again, yet the revision moved on: still
    // outdated until exported again, which reuses the file free and dates it anew.
    const undone = await harness.call("POST", `/editor/videos/${id}/undo`, { key: KEYS.acme });
    expect(undone.status).toBe(200);
    expect(await getVideo(id)).toMatchObject({
      project_revision: 3,
      export_revision: 1,
      export_outdated: true,
    });
    expect((await exportVideo(id)).body).toMatchObject({ reused: true, url: exported.url });
    expect(await getVideo(id)).toMatchObject({
      url: exported.url,
      project_revision: 3,
      export_revision: 3,
      export_outdated: false,
    });
  });
});
