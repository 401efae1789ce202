import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createProjectMediaReader } from "reelkit";
import {
  createLocalSpeechProvider,
  createLocalTranscriptionProvider,
  type LocalSpeechProvider,
} from "reelkit/local";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createProject, patchProject, readProject } from "../service/editor/editor-support.js";
import { createHarness, type Harness, KEYS } from "../service/support/harness.js";
import { describeSpeech, plainWords, wordsMatched } from "./support/engines.js";

const SENTENCE = "The company reported strong sales for the third quarter of the year.";
const LEAD_SECONDS = 1;
const TRIM_SECONDS = 0.5;
const RATE = 1.25;
const PLACED_AT_SECONDS = 2;

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "reelkit-local-service-"));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

// The harness with the local providers put in place of the simulated ones: the service
// reads its ports when it answers, and both read the harness's own storage.
async function localHarness(): Promise<{ harness: Harness; speech: LocalSpeechProvider }> {
  const harness = await createHarness();
  const speech = createLocalSpeechProvider({ storage: harness.storage, newId: () => "vo" });
  const readMedia = createProjectMediaReader({
    mediaStorage: harness.storage,
    urlFetcher: harness.deps.urlFetcher,
  });
  const transcription = createLocalTranscriptionProvider({ readMedia });
  Object.assign(harness.deps, { speech, transcription });
  return { harness, speech };
}

// A clip whose sound is the sentence after a second of silence, over a plain picture.
async function talkingClip(
  speech: LocalSpeechProvider,
): Promise<{ mp4: Uint8Array; words: { word: string; startMs: number }[] }> {
  const audio = await speech.render({ text: SENTENCE, voice_id: "kai" });
  const wavPath = join(folder, "speech.wav");
  const mp4Path = join(folder, "talk.mp4");
  await writeFile(wavPath, audio.wav);
  const seconds = LEAD_SECONDS + audio.durationSeconds + 0.5;
  execFileSync("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", `color=c=navy:s=320x240:r=25:d=${seconds}`],
    ...["-i", wavPath, "-af", `adelay=${LEAD_SECONDS * 1000},apad`, "-t", String(seconds)],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-ar", "48000", mp4Path],
  ]);
  const words = audio.words.map((word) => ({
    word: word.word,
    startMs: word.startMs + LEAD_SECONDS * 1000,
  }));
  return { mp4: new Uint8Array(await readFile(mp4Path)), words };
}

describeSpeech("the service on the local engines", () => {
  it("captions a spoken clip with its words, placed where the trimmed, faster timeline plays them", async () => {
    const { harness, speech } = await localHarness();
    const clip = await talkingClip(speech);
    const stored = await harness.storage.put("media/1/talk.mp4", clip.mp4, {
      contentType: "video/mp4",
    });
    const id = await createProject(harness, { title: "Talk", aspect_ratio: "16:9" });
    const added = await harness.call("POST", `/editor/videos/${id}/media`, {
      key: KEYS.acme,
      body: {
        url: stored.url,
        media_type: "video",
        duration_seconds: 3,
        from_seconds: PLACED_AT_SECONDS,
        source_start_seconds: TRIM_SECONDS,
        playback_rate: RATE,
      },
    });
    expect(added.status).toBe(200);
    const captioned = await patchProject(harness, id, {
      operations: [
        {
          type: "generate_captions_from_items",
          source_item_ids: [added.body.item_id],
          language: "en-US",
        },
      ],
    });
    expect(captioned.status).toBe(200);
    const { editor } = await readProject(harness, id);
    const captions = Object.values(editor.items).find(
      (item) => (item as { type: string }).type === "captions",
    ) as {
      from: number;
      captions: { text: string; startMs: number; words: { word: string; startMs: number }[] }[];
    };
    const heard = captions.captions.flatMap((entry) => entry.words);
    // The clip plays 3 s of the source from 0.5 s at 1.25x: 3.75 s of it, all the sentence.
    expect(
      wordsMatched(plainWords(SENTENCE), plainWords(heard.map((word) => word.word).join(" "))),
    ).toBeGreaterThanOrEqual(0.8);
    const itemStartSeconds = captions.from / editor.fps;
    expect(itemStartSeconds).toBeCloseTo(PLACED_AT_SECONDS, 1);
    // Each heard word is matched with the next spoken word of its spelling.
    let next = 0;
    for (const word of heard) {
      const found = clip.words.findIndex(
        (candidate, index) => index >= next && plainWords(candidate.word)[0] === word.word,
      );
      const spoken = clip.words[found];
      if (spoken === undefined) continue;
      next = found + 1;
      const expectedSeconds = PLACED_AT_SECONDS + (spoken.startMs / 1000 - TRIM_SECONDS) / RATE;
      expect(
        Math.abs(itemStartSeconds + word.startMs / 1000 - expectedSeconds),
        word.word,
      ).toBeLessThan(0.25);
    }
  }, 120_000);

  it("answers generate_captions_from_items in a language without a model with a clear 400", async () => {
    const { harness, speech } = await localHarness();
    const clip = await talkingClip(speech);
    const stored = await harness.storage.put("media/1/talk.mp4", clip.mp4, {
      contentType: "video/mp4",
    });
    const id = await createProject(harness, { title: "Talk", aspect_ratio: "16:9" });
    const added = await harness.call("POST", `/editor/videos/${id}/media`, {
      key: KEYS.acme,
      body: { url: stored.url, media_type: "video", duration_seconds: 3 },
    });
    const refused = await patchProject(harness, id, {
      operations: [
        {
          type: "generate_captions_from_items",
          source_item_ids: [added.body.item_id],
          language: "de",
        },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: "bad_request",
      retryable: false,
      context: {
        field: "operations.0.language",
        reason: "unsupported_language",
        operation_index: 0,
      },
    });
    expect(refused.body.error.message).toContain('No recognition model for "de" is installed');
  }, 120_000);

  it("places a real voiceover as long as its speech, charged once", async () => {
    const { harness } = await localHarness();
    const id = await createProject(harness, { title: "Voice", aspect_ratio: "9:16" });
    const response = await patchProject(
      harness,
      id,
      { operations: [{ type: "add_voiceover", text: SENTENCE, voice_id: "nova" }] },
      { headers: { "Idempotency-Key": "local-voice-1" } },
    );
    expect(response.status).toBe(200);
    const { editor } = await readProject(harness, id);
    const [asset] = Object.values(editor.assets) as { url: string; durationSeconds: number }[];
    expect(asset?.url).toMatch(/\/generated\/voiceover\/vo\.wav/);
    expect(asset?.durationSeconds).toBeGreaterThan(3);
    expect(response.body.editor_summary.totalDurationSeconds).toBeCloseTo(
      asset?.durationSeconds ?? 0,
      1,
    );
  }, 120_000);
});
