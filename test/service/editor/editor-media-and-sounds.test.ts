import { ProviderError } from "reelkit";
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
  id = await createProject(harness);
});

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

function addMedia(body: unknown, key: string = KEYS.acme, videoId: number = id) {
  return harness.call("POST", `/editor/videos/${videoId}/media`, { key, body });
}

describe("POST /editor/videos/{id}/media by url", () => {
  it("places a video from a direct URL on a new visual track", async () => {
    const url = "https://cdn.example.com/broll/city.mp4";
    const response = await addMedia({ url, duration_seconds: 4, width: 1920, height: 1080 });
    expect(response.status).toBe(200);
    const { asset_id: assetId, item_id: itemId } = response.body;
    expect(response.body).toEqual({
      object: "editor_media_addition",
      video_id: id,
      asset_id: assetId,
      item_id: itemId,
      editor_summary: expect.objectContaining({
        itemCount: 1,
        assetCount: 1,
        itemTypes: { video: 1 },
        totalDurationSeconds: 4,
      }),
    });
    const { editor } = await readProject(harness, id);
    expect(editor.assets[assetId]).toMatchObject({
      type: "video",
      url,
      width: 1920,
      height: 1080,
      durationSeconds: null,
      mediaId: null,
    });
    // Without item_width/item_height the item fills the composition.
    expect(editor.items[itemId]).toMatchObject({
      type: "video",
      assetId,
      from: 0,
      durationInFrames: 120,
      width: 1080,
      height: 1920,
      fit: "cover",
    });
    expect(await storedVersion(harness, id)).toBe(1);
  });

  it("reads item_width/item_height as the item's box and the placement fields", async () => {
    const response = await addMedia({
      url: "https://cdn.example.com/logo.png",
      filename: "logo.png",
      width: 512,
      height: 512,
      item_width: 200,
      item_height: 100,
      left: 40,
      top: 60,
      fit: "contain",
      from_seconds: 1,
      duration_seconds: 2,
    });
    expect(response.status).toBe(200);
    const { editor } = await readProject(harness, id);
    expect(editor.items[response.body.item_id]).toMatchObject({
      type: "image",
      left: 40,
      top: 60,
      width: 200,
      height: 100,
      fit: "contain",
      from: 30,
      durationInFrames: 60,
    });
    expect(editor.assets[response.body.asset_id]).toMatchObject({
      name: "logo.png",
      width: 512,
      height: 512,
    });
  });

  it.each([
    ["https://cdn.example.com/a.webm", undefined, "video"],
    ["https://cdn.example.com/a.MOV?sig=1", undefined, "video"],
    ["https://cdn.example.com/a.jpeg", undefined, "image"],
    ["https://cdn.example.com/a.webp", undefined, "image"],
    ["https://cdn.example.com/a.gif", undefined, "gif"],
    ["https://cdn.example.com/a.gif", "image", "gif"],
    ["https://cdn.example.com/a.wav", undefined, "audio"],
    ["https://cdn.example.com/a.ogg", undefined, "audio"],
    ["https://cdn.example.com/stream", "video", "video"],
    ["https://cdn.example.com/a.mp3", "voice", "audio"],
  ])("places %s (media_type %s) as a %s item", async (url, mediaType, itemType) => {
    const body = {
      url,
      duration_seconds: 2,
      ...(mediaType === undefined ? {} : { media_type: mediaType }),
    };
    const response = await addMedia(body);
    expect(response.status).toBe(200);
    const { editor } = await readProject(harness, id);
    expect(editor.items[response.body.item_id].type).toBe(itemType);
  });

  it("gives audio its role: voice for voice media, audio by default, or audio_role", async () => {
    const voice = await addMedia({
      url: "https://cdn.example.com/v.mp3",
      media_type: "voice",
      duration_seconds: 2,
    });
    const plain = await addMedia({ url: "https://cdn.example.com/a.mp3", duration_seconds: 2 });
    const music = await addMedia({
      url: "https://cdn.example.com/m.mp3",
      audio_role: "music",
      duration_seconds: 2,
    });
    const { editor } = await readProject(harness, id);
    expect(editor.items[voice.body.item_id].audioRole).toBe("voice");
    expect(editor.items[plain.body.item_id].audioRole).toBe("audio");
    expect(editor.items[music.body.item_id].audioRole).toBe("music");
  });

  it("refuses a URL whose kind cannot be told with 400, naming media_type", async () => {
    for (const url of ["https://cdn.example.com/download", "https://cdn.example.com/file.pdf"]) {
      const response = await addMedia({ url });
      expect(response.status).toBe(400);
      expect(response.body.error.context.fields[0].path).toBe("media_type");
    }
    // A filename with a known extension tells the kind.
    const named = await addMedia({ url: "https://cdn.example.com/download", filename: "clip.mp4" });
    expect(named.status).toBe(200);
    expect(await storedVersion(harness, id)).toBe(1);
  });

  it("refuses bodies with neither or both sources, and bad fields", async () => {
    const mediaId = await insertMedia(harness);
    for (const body of [
      {},
      { media_id: mediaId, url: "https://cdn.example.com/a.mp4" },
      { url: "file:///etc/passwd" },
      { url: "https://cdn.example.com/a.mp4", item_width: 0 },
      { url: "https://cdn.example.com/a.mp4", playback_rate: 9 },
      { url: "https://cdn.example.com/a.mp4", media_type: "document" },
      { media_id: "not-a-uuid" },
    ]) {
      const response = await addMedia(body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("bad_request");
    }
    expect(await storedVersion(harness, id)).toBe(0);
  });

  it("answers 400 with the edit code when placement fails", async () => {
    const unknownTrack = await addMedia({ url: "https://cdn.example.com/a.mp4", track_id: "nope" });
    expect(unknownTrack.status).toBe(400);
    expect(unknownTrack.body.error.context).toMatchObject({ edit_code: "track_not_found" });
  });
});

describe("POST /editor/videos/{id}/media by media_id", () => {
  it("places a completed My Media item with its stored size and length", async () => {
    const mediaId = await insertMedia(harness, {
      media_type: "video",
      url: "https://cdn.example.com/media/clip.mp4",
      filename: "clip.mp4",
      metadata: { width: 1080, height: 1920, duration_seconds: 6, codec: "h264" },
    });
    const response = await addMedia({ media_id: mediaId, source_start_seconds: 1 });
    expect(response.status).toBe(200);
    const { editor } = await readProject(harness, id);
    expect(editor.assets[response.body.asset_id]).toMatchObject({
      type: "video",
      url: "https://cdn.example.com/media/clip.mp4",
      name: "clip.mp4",
      durationSeconds: 6,
      width: 1080,
      height: 1920,
      mediaId,
      metadata: { codec: "h264" },
    });
    // The rest of the media after the 1 s trim: 5 s at 30 fps.
    expect(editor.items[response.body.item_id]).toMatchObject({
      durationInFrames: 150,
      sourceStartSeconds: 1,
    });
  });

  it("plays an image item stored as a GIF as a gif", async () => {
    const mediaId = await insertMedia(harness, {
      media_type: "image",
      url: "https://cdn.example.com/media/loop.gif",
      filename: "loop.gif",
    });
    const response = await addMedia({ media_id: mediaId });
    expect(response.status).toBe(200);
    const { editor } = await readProject(harness, id);
    expect(editor.items[response.body.item_id].type).toBe("gif");
  });

  it("answers 404 for a missing, unfinished or other organization's item", async () => {
    const theirs = await insertMedia(harness, { organizationId: toOrganizationId(2) });
    const processing = await insertMedia(harness, { status: "processing" });
    for (const mediaId of [theirs, processing, "00000000-0000-4000-8000-ffffffffffff"]) {
      const response = await addMedia({ media_id: mediaId });
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({
        code: "not_found",
        context: { media_id: mediaId },
      });
    }
    expect(await storedVersion(harness, id)).toBe(0);
  });
});

describe("POST /editor/videos/{id}/media: access", () => {
  const body = { url: "https://cdn.example.com/a.mp4" };

  it("answers 404 for a missing project and another organization's", async () => {
    expect((await addMedia(body, KEYS.acme, 999)).status).toBe(404);
    const other = await addMedia(body, KEYS.other);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("not_found");
    expect(await storedVersion(harness, id)).toBe(0);
    // The other organization's media item cannot be placed on its own project either way.
    const theirProject = await createProject(harness, { title: "Theirs" }, KEYS.other);
    const mine = await insertMedia(harness);
    expect((await addMedia({ media_id: mine }, KEYS.other, theirProject)).status).toBe(404);
  });

  it("answers 400 for a malformed id, 401, 402 and 403", async () => {
    expect((await addMedia(body, KEYS.acme, 0)).status).toBe(400);
    expect((await harness.call("POST", `/editor/videos/${id}/media`, { body })).status).toBe(401);
    expect((await addMedia(body, KEYS.lapsed)).status).toBe(402);
    expect((await addMedia(body, KEYS.acmeRead)).status).toBe(403);
    expect((await addMedia(body, KEYS.acmeWrite)).status).toBe(200);
  });
});

describe("add_sound_effect", () => {
  it("adds a library sound by sound_effect_id", async () => {
    const response = await patchProject(harness, id, {
      operations: [{ type: "add_sound_effect", sound_effect_id: "whoosh", from_seconds: 1 }],
    });
    expect(response.status).toBe(200);
    expect(response.body.applied).toEqual(["add_sound_effect"]);
    expect(response.body.editor_summary.itemTypes).toEqual({ audio: 1 });
    const { editor } = await readProject(harness, id);
    const [item] = Object.values(editor.items) as Array<Record<string, unknown>>;
    expect(item).toMatchObject({
      type: "audio",
      audioRole: "sound_effect",
      from: 30,
      durationInFrames: 36,
    });
    expect(editor.assets[item?.assetId as string]).toMatchObject({
      url: expect.stringMatching(/\/sfx\/whoosh\.wav$/),
      name: "Whoosh",
      durationSeconds: 1.2,
      metadata: { sound_effect_id: "whoosh" },
    });
  });

  it("answers 404 media_unresolved for an unknown sound, leaving the project unchanged", async () => {
    const response = await patchProject(harness, id, {
      operations: [
        { type: "add_text", text: "Boom" },
        { type: "add_sound_effect", sound_effect_id: "kaboom" },
      ],
    });
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({
      code: "not_found",
      context: { operation_index: 1, edit_code: "media_unresolved" },
    });
    expect((await readProject(harness, id)).editor_summary.itemCount).toBe(0);
  });

  it("adds a My Media audio item by media_id, and only the organization's playable ones", async () => {
    const sound = await insertMedia(harness, {
      media_type: "audio",
      url: "https://cdn.example.com/media/ding.mp3",
      filename: "ding.mp3",
      metadata: { duration_seconds: 0.5 },
    });
    const ok = await patchProject(harness, id, {
      operations: [{ type: "add_sound_effect", media_id: sound }],
    });
    expect(ok.status).toBe(200);
    const { editor } = await readProject(harness, id);
    const asset = Object.values(editor.assets)[0] as Record<string, unknown>;
    expect(asset).toMatchObject({
      url: "https://cdn.example.com/media/ding.mp3",
      mediaId: sound,
      durationSeconds: 0.5,
    });
    const theirs = await insertMedia(harness, {
      organizationId: toOrganizationId(2),
      media_type: "audio",
    });
    const picture = await insertMedia(harness, { media_type: "image", filename: "a.png" });
    for (const mediaId of [theirs, picture]) {
      const refused = await patchProject(harness, id, {
        operations: [{ type: "add_sound_effect", media_id: mediaId, duration_seconds: 1 }],
      });
      expect(refused.status).toBe(404);
      expect(refused.body.error.context.edit_code).toBe("media_unresolved");
    }
  });

  it("adds a direct URL as is", async () => {
    const response = await patchProject(harness, id, {
      operations: [
        { type: "add_sound_effect", url: "https://cdn.example.com/boom.mp3", duration_seconds: 1 },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.editor_summary.totalDurationSeconds).toBe(1);
  });
});

describe("generate_captions_from_items", () => {
  async function addClip(): Promise<string> {
    const added = await addMedia({ url: "https://cdn.example.com/talk.mp4", duration_seconds: 6 });
    expect(added.status).toBe(200);
    return added.body.item_id;
  }

  it("captions a video item added by URL from its transcript", async () => {
    const clip = await addClip();
    const response = await patchProject(harness, id, {
      operations: [
        { type: "generate_captions_from_items", source_item_ids: [clip], language: "en" },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.applied).toEqual(["generate_captions_from_items"]);
    expect(response.body.editor_summary.itemTypes).toEqual({ video: 1, captions: 1 });
    const { editor } = await readProject(harness, id);
    const captions = Object.values(editor.items).find(
      (item) => (item as { type: string }).type === "captions",
    ) as { captions: Array<{ text: string }> };
    const words = captions.captions.map((entry) => entry.text).join(" ");
    expect(words).toContain("word1");
    expect(editor.tracks[0].items).toContain((captions as unknown as { id: string }).id);
  });

  it("answers a retryable 500 when the transcription provider fails, changing nothing", async () => {
    harness = await createHarness({
      overrides: {
        transcription: {
          transcribe: async () => {
            throw new Error("provider down");
          },
        },
      },
    });
    id = await createProject(harness);
    const clip = await addClip();
    const response = await patchProject(harness, id, {
      operations: [{ type: "generate_captions_from_items", source_item_ids: [clip] }],
    });
    expect(response.status).toBe(500);
    expect(response.body.error).toMatchObject({
      code: "server_error",
      retryable: true,
      context: { operation_index: 0, edit_code: "transcript_unavailable" },
    });
    expect((await readProject(harness, id)).editor_summary.itemCount).toBe(1);
  });

  it("answers a 400 naming the language when the provider cannot transcribe it, changing nothing", async () => {
    harness = await createHarness({
      overrides: {
        transcription: {
          transcribe: async (request) => {
            throw new ProviderError({
              category: "unsupported_language",
              message: `No recognition model for ${request.language} is installed.`,
              retryable: false,
            });
          },
        },
      },
    });
    id = await createProject(harness);
    const clip = await addClip();
    const response = await patchProject(harness, id, {
      operations: [
        { type: "set_title", title: "Kept out" },
        { type: "generate_captions_from_items", source_item_ids: [clip], language: "de" },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: "bad_request",
      message: "operations.1.language: No recognition model for de is installed.",
      retryable: false,
      context: {
        field: "operations.1.language",
        reason: "unsupported_language",
        operation_index: 1,
        source_item_id: clip,
      },
    });
    expect((await readProject(harness, id)).editor_summary.itemCount).toBe(1);
  });

  it("answers a retryable 500 with the provider's category when its failure may pass", async () => {
    harness = await createHarness({
      overrides: {
        transcription: {
          transcribe: async () => {
            throw new ProviderError({
              category: "engine_busy",
              message: "Too many recognitions are running.",
              retryable: true,
            });
          },
        },
      },
    });
    id = await createProject(harness);
    const clip = await addClip();
    const response = await patchProject(harness, id, {
      operations: [{ type: "generate_captions_from_items", source_item_ids: [clip] }],
    });
    expect(response.status).toBe(500);
    expect(response.body.error).toMatchObject({
      code: "server_error",
      retryable: true,
      context: { reason: "engine_busy", operation_index: 0, source_item_id: clip },
    });
  });

  it("answers 400 for a source that is not a video or audio item", async () => {
    await patchProject(harness, id, { operations: [{ type: "add_text", text: "Not audio" }] });
    const [text] = Object.keys((await readProject(harness, id)).editor.items);
    const response = await patchProject(harness, id, {
      operations: [{ type: "generate_captions_from_items", source_item_ids: [text] }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.context.edit_code).toBe("source_not_transcribable");
  });
});
