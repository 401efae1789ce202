/**
 * The header prober on real files of every format (made by ffmpeg), on the same files
 * damaged, and on pictures at and past the pixel limits.
 */
import fc from "fast-check";
import {
  createHeaderMediaProber,
  type MediaFormatName,
  type MediaProbeResult,
  probeSourceOfBytes,
} from "reelkit";
import { IMAGE_PIXELS_MAX, IMAGE_SIDE_MAX_PIXELS } from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import { sniffMedia } from "../../src/media/sniff.js";
import {
  blackPng,
  pngSignatureThenHtml,
  pngWithCorruptBody,
  truncatedPng,
  wavWithSampleRate,
} from "./crafted-media.js";
import { MEDIA_FILES, mediaFile } from "./media-samples.js";

const prober = createHeaderMediaProber();
const limits = { maxSidePixels: IMAGE_SIDE_MAX_PIXELS, maxPixels: IMAGE_PIXELS_MAX };

function probe(bytes: Uint8Array, format?: MediaFormatName): Promise<MediaProbeResult> {
  const sniffed = sniffMedia(bytes);
  const named = format ?? (sniffed.ok ? sniffed.value.format : undefined);
  if (named === undefined) throw new Error("not media");
  return prober.probe({ source: probeSourceOfBytes(bytes), format: named, limits });
}

const picture = { durationSeconds: null, streams: [] };
const sound = { width: null, height: null, streams: ["audio"] };

// File, then what ffprobe 5.1 reports of it (the header prober agrees).
const EXPECTED: readonly (readonly [string, Record<string, unknown>])[] = [
  [
    "red-16x8.png",
    {
      kind: "image",
      format: "png",
      width: 16,
      height: 8,
      codecs: ["png"],
      check: "decoded",
      ...picture,
    },
  ],
  [
    "photo-24x16.jpg",
    {
      kind: "image",
      format: "jpeg",
      width: 24,
      height: 16,
      codecs: ["mjpeg"],
      check: "structure",
      ...picture,
    },
  ],
  [
    "still-12x6.gif",
    { kind: "image", format: "gif", width: 12, height: 6, codecs: ["gif"], ...picture },
  ],
  [
    "anim-20x10.gif",
    { kind: "image", format: "gif", width: 20, height: 10, durationSeconds: 0.3, streams: [] },
  ],
  [
    "lossy-30x20.webp",
    { kind: "image", format: "webp", width: 30, height: 20, codecs: ["webp"], ...picture },
  ],
  ["lossless-30x20.webp", { kind: "image", format: "webp", width: 30, height: 20, ...picture }],
  [
    "clip-32x16-2.4s.mp4",
    {
      kind: "video",
      format: "mp4",
      width: 32,
      height: 16,
      durationSeconds: 2.4,
      streams: ["video", "audio"],
      codecs: ["h264", "aac"],
    },
  ],
  [
    "clip-32x16-1s.mov",
    {
      kind: "video",
      format: "mov",
      width: 32,
      height: 16,
      durationSeconds: 1,
      streams: ["video"],
      codecs: ["h264"],
    },
  ],
  [
    "clip-32x16-1s.webm",
    {
      kind: "video",
      format: "webm",
      width: 32,
      height: 16,
      durationSeconds: 1.008,
      streams: ["video", "audio"],
      codecs: ["vp8", "opus"],
    },
  ],
  [
    "clip-32x16-1s.mkv",
    {
      kind: "video",
      format: "matroska",
      width: 32,
      height: 16,
      durationSeconds: 1,
      codecs: ["h264"],
    },
  ],
  [
    "clip-32x16-1s.avi",
    { kind: "video", format: "avi", width: 32, height: 16, durationSeconds: 1, codecs: ["mjpeg"] },
  ],
  [
    "clip-32x16-1s.ogv",
    {
      kind: "video",
      format: "ogv",
      width: 32,
      height: 16,
      durationSeconds: null,
      codecs: ["theora"],
    },
  ],
  ["tone-1s.m4a", { kind: "audio", format: "m4a", durationSeconds: 1, codecs: ["aac"], ...sound }],
  [
    "tone-1s.mp3",
    { kind: "audio", format: "mp3", durationSeconds: 1.152, codecs: ["mp3"], ...sound },
  ],
  [
    "tone-0.5s.wav",
    {
      kind: "audio",
      format: "wav",
      durationSeconds: 0.5,
      codecs: ["pcm_s16le"],
      check: "decoded",
      ...sound,
    },
  ],
  [
    "tone-1s.flac",
    { kind: "audio", format: "flac", durationSeconds: 1, codecs: ["flac"], ...sound },
  ],
  [
    "tone-1s.ogg",
    { kind: "audio", format: "ogg", durationSeconds: 1, codecs: ["vorbis"], ...sound },
  ],
  [
    "tone-1s.opus",
    { kind: "audio", format: "ogg", durationSeconds: 1, codecs: ["opus"], ...sound },
  ],
  [
    "tone-1s.aac",
    { kind: "audio", format: "aac", durationSeconds: null, codecs: ["aac"], ...sound },
  ],
];

describe("the header prober", () => {
  for (const [name, expected] of EXPECTED) {
    it(`reads ${name}`, async () => {
      const result = await probe(mediaFile(name));
      expect(result.ok ? result.value : result.error).toMatchObject(expected);
    });
  }

  it("ignores bytes after the end of a file, as decoders do", async () => {
    for (const [name] of EXPECTED) {
      const file = mediaFile(name);
      const padded = new Uint8Array(file.byteLength + 4096);
      padded.set(file);
      const result = await probe(padded);
      expect(result.ok, name).toBe(true);
    }
  });

  it("refuses files cut short, whatever their format", async () => {
    const framed = EXPECTED.map(([name]) => name).filter(
      // A stream of frames, or of samples, plays up to where it stops.
      (name) => !/\.(wav|mp3|aac|flac)$/.test(name),
    );
    for (const name of framed) {
      const file = mediaFile(name);
      const result = await probe(file.subarray(0, Math.floor(file.byteLength * 0.7)));
      expect(result.ok ? "accepted" : result.error.code, name).toBe("undecodable");
    }
  });

  it("refuses a PNG signature followed by HTML, a truncated PNG and a PNG with a corrupt body", async () => {
    for (const [bytes, words] of [
      [pngSignatureThenHtml(), "not an image header"],
      [truncatedPng(), "cut short"],
      [pngWithCorruptBody(), "does not decompress"],
    ] as const) {
      const result = await probe(bytes, "png");
      expect(result).toEqual({
        ok: false,
        error: { code: "undecodable", message: expect.stringContaining(words) },
      });
    }
  });

  it("refuses a PNG chunk whose checksum fails", async () => {
    const damaged = MEDIA_FILES.png.slice();
    damaged[40] = (damaged[40] ?? 0) ^ 0xff;
    const result = await probe(damaged);
    expect(!result.ok && result.error.message).toMatch(/fails its check/);
  });

  it("refuses a WAV whose sample rate is 0, and takes one of 1 Hz", async () => {
    const zero = await probe(wavWithSampleRate(0));
    expect(zero).toEqual({
      ok: false,
      error: {
        code: "undecodable",
        message: "The WAV file is not playable: its sample rate is 0.",
      },
    });
    const slow = await probe(wavWithSampleRate(1));
    expect(slow.ok && slow.value.durationSeconds).toBe(4000);
  });

  it(`takes ${IMAGE_SIDE_MAX_PIXELS} pixels a side and refuses one more, reading only the header`, async () => {
    expect((await probe(blackPng(IMAGE_SIDE_MAX_PIXELS, 1))).ok).toBe(true);
    expect((await probe(blackPng(1, IMAGE_SIDE_MAX_PIXELS))).ok).toBe(true);
    for (const [width, height] of [
      [IMAGE_SIDE_MAX_PIXELS + 1, 1],
      [1, IMAGE_SIDE_MAX_PIXELS + 1],
      [16_000, 16_000],
    ] as const) {
      const result = await probe(blackPng(width, height));
      expect(result).toEqual({
        ok: false,
        error: {
          code: "too_large",
          message: expect.stringContaining(`${width}×${height}`),
          width,
          height,
        },
      });
    }
  });

  it(`takes ${IMAGE_PIXELS_MAX} pixels in all and refuses a row more`, async () => {
    expect((await probe(blackPng(8000, 5000))).ok).toBe(true);
    const over = await probe(blackPng(8000, 5001));
    expect(!over.ok && over.error.code).toBe("too_large");
  });

  it("answers a value, never throws, for any damage to any file", async () => {
    const files = EXPECTED.map(([name]) => mediaFile(name));
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: files.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.nat(),
        async (which, changes, cut) => {
          const file = (files[which] ?? MEDIA_FILES.png).slice();
          for (const [at, value] of changes) file[at % file.byteLength] = value;
          const bytes = file.subarray(0, Math.max(1, file.byteLength - (cut % 64)));
          const sniffed = sniffMedia(bytes);
          if (!sniffed.ok) return;
          const result = await prober.probe({
            source: probeSourceOfBytes(bytes),
            format: sniffed.value.format,
            limits,
          });
          expect(typeof result.ok).toBe("boolean");
          if (!result.ok) expect(result.error.code).not.toBe("prober_failed");
        },
      ),
      { seed: 20261127, numRuns: 300 },
    );
  });

  it("answers prober_failed when the file cannot be read", async () => {
    const source = {
      sizeBytes: 100,
      stream: () =>
        new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.error(new Error("disk gone"));
          },
        }),
    };
    const result = await prober.probe({ source, format: "mp4", limits });
    expect(result).toEqual({
      ok: false,
      error: {
        code: "prober_failed",
        message: "The file could not be read to check it; try again.",
      },
    });
  });
});
