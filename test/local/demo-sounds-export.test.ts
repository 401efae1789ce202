import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SoundEffect } from "reelkit";
import { readPcmWav } from "reelkit/local";
import {
  DEMO_ASSETS,
  DEMO_CATALOG,
  DEMO_SOUND_EFFECTS,
  DEMO_SOUNDS,
  demoSoundWav,
  storeDemoSounds,
} from "reelkit/simulated";
import { expect, it } from "vitest";
import { describeRendering, rms, soundSamples } from "../render/support/ffmpeg.js";
import { createProject, patchProject } from "../service/editor/editor-support.js";
import { renderingHarness, storedBytes } from "../service/editor/export-and-frame-support.js";
import { KEYS } from "../service/support/harness.js";

/** How long each sound plays in the export: music beds are cut. */
const PLAYED_MAX_SECONDS = 2;
const GAP_SECONDS = 0.6;

describeRendering("the demo sound library", () => {
  it("makes every sound as long as it is listed, each different, music beds 20 to 60 s", () => {
    const fingerprints = new Set<string>();
    for (const sound of DEMO_SOUNDS) {
      const wav = readPcmWav(demoSoundWav(sound));
      expect(wav?.durationSeconds, sound.id).toBeCloseTo(sound.durationSeconds, 3);
      fingerprints.add(Array.from(wav?.samples.subarray(0, 2000) ?? []).join(","));
      if (sound.tags.includes("music")) {
        expect(sound.durationSeconds).toBeGreaterThanOrEqual(20);
        expect(sound.durationSeconds).toBeLessThanOrEqual(60);
        expect(sound.tags).toContain("loop");
      }
    }
    expect(fingerprints.size).toBe(DEMO_SOUNDS.length);
    expect(DEMO_SOUND_EFFECTS.map((effect) => effect.id)).toEqual(
      DEMO_SOUNDS.map((sound) => sound.id),
    );
    expect(DEMO_SOUNDS.filter((sound) => sound.tags.includes("music"))).toHaveLength(3);
  });

  it("loops its music beds without a jump: the end runs on into the start", () => {
    for (const sound of DEMO_SOUNDS.filter((entry) => entry.tags.includes("music"))) {
      const samples = readPcmWav(demoSoundWav(sound))?.samples ?? new Int16Array();
      const last = samples[samples.length - 1] ?? 0;
      const first = samples[0] ?? 0;
      // A seam would show as a step far larger than one sample's usual change.
      let largestStep = 0;
      for (let index = 1; index < samples.length; index += 1) {
        largestStep = Math.max(
          largestStep,
          Math.abs((samples[index] ?? 0) - (samples[index - 1] ?? 0)),
        );
      }
      expect(Math.abs(first - last), sound.id).toBeLessThanOrEqual(largestStep);
    }
  });

  it("exports every sound effect and music bed, each heard where it plays", async () => {
    let library: SoundEffect[] = [];
    const harness = await renderingHarness({
      overrides: {
        workspace: {
          catalog: async () => DEMO_CATALOG,
          assets: async () => DEMO_ASSETS,
          soundEffects: async () => library,
        },
      },
    });
    library = await storeDemoSounds(harness.storage);
    const id = await createProject(harness, { title: "Sounds", aspect_ratio: "1:1" });
    const windows: { id: string; from: number; seconds: number }[] = [];
    let at = GAP_SECONDS;
    for (const effect of library) {
      const seconds = Math.min(PLAYED_MAX_SECONDS, effect.durationSeconds);
      windows.push({ id: effect.id, from: at, seconds });
      at += seconds + GAP_SECONDS;
    }
    const added = await patchProject(harness, id, {
      operations: [
        { type: "add_solid", duration_seconds: at, style: { color: "#202040" } },
        ...windows.map((window) => ({
          type: "add_sound_effect",
          sound_effect_id: window.id,
          from_seconds: window.from,
          duration_seconds: window.seconds,
        })),
      ],
    });
    expect(added.status).toBe(200);
    const exported = await harness.call("POST", `/editor/videos/${id}/export`, {
      key: KEYS.acme,
      body: { resolution: "480p" },
    });
    expect(exported.status).toBe(200);
    expect(await harness.runJobs()).toBe(1);
    const video = (await harness.call("GET", `/videos/${id}`, { key: KEYS.acme })).body;
    expect(video.status).toBe("completed");
    const path = join(tmpdir(), `reelkit-sounds-${process.pid}.mp4`);
    await writeFile(path, await storedBytes(harness, video.url));
    for (const window of windows) {
      const heard = rms(
        soundSamples(path, window.from, window.from + Math.min(0.3, window.seconds)),
      );
      const before = rms(soundSamples(path, window.from - GAP_SECONDS + 0.15, window.from - 0.15));
      expect(heard, `${window.id} is heard`).toBeGreaterThan(0.004);
      expect(before, `silence before ${window.id}`).toBeLessThan(0.001);
    }
  }, 240_000);
});
