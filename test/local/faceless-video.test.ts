/**
 * A faceless video narrated by the local speech engine and rendered by ffmpeg, its
 * finished file heard back by pocketsphinx: the narration a viewer hears is the script,
 * and its captions are timed by the engine's own word times.
 */
import { createProjectMediaReader } from "reelkit";
import { createLocalSpeechProvider, createLocalTranscriptionProvider } from "reelkit/local";
import { expect, it } from "vitest";
import { renderingHarness, storedBytes } from "../service/editor/export-and-frame-support.js";
import { get, post } from "../service/generations/support.js";
import { probe } from "../support/ffprobe.js";
import { describeSpeech, plainWords, wordsMatched } from "./support/engines.js";

const SCRIPT =
  "The lighthouse keeper climbed the stairs at dawn. Seagulls circled over the cold grey water.";

describeSpeech("a faceless video narrated by the local engines", () => {
  it("says its script, heard back from the rendered file", async () => {
    const harness = await renderingHarness();
    const readMedia = createProjectMediaReader({
      mediaStorage: harness.storage,
      urlFetcher: harness.deps.urlFetcher,
    });
    const transcription = createLocalTranscriptionProvider({ readMedia });
    Object.assign(harness.deps, {
      speech: createLocalSpeechProvider({ storage: harness.storage, newId: () => "narration" }),
      transcription,
    });
    const created = await post(harness, "/faceless-videos", {
      script: SCRIPT,
      duration: 8,
      aspect_ratio: "9:16",
    });
    expect(created.status).toBe(200);
    await harness.runJobs();
    const videoId: number = created.body.video_id;
    const video = (await get(harness, `/videos/${videoId}`)).body;
    expect(video).toMatchObject({ status: "completed", error: null });

    // The narration is the engine's WAV, as long as its speech.
    const project = (await get(harness, `/editor/videos/${videoId}`)).body.video.editor;
    const items = Object.values(project.items) as {
      type: string;
      audioRole?: string;
      assetId?: string;
      captions?: { words: { word: string }[] }[];
    }[];
    const voiceover = items.find((item) => item.audioRole === "voiceover");
    const asset = project.assets[voiceover?.assetId ?? ""];
    expect(asset.url).toMatch(/\/generated\/voiceover\/narration\.wav$/);
    const mp4 = await storedBytes(harness, video.url);
    expect(Math.abs(probe(mp4, "mp4").durationSeconds - asset.durationSeconds)).toBeLessThan(1);

    // Captions carry every word of the script, in order.
    const captioned = items
      .filter((item) => item.type === "captions")
      .flatMap((item) => item.captions ?? [])
      .flatMap((entry) => entry.words.map((word) => word.word));
    expect(plainWords(captioned.join(" "))).toEqual(plainWords(SCRIPT));

    // What a listener of the finished MP4 hears: pocketsphinx recognizes the script in it.
    const heard = await transcription.transcribe({
      itemId: "film",
      url: video.url,
      language: "en",
    });
    const heardWords = plainWords(heard.words.map((word) => word.word).join(" "));
    expect(
      wordsMatched(plainWords(SCRIPT), heardWords),
      heardWords.join(" "),
    ).toBeGreaterThanOrEqual(0.6);
    expect(heardWords).toContain("lighthouse");
    expect(harness.serverErrors).toEqual([]);
  }, 300_000);
});
