import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Job } from "reelkit";
import { createMemoryMediaStorage } from "reelkit/memory";
import { createSimulatedWorkProvider, placeholderPalette } from "reelkit/simulated";
import { describe, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { decodeErrors, ffprobeTestsRun, probe } from "../support/ffprobe.js";
import { readStored } from "../support/stored-object.js";

async function generatedVideo(input: Record<string, unknown>): Promise<Uint8Array> {
  const storage = createMemoryMediaStorage({ publicBaseUrl: "http://host.test/files" });
  const job: Job = {
    id: "j1",
    kind: "generation",
    organizationId: toOrganizationId(1),
    resourceId: "r1",
    holdId: "h1",
    input,
  };
  const outcome = await createSimulatedWorkProvider({ storage }).run(job);
  if (!outcome.ok) throw new Error("expected the generation to complete");
  const stored = await readStored(storage, storage.objectKeyOf(outcome.value) ?? "");
  if (stored === undefined) throw new Error(`nothing stored at ${outcome.value}`);
  expect(stored.contentType).toBe("video/mp4");
  return stored.bytes;
}

// The RGB colour of the pixel at (x, y) of the frame shown at `seconds` (cropped to the
// 2 × 2 block the chroma planes allow, whose first pixel it is).
function pixelAt(bytes: Uint8Array, at: { seconds: number; x: number; y: number }): number[] {
  const folder = mkdtempSync(join(tmpdir(), "reelkit-clip-"));
  try {
    const path = join(folder, "clip.mp4");
    writeFileSync(path, bytes);
    const frame = execFileSync(
      "ffmpeg",
      ["-v", "error", "-ss", String(at.seconds), "-i", path, "-frames:v", "1"].concat([
        "-vf",
        `crop=2:2:${at.x}:${at.y}`,
        "-f",
        "rawvideo",
        "-pix_fmt",
        "rgb24",
        "-",
      ]),
    );
    return [...frame.subarray(0, 3)];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function near(actual: readonly number[], expected: readonly number[], tolerance: number) {
  return actual.every((part, index) => Math.abs(part - (expected[index] ?? 0)) <= tolerance);
}

describe("the simulated work provider's video generations", () => {
  it("gives each prompt its own file, and the same prompt the same file", async () => {
    const ad = { type: "video_ad", aspect_ratio: "16:9", duration: 8 };
    const first = await generatedVideo({ ...ad, prompt: "Cold brew at dawn" });
    const again = await generatedVideo({ ...ad, prompt: "Cold brew at dawn" });
    const other = await generatedVideo({ ...ad, prompt: "Running shoes on wet sand" });
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  describe.skipIf(!ffprobeTestsRun())("as ffprobe and ffmpeg read them", () => {
    it.each([
      [{ type: "video_ad", aspect_ratio: "16:9", duration: 8 }, 256, 144, 8],
      [{ type: "video_ad", aspect_ratio: "9:16", duration: 5 }, 144, 256, 5],
      [{ type: "video_ad", aspect_ratio: "1:1", duration: 12 }, 192, 192, 12],
      [{ type: "video_ad", aspect_ratio: "4:5", duration: 4 }, 172, 216, 4],
      [{ type: "ugc_ad", aspect_ratio: "21:9", duration: 6 }, 294, 126, 6],
      [{ type: "video_ad" }, 144, 256, 3],
      [{ type: "ai_model", input_mode: "text_to_video", aspect_ratio: "auto" }, 144, 256, 3],
    ])(
      "%o is an H.264 MP4 of %i×%i lasting %i s that decodes cleanly",
      async (input, width, height, seconds) => {
        const bytes = await generatedVideo({ ...input, prompt: "A lighthouse in fog" });
        const probed = probe(bytes, "mp4");
        expect(probed.durationSeconds).toBeCloseTo(seconds, 2);
        expect(probed.streams).toEqual([
          expect.objectContaining({ codec_type: "video", codec_name: "h264", width, height }),
        ]);
        expect(decodeErrors(bytes, "mp4")).toBe("");
      },
    );

    it("shows the prompt's colours from the first frame to the last", async () => {
      const prompts = ["Cold brew at dawn", "Running shoes on wet sand"];
      const backgrounds = await Promise.all(
        prompts.map(async (prompt) => {
          const bytes = await generatedVideo({ type: "video_ad", duration: 8, prompt });
          const expected = placeholderPalette(prompt, 1).background;
          for (const seconds of [0, 7.9]) {
            const pixel = pixelAt(bytes, { seconds, x: 4, y: 4 });
            expect(near(pixel, expected, 6), `${pixel} near ${expected}`).toBe(true);
          }
          return expected;
        }),
      );
      expect(near(backgrounds[0] ?? [], backgrounds[1] ?? [], 20)).toBe(false);
    });
  });
});
