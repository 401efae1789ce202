/**
 * Every imported file is probed whole before anything is stored: a file that does not
 * decode, a picture past the pixel limits, or a name that contradicts the bytes is
 * refused with a 400 naming the field, by every door (inline, multipart, source_url,
 * direct upload, reference images, media placed by URL); what passes carries its real
 * length, size and streams in its metadata and on its timeline asset.
 */
import type { MediaStorage } from "reelkit";
import {
  IMAGE_PIXELS_MAX,
  IMAGE_SIDE_MAX_PIXELS,
  TIMELINE_DURATION_MAX_SECONDS,
} from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import {
  blackPng,
  mp4Lasting,
  pngSignatureThenHtml,
  pngWithCorruptBody,
  truncatedPng,
  wavWithSampleRate,
} from "../../media/crafted-media.js";
import { MEDIA_FILES } from "../../media/media-samples.js";
import { readProject } from "../editor/editor-support.js";
import type { HarnessOptions, HarnessResponse } from "../support/harness.js";
import {
  BYTES,
  base64,
  createMediaHarness,
  createProject,
  inlineBody,
  KEYS,
  type MediaHarness,
  multipartForm,
  prepareUpload,
} from "./media-support.js";

const CDN = "https://cdn.example.com";

/** The keys a storage was asked to put, to tell that a refused file was never stored. */
function recordingPuts(storage: MediaStorage, keys: string[]): MediaStorage {
  return {
    ...storage,
    put: (key, body, options) => {
      keys.push(key);
      return storage.put(key, body, options);
    },
    open: (key) => storage.open(key),
    delete: (key) => storage.delete(key),
    urlOf: (key) => storage.urlOf(key),
    signedReadUrl: (key, options) => storage.signedReadUrl(key, options),
    ...(storage.objectKeyOf === undefined
      ? {}
      : { objectKeyOf: (url: string) => storage.objectKeyOf?.(url) }),
  };
}

interface Doors {
  readonly harness: MediaHarness;
  readonly puts: string[];
  /** Sends `bytes` named `filename` of `type` through one door; answers the response. */
  send(
    door: Door,
    file: { bytes: Uint8Array; filename: string; type: string },
  ): Promise<HarnessResponse>;
}

type Door = "inline" | "multipart" | "source_url" | "direct_upload";
const DOORS: readonly Door[] = ["inline", "multipart", "source_url", "direct_upload"];
const FIELDS: Readonly<Record<Door, string>> = {
  inline: "media.data",
  multipart: "file",
  source_url: "source_url",
  direct_upload: "source_url",
};

async function openDoors(options: HarnessOptions = {}): Promise<Doors> {
  const puts: string[] = [];
  const served: Record<string, { body: Uint8Array; contentType: string }> = {};
  const harness = await createMediaHarness({
    ...options,
    urlFetcher: {
      fetch: async (url) => {
        const resource = served[url];
        if (resource === undefined)
          return {
            ok: false,
            error: { reason: "http_status", status: 404, message: "Not found." },
          };
        return {
          ok: true,
          value: {
            url,
            bytes: resource.body,
            contentType: resource.contentType,
            kind: undefined,
            redirectCount: 0,
          },
        };
      },
    },
  });
  // The service reads its storage from the dependencies on every call.
  const storage = harness.deps.mediaStorage;
  (harness.deps as { mediaStorage: MediaStorage }).mediaStorage = recordingPuts(storage, puts);
  const ready = harness;
  return {
    harness: ready,
    puts,
    async send(door, { bytes, filename, type }) {
      if (door === "inline") return ready.upload(inlineBody(bytes, filename, type));
      if (door === "multipart") {
        return ready.call("POST", "/editor/media", {
          key: KEYS.acme,
          body: multipartForm({ bytes, name: filename, type }),
        });
      }
      if (door === "source_url") {
        const url = `${CDN}/${filename}`;
        served[url] = { body: bytes, contentType: type };
        return ready.upload({ source_url: url });
      }
      const prepared = await prepareUpload(ready, {
        filename,
        content_type: type,
        size_bytes: bytes.byteLength,
      });
      const put = await ready.send(prepared.upload.url, { body: bytes, contentType: type });
      if (put.status !== 200) throw new Error(`PUT failed: ${JSON.stringify(put.body)}`);
      return ready.upload({ source_url: prepared.source_url, filename });
    },
  };
}

const mediaPuts = (puts: readonly string[]) => puts.filter((key) => key.startsWith("media/"));

describe("imports that do not decode", () => {
  const broken = [
    ["a PNG signature followed by HTML", pngSignatureThenHtml(), "page.png", "image/png"],
    ["a truncated PNG", truncatedPng(), "cut.png", "image/png"],
    ["a PNG with a corrupt body", pngWithCorruptBody(), "broken.png", "image/png"],
    ["a WAV with sample rate 0", wavWithSampleRate(0), "silent.wav", "audio/wav"],
  ] as const;

  for (const [what, bytes, filename, type] of broken) {
    it(`refuses ${what} by every door, storing nothing`, async () => {
      const doors = await openDoors();
      for (const door of DOORS) {
        const response = await doors.send(door, { bytes, filename, type });
        expect(response.status, door).toBe(400);
        expect(response.body.error).toMatchObject({
          code: "bad_request",
          retryable: false,
          context: { field: FIELDS[door], reason: "media_undecodable" },
        });
        expect(response.body.error.message).toMatch(/Nothing was stored\.$/);
        expect(response.body.error.message).not.toMatch(/ffmpeg|ffprobe|0x[0-9a-f]{8}/i);
      }
      expect(mediaPuts(doors.puts)).toEqual([]);
      expect((await doors.harness.list()).body.media).toEqual([]);
      expect(doors.harness.serverErrors).toEqual([]);
    });
  }

  it("stores a whole PNG and WAV that the same doors pass", async () => {
    const doors = await openDoors();
    for (const door of DOORS) {
      const png = await doors.send(door, {
        bytes: BYTES.png,
        filename: "red.png",
        type: "image/png",
      });
      expect(png.status, door).toBe(200);
      const wav = await doors.send(door, {
        bytes: MEDIA_FILES.wav,
        filename: "tone.wav",
        type: "audio/wav",
      });
      expect(wav.status, door).toBe(200);
    }
    expect(mediaPuts(doors.puts)).toHaveLength(8);
  });
});

describe("the pixel bound of imported pictures", () => {
  it(`refuses a 16,000 × 16,000 PNG by every door, naming its size and the limits`, async () => {
    const doors = await openDoors();
    const huge = blackPng(16_000, 16_000);
    for (const door of DOORS) {
      const response = await doors.send(door, {
        bytes: huge,
        filename: "huge.png",
        type: "image/png",
      });
      expect(response.status, door).toBe(400);
      expect(response.body.error).toEqual({
        code: "bad_request",
        message: expect.stringContaining("16000×16000"),
        retryable: false,
        context: {
          field: FIELDS[door],
          reason: "image_too_large",
          width: 16_000,
          height: 16_000,
          max_side_pixels: IMAGE_SIDE_MAX_PIXELS,
          max_pixels: IMAGE_PIXELS_MAX,
        },
      });
    }
    expect(mediaPuts(doors.puts)).toEqual([]);
  });

  it(`takes ${IMAGE_SIDE_MAX_PIXELS} pixels a side and ${IMAGE_PIXELS_MAX} in all, and refuses one more`, async () => {
    const doors = await openDoors();
    const pictures = {
      sideAtLimit: blackPng(2, IMAGE_SIDE_MAX_PIXELS),
      sidePast: blackPng(2, IMAGE_SIDE_MAX_PIXELS + 1),
      pixelsAtLimit: blackPng(8000, 5000),
      pixelsPast: blackPng(8000, 5001),
    };
    for (const door of DOORS) {
      const send = (bytes: Uint8Array) =>
        doors.send(door, { bytes, filename: "p.png", type: "image/png" });
      expect((await send(pictures.sideAtLimit)).status, door).toBe(200);
      const sidePast = await send(pictures.sidePast);
      expect(sidePast.body.error.context, door).toMatchObject({
        field: FIELDS[door],
        reason: "image_too_large",
        width: 2,
        height: IMAGE_SIDE_MAX_PIXELS + 1,
      });
      const atLimit = await send(pictures.pixelsAtLimit);
      expect(atLimit.status, door).toBe(200);
      expect(atLimit.body.media.metadata).toMatchObject({ width: 8000, height: 5000 });
      const past = await send(pictures.pixelsPast);
      expect(past.status, door).toBe(400);
      expect(past.body.error.context).toMatchObject({
        field: FIELDS[door],
        reason: "image_too_large",
        width: 8000,
        height: 5001,
      });
    }
    expect(mediaPuts(doors.puts)).toHaveLength(2 * DOORS.length);
  });

  it("refuses an inline reference image past the limits before anything is charged", async () => {
    const doors = await openDoors();
    const before = await doors.harness.available();
    const response = await doors.harness.call("POST", "/reference-inspirations", {
      key: KEYS.acme,
      headers: { "Idempotency-Key": "huge-reference" },
      body: {
        template_slug: "product-hero",
        template_category: "static-ads",
        images: [
          { filename: "huge.png", content_type: "image/png", data: base64(blackPng(9000, 10)) },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.context).toMatchObject({
      field: "images.0.data",
      reason: "image_too_large",
      width: 9000,
    });
    expect(await doors.harness.available()).toBe(before);
  });

  it("places a picture by URL at the limits, and refuses one pixel more", async () => {
    const harness = await createMediaHarness({
      urls: {
        [`${CDN}/at.png`]: { body: blackPng(10, IMAGE_SIDE_MAX_PIXELS), contentType: "image/png" },
        [`${CDN}/huge.png`]: {
          body: blackPng(10, IMAGE_SIDE_MAX_PIXELS + 1),
          contentType: "image/png",
        },
      },
    });
    const id = await createProject(harness);
    const place = (name: string) =>
      harness.call("POST", `/editor/videos/${id}/media`, {
        key: KEYS.acme,
        body: { url: `${CDN}/${name}` },
      });
    const response = await place("huge.png");
    expect(response.status).toBe(400);
    expect(response.body.error.context).toMatchObject({
      field: "url",
      reason: "image_too_large",
      width: 10,
      height: IMAGE_SIDE_MAX_PIXELS + 1,
    });
    expect((await readProject(harness, id)).revision).toBe(0);
    const placed = await place("at.png");
    expect(placed.status).toBe(200);
    const { editor } = await readProject(harness, id);
    expect(editor.assets[placed.body.asset_id]).toMatchObject({
      width: 10,
      height: IMAGE_SIDE_MAX_PIXELS,
    });
  });
});

describe("names and labels that contradict the bytes", () => {
  it("refuses a PNG named .mp4 or declared video/mp4, by every door that carries a name", async () => {
    const doors = await openDoors();
    for (const door of DOORS) {
      const named = await doors.send(door, {
        bytes: BYTES.png,
        filename: "clip.mp4",
        type: "image/png",
      });
      expect(named.status, door).toBe(400);
      expect(named.body.error.context.reason, door).toBe("filename_kind_mismatch");
      expect(named.body.error.message).toContain("clip.mp4");
    }
    const overridden = await doors.harness.upload(
      inlineBody(BYTES.png, "red.png", "image/png", { filename: "movie.mov" }),
    );
    expect(overridden.body.error.context).toMatchObject({
      field: "filename",
      reason: "filename_kind_mismatch",
    });
    const declared = await doors.send("inline", {
      bytes: BYTES.png,
      filename: "red.png",
      type: "video/mp4",
    });
    expect(declared.status).toBe(400);
    expect(declared.body.error.context).toMatchObject({
      field: "media.content_type",
      reason: "declared_type_differs",
    });
    expect(mediaPuts(doors.puts)).toEqual([]);
  });

  it("takes a name of the same kind as the bytes, which devices often write", async () => {
    const doors = await openDoors();
    const jpegNamedPng = await doors.send("inline", {
      bytes: BYTES.jpeg,
      filename: "photo.png",
      type: "image/jpeg",
    });
    expect(jpegNamedPng.status).toBe(200);
    expect(jpegNamedPng.body.media.metadata.content_type).toBe("image/jpeg");
  });
});

describe("what an import measures", () => {
  it("records the real length, size, streams and codecs, and places the media for as long as it lasts", async () => {
    const harness = await createMediaHarness();
    const id = await createProject(harness);
    const response = await harness.upload(
      inlineBody(BYTES.mp4, "city.mp4", "video/mp4", { video_id: id, add_to_editor: true }),
    );
    expect(response.status).toBe(200);
    expect(response.body.media.metadata).toMatchObject({
      duration_seconds: 2.4,
      width: 32,
      height: 16,
      streams: ["video", "audio"],
      codecs: ["h264", "aac"],
      probed_by: "header",
    });
    const { editor } = await readProject(harness, id);
    expect(editor.assets[response.body.editor.asset_id]).toMatchObject({
      durationSeconds: 2.4,
      width: 32,
      height: 16,
    });
    expect(editor.items[response.body.editor.item_id].durationInFrames).toBe(72);
    // Placing the stored item again by media_id reads the same measures.
    const again = await harness.call("POST", `/editor/videos/${id}/media`, {
      key: KEYS.acme,
      body: { media_id: response.body.media.id },
    });
    expect(again.body.editor_summary.totalDurationSeconds).toBe(2.4);
  });

  it("takes an MP4 of sound alone as audio", async () => {
    const harness = await createMediaHarness();
    const response = await harness.upload(inlineBody(MEDIA_FILES.m4a, "voice.m4a", "audio/mp4"));
    expect(response.status).toBe(200);
    expect(response.body.media).toMatchObject({
      media_type: "audio",
      metadata: { duration_seconds: 1, width: null, height: null, streams: ["audio"] },
    });
  });

  it(`places a file longer than ${TIMELINE_DURATION_MAX_SECONDS} s for ${TIMELINE_DURATION_MAX_SECONDS} s, recording its real length`, async () => {
    const harness = await createMediaHarness();
    const id = await createProject(harness);
    const response = await harness.upload(
      inlineBody(mp4Lasting(4000), "long.mp4", "video/mp4", { video_id: id, add_to_editor: true }),
    );
    expect(response.status).toBe(200);
    expect(response.body.media.metadata.duration_seconds).toBe(4000);
    const { editor } = await readProject(harness, id);
    expect(editor.assets[response.body.editor.asset_id].durationSeconds).toBe(4000);
    expect(editor.items[response.body.editor.item_id].durationInFrames).toBe(
      TIMELINE_DURATION_MAX_SECONDS * 30,
    );
  });

  it("places a GIF for 5 s, as a still, since it loops", async () => {
    const harness = await createMediaHarness();
    const id = await createProject(harness);
    const response = await harness.upload(
      inlineBody(BYTES.gif, "loop.gif", "image/gif", { video_id: id, add_to_editor: true }),
    );
    expect(response.body.media.metadata.duration_seconds).toBe(0.3);
    const { editor } = await readProject(harness, id);
    expect(editor.items[response.body.editor.item_id]).toMatchObject({
      type: "gif",
      durationInFrames: 150,
    });
  });

  it("answers a retryable 500 when the prober fails, storing nothing", async () => {
    const harness = await createMediaHarness({
      overrides: {
        mediaProber: {
          name: "broken",
          probe: async () => ({
            ok: false,
            error: { code: "prober_unavailable", message: "ffprobe is gone" },
          }),
        },
      },
    });
    const response = await harness.upload(inlineBody(BYTES.png, "red.png", "image/png"));
    expect(response.status).toBe(500);
    expect(response.body.error).toEqual({
      code: "server_error",
      message: "The file could not be checked right now; try again.",
      retryable: true,
      context: { field: "media.data", reason: "prober_unavailable" },
    });
    expect((await harness.list()).body.media).toEqual([]);
  });
});
