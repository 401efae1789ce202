import { describe, expect, it } from "vitest";
import {
  BYTES,
  createMediaHarness,
  createProject,
  inlineBody,
  KEYS,
  type MediaHarness,
  multipartForm,
} from "./media-support.js";

async function readEditor(harness: MediaHarness, videoId: number) {
  const response = await harness.call("GET", `/editor/videos/${videoId}`, { key: KEYS.acme });
  return response.body.video.editor;
}

describe("POST /editor/media with add_to_editor", () => {
  it("adds the new item to the project and answers where it landed", async () => {
    const harness = await createMediaHarness();
    const videoId = await createProject(harness);
    const response = await harness.upload(
      inlineBody(BYTES.png, "logo.png", "image/png", {
        add_to_editor: true,
        video_id: videoId,
        placement: { from_seconds: 2, duration_seconds: 3, fit: "contain" },
      }),
    );
    expect(response.status).toBe(200);
    const { media, editor } = response.body;
    expect(editor).toMatchObject({
      video_id: videoId,
      editor_summary: { itemCount: 1, assetCount: 1, itemTypes: { image: 1 } },
    });
    const state = await readEditor(harness, videoId);
    expect(state.assets[editor.asset_id]).toMatchObject({
      type: "image",
      url: media.url,
      mediaId: media.id,
      name: "logo.png",
    });
    expect(state.items[editor.item_id]).toMatchObject({
      type: "image",
      from: 60,
      durationInFrames: 90,
      fit: "contain",
    });
    expect((await harness.list()).body.media.map((item: { id: string }) => item.id)).toEqual([
      media.id,
    ]);
    expect(harness.serverErrors).toEqual([]);
  });

  it("places audio and GIFs as their own item types", async () => {
    const harness = await createMediaHarness();
    const videoId = await createProject(harness);
    const audio = await harness.upload(
      inlineBody(BYTES.mp3, "music.mp3", "audio/mpeg", {
        add_to_editor: true,
        video_id: videoId,
        placement: { audio_role: "music" },
      }),
    );
    expect(audio.status).toBe(200);
    const gif = await harness.upload(
      inlineBody(BYTES.gif, "wave.gif", "image/gif", { add_to_editor: true, video_id: videoId }),
    );
    expect(gif.status).toBe(200);
    const state = await readEditor(harness, videoId);
    expect(state.items[audio.body.editor.item_id]).toMatchObject({
      type: "audio",
      audioRole: "music",
    });
    expect(state.items[gif.body.editor.item_id]).toMatchObject({ type: "gif" });
  });

  it("takes placement as individual multipart fields or as a JSON string", async () => {
    const harness = await createMediaHarness();
    const videoId = await createProject(harness);
    const file = { bytes: BYTES.mp4, name: "clip.mp4", type: "video/mp4" };
    const fields = await harness.call("POST", "/editor/media", {
      key: KEYS.acme,
      body: multipartForm(file, {
        add_to_editor: "true",
        video_id: String(videoId),
        from_seconds: "1",
        duration_seconds: "2",
      }),
    });
    expect(fields.status).toBe(200);
    const json = await harness.call("POST", "/editor/media", {
      key: KEYS.acme,
      body: multipartForm(file, {
        add_to_editor: "true",
        video_id: String(videoId),
        placement: JSON.stringify({ from_seconds: 4, duration_seconds: 1 }),
      }),
    });
    expect(json.status).toBe(200);
    const state = await readEditor(harness, videoId);
    expect(state.items[fields.body.editor.item_id]).toMatchObject({
      from: 30,
      durationInFrames: 60,
    });
    expect(state.items[json.body.editor.item_id]).toMatchObject({
      from: 120,
      durationInFrames: 30,
    });
  });

  it("answers 404 for an unknown or foreign project and creates no item", async () => {
    const harness = await createMediaHarness({
      urls: { "https://cdn.example.com/a.png": { body: BYTES.png, contentType: "image/png" } },
    });
    const foreign = await createProject(harness, KEYS.other);
    for (const videoId of [999, foreign]) {
      const response = await harness.upload(
        inlineBody(BYTES.png, "a.png", "image/png", { add_to_editor: true, video_id: videoId }),
      );
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({
        code: "not_found",
        context: { video_id: videoId },
      });
    }
    const imported = await harness.upload({
      source_url: "https://cdn.example.com/a.png",
      add_to_editor: true,
      video_id: 999,
    });
    expect(imported.status).toBe(404);
    expect((await harness.list()).body.media).toEqual([]);
  });

  it("keeps no item when the placement fails", async () => {
    const harness = await createMediaHarness();
    const videoId = await createProject(harness);
    const response = await harness.upload(
      inlineBody(BYTES.png, "a.png", "image/png", {
        add_to_editor: true,
        video_id: videoId,
        placement: { track_id: "no-such-track" },
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.context).toMatchObject({ edit_code: "track_not_found" });
    expect((await harness.list()).body.media).toEqual([]);
    expect((await readEditor(harness, videoId)).items).toEqual({});
  });

  it("refuses add_to_editor without video_id and a placement without add_to_editor", async () => {
    const harness = await createMediaHarness();
    const noVideo = await harness.upload(
      inlineBody(BYTES.png, "a.png", "image/png", { add_to_editor: true }),
    );
    expect(noVideo.status).toBe(400);
    expect(noVideo.body.error.context.fields[0].path).toBe("video_id");
    const stray = await harness.upload(
      inlineBody(BYTES.png, "a.png", "image/png", { placement: { from_seconds: 1 } }),
    );
    expect(stray.status).toBe(400);
    expect(stray.body.error.context.fields[0].path).toBe("placement");
    expect((await harness.list()).body.media).toEqual([]);
  });
});
