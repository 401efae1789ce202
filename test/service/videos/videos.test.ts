import { describe, expect, it } from "vitest";
import { get, post, putEditorProject, START } from "../generations/support.js";
import { createHarness, KEYS } from "../support/harness.js";

describe("GET /videos/{id}", () => {
  it("shows an editor project as ready, without URLs", async () => {
    const harness = await createHarness();
    const id = await putEditorProject(harness, "Launch cut");
    const response = await get(harness, `/videos/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      object: "video",
      id,
      status: "ready",
      video_url: null,
      url: null,
      title: "Launch cut",
      video_type: "editor",
      step: null,
      error: null,
      project_revision: 0,
      export_revision: null,
      export_outdated: null,
      created_at: START,
      updated_at: START,
    });
  });

  it("answers 400 for an id that is not a positive integer", async () => {
    const harness = await createHarness();
    for (const id of ["abc", "0", "1.5", "-1", "1e3"]) {
      const response = await get(harness, `/videos/${id}`);
      expect(response.status, id).toBe(400);
      expect(response.body.error.context.location).toBe("path");
    }
  });

  it("answers 404 for a missing video and for another organization's", async () => {
    const harness = await createHarness();
    const created = await post(harness, "/faceless-videos", { prompt: "octopus facts" });
    const path = `/videos/${created.body.video_id}`;
    expect((await get(harness, path)).status).toBe(200);
    const foreign = await get(harness, path, KEYS.other);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ code: "not_found", message: "No video has id 1." });
    expect((await get(harness, "/videos/999")).status).toBe(404);
  });

  it("answers 401, 402 and 403 by key, and reads with either generations scope", async () => {
    const harness = await createHarness();
    const id = await putEditorProject(harness, "Cut");
    const path = `/videos/${id}`;
    expect((await get(harness, path, KEYS.acmeRead)).status).toBe(200);
    expect((await get(harness, path, KEYS.acmeWrite)).status).toBe(200);
    expect((await get(harness, path, KEYS.acmeSocial)).status).toBe(403);
    expect((await get(harness, path, KEYS.lapsed)).status).toBe(402);
    const revoked = await get(harness, path, KEYS.revoked);
    expect(revoked.body.error.code).toBe("invalid_api_key");
    const anonymous = await harness.call("GET", path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("unauthorized");
  });
});
