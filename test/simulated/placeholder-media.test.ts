import { inflateSync } from "node:zlib";
import fc from "fast-check";
import type { Job } from "reelkit";
import { createMemoryMediaStorage } from "reelkit/memory";
import { createSimulatedSpeechProvider, createSimulatedWorkProvider } from "reelkit/simulated";
import { describe, expect, it } from "vitest";
import { sniffMedia } from "../../src/media/sniff.js";
import { toOrganizationId } from "../../src/organization-id.js";
import { placeholderImageSize, placeholderPng } from "../../src/simulated/placeholder-image.js";
import { PLACEHOLDER_SPEECH_SAMPLE_RATE } from "../../src/simulated/placeholder-speech.js";
import {
  PLACEHOLDER_VIDEO_SECONDS,
  placeholderMp4,
  placeholderVideoAspectRatio,
} from "../../src/simulated/placeholder-video.js";
import { zlibRuns } from "../../src/simulated/zlib-runs.js";
import { decodeErrors, ffprobeTestsRun, probe } from "../support/ffprobe.js";
import { type DecodedPng, decodePalettePng } from "../support/palette-png.js";
import { readStored } from "../support/stored-object.js";

const ACME = toOrganizationId(1);

function job(kind: Job["kind"], input: Record<string, unknown>): Job {
  return { id: "j1", kind, organizationId: ACME, resourceId: "r1", holdId: "h1", input };
}

async function produced(kind: Job["kind"], input: Record<string, unknown>) {
  const storage = createMemoryMediaStorage({ publicBaseUrl: "http://host.test/files" });
  const outcome = await createSimulatedWorkProvider({ storage }).run(job(kind, input));
  if (!outcome.ok) throw new Error("expected the job to complete");
  const key = storage.objectKeyOf(outcome.value);
  const stored = key === undefined ? undefined : await readStored(storage, key);
  if (stored === undefined) throw new Error(`nothing stored at ${outcome.value}`);
  return { url: outcome.value, ...stored };
}

// Reads a palette PNG as a viewer does, checking the structure the encoder writes.
function decodePng(bytes: Uint8Array): DecodedPng {
  const png = decodePalettePng(bytes);
  expect(png.chunkTypes).toEqual(["IHDR", "PLTE", "IDAT", "IEND"]);
  return png;
}

describe("placeholder images", () => {
  it.each([
    ["1:1", 1080, 1080],
    ["9:16", 1080, 1920],
    ["16:9", 1920, 1080],
    ["4:5", 1080, 1350],
    ["3:2", 1620, 1080],
    ["auto", 1080, 1080],
    [undefined, 1080, 1080],
  ])("a static ad of aspect ratio %s is a valid %i×%i PNG", async (aspectRatio, width, height) => {
    const file = await produced("generation", { type: "static_ad", aspect_ratio: aspectRatio });
    expect(file.contentType).toBe("image/png");
    expect(file.url.endsWith(".png")).toBe(true);
    const png = decodePng(file.bytes);
    expect(png).toMatchObject({ width, height, bitDepth: 8, colorType: 3 });
    expect(png.pixels.reduce((most, index) => Math.max(most, index), 0)).toBeLessThan(
      png.palette.length,
    );
    // A picture, not a flat fill: a light frame around a sky, a sun and mountains.
    expect(new Set(png.pixels).size).toBeGreaterThanOrEqual(12);
    const colourAt = (x: number, y: number) => png.palette[png.pixels[y * width + x] as number];
    expect(colourAt(0, 0)).toEqual([0xf8, 0xfa, 0xfc]);
    expect(colourAt(Math.round(width / 2), Math.round(height * 0.1))).not.toEqual(colourAt(0, 0));
    expect(sniffMedia(file.bytes)).toMatchObject({ value: { format: "png" } });
  });

  it("keeps extreme ratios within the longest side", () => {
    expect(placeholderImageSize("1:100")).toEqual({ width: 41, height: 4096 });
    expect(decodePng(placeholderPng("100:1"))).toMatchObject({ width: 4096, height: 41 });
  });

  it("delivers an image model's output as a PNG, not as a video", async () => {
    const file = await produced("generation", {
      type: "ai_model",
      model_slug: "sim-image",
      input_mode: "text_to_image",
      aspect_ratio: "4:5",
    });
    expect(file.contentType).toBe("image/png");
    expect(decodePng(file.bytes)).toMatchObject({ width: 1080, height: 1350 });
    const video = await produced("generation", { type: "ai_model", input_mode: "text_to_video" });
    expect(video.contentType).toBe("video/mp4");
  });

  it("stays small: the 9:16 image is a few tens of kilobytes", () => {
    expect(placeholderPng("9:16").length).toBeLessThan(40_000);
  });

  it("compresses any bytes into a zlib stream that inflates back exactly", () => {
    const withRuns = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 600 })), {
        maxLength: 40,
      })
      .map((runs) => new Uint8Array(runs.flatMap(([byte, length]) => Array(length).fill(byte))));
    fc.assert(
      fc.property(fc.oneof(withRuns, fc.uint8Array({ maxLength: 2000 })), (data) => {
        expect(new Uint8Array(inflateSync(zlibRuns(data)))).toEqual(data);
      }),
      { seed: 20261203, numRuns: 300 },
    );
  });
});

describe("placeholder videos", () => {
  it.each([
    ["9:16", "9:16"],
    ["16:9", "16:9"],
    ["1:1", "1:1"],
    ["4:5", "4:5"],
    ["3:4", "4:5"],
    ["21:9", "16:9"],
    ["auto", "9:16"],
    [undefined, "9:16"],
  ])("a video of aspect ratio %s gets the %s clip", (asked, clip) => {
    expect(placeholderVideoAspectRatio(asked)).toBe(clip);
  });

  it.each([
    ["generation", { type: "video_ad", aspect_ratio: "16:9" }],
    ["generation", { type: "ugc_ad", aspect_ratio: "9:16" }],
  ] as const)("a %s is a recognisable MP4 under 100 kB", async (kind, input) => {
    const file = await produced(kind, input);
    expect(file.contentType).toBe("video/mp4");
    expect(file.url.endsWith(".mp4")).toBe(true);
    expect(sniffMedia(file.bytes)).toMatchObject({ value: { kind: "video" } });
    expect(file.bytes.length).toBeLessThan(100_000);
  });

  describe.skipIf(!ffprobeTestsRun())("as ffprobe and ffmpeg read them", () => {
    it.each([
      ["9:16", 144, 256],
      ["16:9", 256, 144],
      ["1:1", 192, 192],
      ["4:5", 160, 200],
    ])(
      "the %s clip has H.264 picture (%i×%i) and AAC sound, and decodes cleanly",
      (aspectRatio, width, height) => {
        const bytes = placeholderMp4(aspectRatio);
        const probed = probe(bytes, "mp4");
        expect(probed.formatName).toContain("mp4");
        expect(probed.durationSeconds).toBeCloseTo(PLACEHOLDER_VIDEO_SECONDS, 1);
        const video = probed.streams.find((stream) => stream.codec_type === "video");
        const audio = probed.streams.find((stream) => stream.codec_type === "audio");
        expect(video).toMatchObject({ codec_name: "h264", width, height });
        expect(audio).toMatchObject({ codec_name: "aac", channels: 1 });
        expect(decodeErrors(bytes, "mp4")).toBe("");
      },
    );

    it("a voiceover is a WAV exactly as long as the duration the provider reports", async () => {
      const storage = createMemoryMediaStorage({ publicBaseUrl: "http://host.test/files" });
      const speech = createSimulatedSpeechProvider({ storage, newId: () => "v1" });
      const result = await speech.synthesize({
        text: "Cold brew in sixty seconds, smooth and bold, made at home today.",
        voice_id: "ash",
      });
      // Twelve words at the simulator's 2.5 words a second.
      expect(result.durationSeconds).toBe(4.8);
      const stored = await readStored(storage, "generated/voiceover/v1.wav");
      if (stored === undefined) throw new Error("no voiceover stored");
      expect(stored.contentType).toBe("audio/wav");
      expect(sniffMedia(stored.bytes)).toMatchObject({ value: { format: "wav" } });
      const probed = probe(stored.bytes, "wav");
      expect(probed.streams).toEqual([
        expect.objectContaining({
          codec_type: "audio",
          codec_name: "pcm_u8",
          sample_rate: String(PLACEHOLDER_SPEECH_SAMPLE_RATE),
          channels: 1,
        }),
      ]);
      expect(probed.durationSeconds).toBe(result.durationSeconds);
      expect(decodeErrors(stored.bytes, "wav")).toBe("");
    });
  });
});
