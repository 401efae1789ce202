/**
 * A faceless video made from a prompt with the simulated providers and a real ffmpeg,
 * checked as a viewer would check it: its shape and length, the scene on screen in the
 * middle of each scene, the caption word highlighted while it is spoken, a voice that
 * sounds where the words are and is silent between them, music under it; and then its
 * project, opened, edited and exported again.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { FFMPEG_NEED } from "../../render/support/ffmpeg.js";
import { describeNeeding } from "../../support/describe-needing.js";
import { probe } from "../../support/ffprobe.js";
import { TESSERACT_NEED } from "../../support/ocr.js";
import { decodePalettePng } from "../../support/palette-png.js";
import { renderingHarness, storedBytes } from "../editor/export-and-frame-support.js";
import { get, post } from "../generations/support.js";
import { type Harness, KEYS } from "../support/harness.js";
import {
  colourDistance,
  highlightedWord,
  levelDb,
  MUSIC_BAND,
  SOUND_RATE,
  sineWav,
  soundOf,
  type VideoFile,
  VOICE_BAND,
  videoFile,
} from "./media-checks.js";
import { holdMoves } from "./support.js";

const REQUESTED_SECONDS = 20;
const FPS = 30;
const HIGHLIGHT = [0xff, 0xd6, 0x0a] as const;
const MUSIC = { hz: 110, amplitude: 0.5, seconds: 40 };

// biome-ignore lint/suspicious/noExplicitAny: the project is read as JSON, by path.
type Json = any;

interface Made {
  readonly harness: Harness;
  readonly videoId: number;
  readonly holdId: string;
  readonly video: Json;
  readonly project: Json;
  readonly file: VideoFile;
  readonly musicPath: VideoFile;
}

let made: Made;

function itemsOf(project: Json, type: string): Json[] {
  return Object.values(project.items as Record<string, Json>)
    .filter((item) => item.type === type)
    .sort((left, right) => left.from - right.from);
}

function assetOf(project: Json, item: Json): Json {
  return project.assets[item.assetId];
}

function captionWords(project: Json): { word: string; startMs: number; endMs: number }[] {
  const [captions] = itemsOf(project, "captions");
  return captions.captions.flatMap((entry: Json) => entry.words);
}

describeNeeding(
  "a faceless video as a viewer sees and hears it",
  [FFMPEG_NEED, TESSERACT_NEED],
  () => {
    beforeAll(async () => {
      const harness = await renderingHarness();
      const music = await harness.storage.put("media/1/music.wav", sineWav(MUSIC), {
        contentType: "audio/wav",
      });
      const created = await post(harness, "/faceless-videos", {
        prompt: "Three facts about deep-sea octopuses",
        duration: REQUESTED_SECONDS,
        aspect_ratio: "9:16",
        music_url: music.url,
      });
      expect(created.status).toBe(200);
      const [job] = harness.queue.pending();
      await harness.runJobs();
      const videoId: number = created.body.video_id;
      const video = (await get(harness, `/videos/${videoId}`)).body;
      const project = (await get(harness, `/editor/videos/${videoId}`)).body.video.editor;
      const bytes = await storedBytes(harness, video.url);
      const probed = probe(bytes, "mp4");
      const stream = probed.streams.find((candidate) => candidate.codec_type === "video");
      const file = videoFile(bytes, { width: stream?.width ?? 0, height: stream?.height ?? 0 });
      const musicPath = videoFile(await storedBytes(harness, music.url), { width: 0, height: 0 });
      made = { harness, videoId, holdId: job?.holdId ?? "", video, project, file, musicPath };
    }, 600_000);

    afterAll(() => {
      made?.file.dispose();
      made?.musicPath.dispose();
    });

    it("completes as a 9:16 MP4 as long as its narration, paid once", async () => {
      const { video, project, file, harness } = made;
      expect(video).toMatchObject({
        status: "completed",
        step: "done",
        video_type: "faceless_video",
      });
      expect(video.video_url).toBe(video.url);
      expect([file.width, file.height]).toEqual([720, 1280]);
      const [voiceover] = itemsOf(project, "audio").filter(
        (item) => item.audioRole === "voiceover",
      );
      const voiceSeconds: number = assetOf(project, voiceover).durationSeconds;
      expect(Math.abs(voiceSeconds - REQUESTED_SECONDS) / REQUESTED_SECONDS).toBeLessThanOrEqual(
        0.25,
      );
      const bytes = await storedBytes(harness, video.url);
      expect(Math.abs(probe(bytes, "mp4").durationSeconds - voiceSeconds)).toBeLessThanOrEqual(1);
      expect(await holdMoves(harness, made.holdId)).toEqual({ hold: 1, capture: 1, release: 0 });
      expect(harness.serverErrors).toEqual([]);
    });

    it("shows each scene's own picture in the middle of the scene", async () => {
      const { project, file, harness } = made;
      const scenes = itemsOf(project, "image");
      expect(scenes.length).toBeGreaterThanOrEqual(3);
      const placeholders = await Promise.all(
        scenes.map(async (scene) =>
          decodePalettePng(await storedBytes(harness, assetOf(project, scene).url)),
        ),
      );
      const picked = [0, Math.floor(scenes.length / 2), scenes.length - 1];
      const corners: (readonly number[])[] = [];
      for (const index of picked) {
        const scene = scenes[index];
        const [background, card] = placeholders[index]?.palette ?? [];
        const frame = file.frameAt((scene.from + scene.durationInFrames / 2) / FPS);
        const corner = frame.at(file.width * 0.05, file.height * 0.05);
        corners.push(corner);
        // The scene's own background, and no other scene's.
        expect(colourDistance(corner, background ?? []), `scene ${index + 1}`).toBeLessThan(30);
        for (const [other, placeholder] of placeholders.entries()) {
          if (other === index) continue;
          expect(colourDistance(corner, placeholder.palette[0] ?? [])).toBeGreaterThan(30);
        }
        // Its card, in the upper middle of the frame, wherever the camera drifted it.
        const grid = Array.from({ length: 400 }, (_, step) =>
          frame.at(
            file.width * (0.15 + (step % 20) * 0.035),
            file.height * (0.2 + Math.floor(step / 20) * 0.0125),
          ),
        );
        const onCard = grid.filter((colour) => colourDistance(colour, card ?? []) < 30).length;
        expect(onCard, `scene ${index + 1}`).toBeGreaterThan(grid.length / 4);
      }
      expect(new Set(corners.map((corner) => corner.join(","))).size).toBe(picked.length);
    });

    it("highlights the word being spoken in the captions", () => {
      const { project, file } = made;
      const words = captionWords(project);
      const long = words.filter((word) => word.word.replace(/[^A-Za-z]/g, "").length >= 5);
      const picked = [long[1], long[Math.floor(long.length / 2)], long[long.length - 2]];
      for (const word of picked) {
        if (word === undefined) throw new Error("expected words of five letters or more");
        const frame = file.frameAt((word.startMs + word.endMs) / 2000);
        const read = highlightedWord(frame, { highlight: HIGHLIGHT, fromY: file.height * 0.55 });
        expect(read.replace(/[^A-Z]/g, ""), word.word).toBe(
          word.word.toUpperCase().replace(/[^A-Z]/g, ""),
        );
      }
    });

    it("sounds where the words are and is silent between them, the music lower under the voice", () => {
      const { project, file, musicPath } = made;
      const voice = file.sound(VOICE_BAND);
      const music = file.sound(MUSIC_BAND);
      const musicAlone = levelDb(soundOf(musicPath.path, MUSIC_BAND), 1, 10);
      const words = captionWords(project);
      const [voiceover] = itemsOf(project, "audio").filter(
        (item) => item.audioRole === "voiceover",
      );
      // The music fades out over the last 1.5 s.
      const musicFadeStart = assetOf(project, voiceover).durationSeconds - 1.5;
      let checked = 0;
      for (const [index, word] of words.entries()) {
        const next = words[index + 1];
        const start = word.startMs / 1000;
        const end = word.endMs / 1000;
        const gapEnd = (next?.startMs ?? word.endMs) / 1000;
        if (next === undefined || end - start < 0.2 || gapEnd - end < 0.12) continue;
        const spoken = levelDb(voice, start + 0.05, end - 0.05);
        const pause = levelDb(voice, end + 0.03, gapEnd - 0.03);
        // The voice: loud on its words, 20 dB quieter between them (not a tone, not silence).
        expect(spoken, word.word).toBeGreaterThan(-25);
        expect(spoken - pause, word.word).toBeGreaterThan(20);
        checked += 1;
        if (end > musicFadeStart) continue;
        // The music under the spoken word: its own level, lowered by 18 dB.
        const under = levelDb(music, start + 0.05, end - 0.05);
        expect(under - musicAlone, word.word).toBeGreaterThan(-20);
        expect(under - musicAlone, word.word).toBeLessThan(-16);
        expect(spoken - under, word.word).toBeGreaterThan(10);
      }
      expect(checked).toBeGreaterThan(words.length / 2);
      expect(voice.length / SOUND_RATE).toBeGreaterThan(REQUESTED_SECONDS * 0.75);
    });

    it("opens as an editor project of scene pictures, the voiceover, captions and the music", () => {
      const { project, harness } = made;
      const workflowVisuals = itemsOf(project, "image").map((item) => assetOf(project, item).url);
      expect(new Set(workflowVisuals).size).toBe(workflowVisuals.length);
      const tracksOfScenes = new Set(itemsOf(project, "image").map((item) => item.trackId));
      expect(tracksOfScenes.size).toBe(1);
      for (const [index, scene] of itemsOf(project, "image").entries()) {
        expect(scene.motion).toMatchObject({ type: "ken_burns" });
        if (index > 0) expect(scene.enterAnimation).toMatchObject({ type: "fade" });
      }
      const audio = itemsOf(project, "audio");
      expect(audio.map((item) => item.audioRole).sort()).toEqual(["music", "voiceover"]);
      expect(audio.find((item) => item.audioRole === "music")?.volumeDb).toBe(-18);
      const [captions] = itemsOf(project, "captions");
      expect(captions.style.highlight_color).toBe("#FFD60A");
      expect(project.tracks[0].items).toContain(captions.id);
      expect(harness.serverErrors).toEqual([]);
    });

    it("exports again for free while unchanged, and for a charge once edited", async () => {
      const { harness, videoId, video } = made;
      const unchanged = await harness.call("POST", `/editor/videos/${videoId}/export`, {
        key: KEYS.acme,
        body: { resolution: "720p" },
      });
      expect(unchanged.body).toMatchObject({
        status: "completed",
        reused: true,
        url: video.url,
        credits_deducted: 0,
      });
      const project = (await get(harness, `/editor/videos/${videoId}`)).body.video;
      const [captions] = itemsOf(project.editor, "captions");
      const [, second] = itemsOf(project.editor, "image");
      const music = itemsOf(project.editor, "audio").find((item) => item.audioRole === "music");
      const edited = await harness.call("PATCH", `/editor/videos/${videoId}`, {
        key: KEYS.acme,
        body: {
          expected_revision: 0,
          operations: [
            {
              type: "update_captions",
              item_id: captions.id,
              style: { highlight_color: "#00E5FF" },
            },
            { type: "set_item_motion", item_id: second.id, motion: { type: "zoom_in" } },
            { type: "set_item_audio", item_id: music.id, volume_db: -24 },
          ],
        },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.revision).toBe(1);
      const exported = await harness.call("POST", `/editor/videos/${videoId}/export`, {
        key: KEYS.acme,
        body: { resolution: "480p" },
      });
      expect(exported.body).toMatchObject({ status: "queued", reused: false });
      await harness.runJobs();
      const after = (await get(harness, `/videos/${videoId}`)).body;
      expect(after).toMatchObject({ status: "completed", step: "done" });
      expect(after.url).not.toBe(video.url);
      const probed = probe(await storedBytes(harness, after.url), "mp4");
      expect(probed.streams.find((stream) => stream.codec_type === "video")).toMatchObject({
        width: 480,
        height: 854,
      });
      // A 20-second export with a camera motion, on a machine running other renders.
    }, 180_000);
  },
);
