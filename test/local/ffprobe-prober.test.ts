/**
 * The ffprobe prober: real files of every format read by ffprobe and decoded by ffmpeg,
 * damaged files refused, pictures past the limits refused before decoding; and, with
 * stand-in programs, its bounds: a missing program named, a time limit, an output limit,
 * a bounded number of concurrent probes, a private file removed afterwards, and only the
 * file protocol.
 */
import { chmod, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MediaProbeResult, type MediaProber, probeSourceOfBytes } from "reelkit";
import { createFfprobeMediaProber, type FfprobeMediaProberOptions } from "reelkit/local";
import { IMAGE_PIXELS_MAX, IMAGE_SIDE_MAX_PIXELS } from "reelkit/schemas";
import { beforeAll, describe, expect, it } from "vitest";
import { sniffMedia } from "../../src/media/sniff.js";
import {
  blackPng,
  pngSignatureThenHtml,
  pngWithCorruptBody,
  truncatedPng,
  wavWithSampleRate,
} from "../media/crafted-media.js";
import { MEDIA_FILES, mediaFile } from "../media/media-samples.js";
import { FFMPEG_NEED } from "../render/support/ffmpeg.js";
import { describeNeeding } from "../support/describe-needing.js";

const limits = { maxSidePixels: IMAGE_SIDE_MAX_PIXELS, maxPixels: IMAGE_PIXELS_MAX };

async function probeWith(prober: MediaProber, bytes: Uint8Array): Promise<MediaProbeResult> {
  const sniffed = sniffMedia(bytes);
  if (!sniffed.ok) throw new Error("not media");
  return prober.probe({ source: probeSourceOfBytes(bytes), format: sniffed.value.format, limits });
}

async function proberOf(options: FfprobeMediaProberOptions = {}): Promise<MediaProber> {
  const setup = await createFfprobeMediaProber(options);
  if (!setup.ok) throw new Error(setup.error.message);
  return setup.value;
}

describeNeeding("the ffprobe prober on real files", [FFMPEG_NEED], () => {
  let prober: MediaProber;
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), "reelkit-ffprobe-test-"));
    prober = await proberOf({ temporaryDirectory: scratch });
  });

  it.each([
    [
      "red-16x8.png",
      { kind: "image", width: 16, height: 8, durationSeconds: null, codecs: ["png"] },
    ],
    ["photo-24x16.jpg", { kind: "image", width: 24, height: 16, codecs: ["mjpeg"] }],
    ["still-12x6.gif", { kind: "image", width: 12, height: 6, durationSeconds: null }],
    ["anim-20x10.gif", { kind: "image", width: 20, height: 10, durationSeconds: 0.3 }],
    ["lossy-30x20.webp", { kind: "image", width: 30, height: 20, codecs: ["webp"] }],
    [
      "clip-32x16-2.4s.mp4",
      {
        kind: "video",
        width: 32,
        height: 16,
        durationSeconds: 2.4,
        streams: ["video", "audio"],
        codecs: ["h264", "aac"],
      },
    ],
    ["clip-32x16-1s.webm", { kind: "video", streams: ["video", "audio"], codecs: ["vp8", "opus"] }],
    ["clip-32x16-1s.avi", { kind: "video", durationSeconds: 1, codecs: ["mjpeg"] }],
    [
      "tone-1s.m4a",
      { kind: "audio", width: null, height: null, durationSeconds: 1, streams: ["audio"] },
    ],
    ["tone-0.5s.wav", { kind: "audio", durationSeconds: 0.5, codecs: ["pcm_s16le"] }],
    ["tone-1s.flac", { kind: "audio", durationSeconds: 1, codecs: ["flac"] }],
    ["tone-1s.ogg", { kind: "audio", durationSeconds: 1, codecs: ["vorbis"] }],
  ] as const)("reads and decodes %s", async (name, expected) => {
    const result = await probeWith(prober, mediaFile(name));
    expect(result.ok ? result.value : result.error).toMatchObject({
      ...expected,
      check: "decoded",
    });
  });

  it("refuses a PNG signature followed by HTML, a truncated PNG, a corrupt PNG and a WAV at 0 Hz", async () => {
    for (const bytes of [
      pngSignatureThenHtml(),
      truncatedPng(),
      pngWithCorruptBody(),
      wavWithSampleRate(0),
    ]) {
      const result = await probeWith(prober, bytes);
      expect(result.ok ? "accepted" : result.error.code).toBe("undecodable");
      expect(result.ok ? "" : result.error.message).not.toMatch(/ffmpeg|ffprobe|Invalid|error/i);
    }
  });

  it("refuses a picture past the limits from its description, and leaves no file behind", async () => {
    const result = await probeWith(prober, blackPng(16_000, 16_000));
    expect(result).toMatchObject({
      ok: false,
      error: { code: "too_large", width: 16_000, height: 16_000 },
    });
    expect((await probeWith(prober, blackPng(IMAGE_SIDE_MAX_PIXELS, 1))).ok).toBe(true);
    expect(await readdir(scratch)).toEqual([]);
  });

  // Two programs run per fixture, two at a time: a loaded machine may need minutes.
  it("agrees with the header prober on every fixture's kind and size", async () => {
    const { createHeaderMediaProber } = await import("reelkit");
    const header = createHeaderMediaProber();
    for (const bytes of Object.values(MEDIA_FILES)) {
      const [ours, theirs] = await Promise.all([
        probeWith(header, bytes),
        probeWith(prober, bytes),
      ]);
      if (!ours.ok || !theirs.ok) throw new Error("both should read every fixture");
      expect({
        kind: theirs.value.kind,
        width: theirs.value.width,
        height: theirs.value.height,
      }).toEqual({
        kind: ours.value.kind,
        width: ours.value.width,
        height: ours.value.height,
      });
    }
  }, 120_000);
});

/** A stand-in program: a shell script that answers `-version` and runs `body` otherwise. */
async function standIn(folder: string, name: string, body: string): Promise<string> {
  const path = join(folder, name);
  await writeFile(
    path,
    `#!/bin/sh\nif [ "$1" = "-version" ]; then echo "${name} version 0"; exit 0; fi\n${body}\n`,
  );
  await chmod(path, 0o755);
  return path;
}

const STREAMS_JSON = JSON.stringify({
  format: { duration: "1.000000" },
  streams: [{ codec_type: "video", codec_name: "png", width: 16, height: 8 }],
});

describe("the ffprobe prober's bounds", () => {
  it("answers prober_unavailable naming the program that is missing", async () => {
    const missing = await createFfprobeMediaProber({ ffprobePath: "/nonexistent/ffprobe" });
    expect(missing).toEqual({
      ok: false,
      error: {
        code: "prober_unavailable",
        message: expect.stringContaining(
          'ffprobe was not found or does not run (looked for "/nonexistent/ffprobe")',
        ),
      },
    });
    const folder = await mkdtemp(join(tmpdir(), "reelkit-stand-in-"));
    const ffprobe = await standIn(folder, "ffprobe", "exit 0");
    const noFfmpeg = await createFfprobeMediaProber({
      ffprobePath: ffprobe,
      ffmpegPath: "/nonexistent/ffmpeg",
    });
    expect(!noFfmpeg.ok && noFfmpeg.error.message).toMatch(/^ffmpeg was not found/);
  });

  it("kills a program past its time limit, and one that writes past the output limit", async () => {
    const folder = await mkdtemp(join(tmpdir(), "reelkit-stand-in-"));
    const slow = await proberOf({
      ffprobePath: await standIn(folder, "ffprobe-slow", "sleep 5"),
      ffmpegPath: await standIn(folder, "ffmpeg-ok", "echo 0,0,0,1,2,0x0"),
      timeoutMilliseconds: 200,
      temporaryDirectory: folder,
    });
    expect(await probeWith(slow, MEDIA_FILES.png)).toEqual({
      ok: false,
      error: { code: "timeout", message: "Checking the file took too long." },
    });
    const chatty = await proberOf({
      ffprobePath: await standIn(folder, "ffprobe-chatty", "yes streams"),
      ffmpegPath: await standIn(folder, "ffmpeg-ok2", "echo 0,0,0,1,2,0x0"),
      maxOutputBytes: 4096,
      temporaryDirectory: folder,
    });
    expect(await probeWith(chatty, MEDIA_FILES.png)).toMatchObject({
      ok: false,
      error: { code: "unsupported" },
    });
    expect((await readdir(folder)).filter((name) => name.startsWith("reelkit-probe-"))).toEqual([]);
  });

  it("hands the programs a private file and the file protocol only, never a URL", async () => {
    const folder = await mkdtemp(join(tmpdir(), "reelkit-stand-in-"));
    const log = join(folder, "arguments.log");
    const prober = await proberOf({
      ffprobePath: await standIn(folder, "ffprobe", `echo "$@" >> ${log}; echo '${STREAMS_JSON}'`),
      ffmpegPath: await standIn(folder, "ffmpeg", `echo "$@" >> ${log}; echo 0,0,0,1,2,0x0`),
      temporaryDirectory: folder,
    });
    const result = await probeWith(prober, MEDIA_FILES.png);
    expect(result).toMatchObject({ ok: true, value: { width: 16, height: 8, check: "decoded" } });
    const lines = (await readFile(log, "utf8")).trim().split("\n");
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain("-protocol_whitelist file -f png_pipe -i ");
      const input = line.split(" -i ")[1]?.split(" ")[0] ?? "";
      expect(input.startsWith(join(folder, "reelkit-probe-"))).toBe(true);
      expect(input).not.toMatch(/:\/\//);
    }
  });

  it(`runs at most the configured number of probes at once`, async () => {
    const folder = await mkdtemp(join(tmpdir(), "reelkit-stand-in-"));
    const log = join(folder, "runs.log");
    const prober = await proberOf({
      ffprobePath: await standIn(
        folder,
        "ffprobe",
        `echo start >> ${log}; sleep 0.2; echo end >> ${log}; echo '${STREAMS_JSON}'`,
      ),
      ffmpegPath: await standIn(folder, "ffmpeg", "echo 0,0,0,1,2,0x0"),
      maxConcurrentProbes: 2,
      temporaryDirectory: folder,
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => probeWith(prober, MEDIA_FILES.png)),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    let running = 0;
    let most = 0;
    for (const line of (await readFile(log, "utf8")).trim().split("\n")) {
      running += line === "start" ? 1 : -1;
      most = Math.max(most, running);
    }
    expect(most).toBe(2);
  });
});
