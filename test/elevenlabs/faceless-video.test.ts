/**
 * A faceless video made through the service with its narration spoken by ElevenLabs (a
 * local server speaking its wire format): its captions are timed from ElevenLabs'
 * character alignment with no transcription pass, and each class of ElevenLabs failure
 * ends the video as the job failure model says, its hold released exactly once.
 */
import type { ReelkitService, SpeechProvider } from "reelkit";
import { createElevenLabsSpeechProvider, wordsOfAlignment } from "reelkit/elevenlabs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { get, post } from "../service/generations/support.js";
import { holdMoves, onlyQueuedJob } from "../service/products/support.js";
import { createHarness, type Harness } from "../service/support/harness.js";
import { stubRenderer } from "../service/support/stub-renderer.js";
import {
  BAD_PROMPT,
  FAKE_ELEVENLABS_KEY,
  type FakeElevenLabs,
  QUOTA_EXCEEDED,
  type Scripted,
  SERVER_ERROR,
  startFakeElevenLabs,
  TOO_MANY_CONCURRENT,
} from "./support/fake-elevenlabs.js";

let fake: FakeElevenLabs;
beforeAll(async () => {
  fake = await startFakeElevenLabs();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  fake.clearScripts();
});

const TIMED = "/v1/text-to-speech/*/with-timestamps";

// The harness's handler serves the requests, so its speech must be ElevenLabs' from the
// start; it is made once the harness's storage exists, and reached through this binding.
// Transcription throws: the narration's words must come from ElevenLabs' timestamps.
async function elevenLabsService(): Promise<{
  harness: Harness;
  service: ReelkitService;
  transcriptions: string[];
}> {
  let speech: SpeechProvider | undefined;
  const transcriptions: string[] = [];
  const harness = await createHarness({
    renderer: () => stubRenderer(),
    overrides: {
      speech: {
        synthesize: (request) => {
          if (speech === undefined) throw new Error("the ElevenLabs speech is not made yet");
          return speech.synthesize(request);
        },
      },
      transcription: {
        transcribe: async (request) => {
          transcriptions.push(request.url);
          throw new Error("no transcription pass is expected");
        },
      },
    },
  });
  let id = 0;
  speech = createElevenLabsSpeechProvider({
    apiKey: FAKE_ELEVENLABS_KEY,
    baseUrl: fake.baseUrl,
    storage: harness.storage,
    newId: () => `elevenlabs-${++id}`,
    limits: { timeoutSeconds: 5, attempts: 2, retryAfterMaxSeconds: 0.05 },
  });
  return { harness, service: harness.service, transcriptions };
}

describe("a faceless video narrated by ElevenLabs", () => {
  it("is captioned from ElevenLabs' timestamps, with no transcription pass", async () => {
    const { harness, service, transcriptions } = await elevenLabsService();
    const created = await post(harness, "/faceless-videos", { prompt: "Octopuses", duration: 10 });
    expect(created.status).toBe(200);
    await harness.queue.runPending(service.processJob);
    const video = (await get(harness, `/videos/${created.body.video_id}`)).body;
    expect(video).toMatchObject({ status: "completed", error: null });
    expect(transcriptions).toEqual([]);
    const spoken = fake.requests.filter((request) => request.path.endsWith("/with-timestamps"));
    expect(spoken).toHaveLength(1);
    expect(spoken[0]?.body.text).toBe(created.body.script);
    const project = (await get(harness, `/editor/videos/${created.body.video_id}`)).body;
    expect(project.video.editor_summary.itemTypes).toMatchObject({ audio: 1, captions: 1 });
    // The captions' words are the narration's, each timed as ElevenLabs aligned it.
    const items = Object.values(project.video.editor.items) as {
      type: string;
      captions?: { words: { word: string; startMs: number; endMs: number }[] }[];
    }[];
    const captioned = items
      .filter((item) => item.type === "captions")
      .flatMap((item) => item.captions ?? [])
      .flatMap((caption) => caption.words);
    const alignment = fake.lastSpeech()?.alignment;
    if (alignment === undefined) throw new Error("ElevenLabs spoke nothing");
    const aligned = wordsOfAlignment({
      characters: alignment.characters,
      characterStartTimesSeconds: alignment.character_start_times_seconds,
      characterEndTimesSeconds: alignment.character_end_times_seconds,
    });
    expect(captioned.length).toBeGreaterThan(10);
    expect(captioned.map(({ startMs, endMs }) => ({ startMs, endMs }))).toEqual(
      aligned?.map(({ startMs, endMs }) => ({ startMs, endMs })),
    );
    expect(captioned.map((word) => word.word.replace(/[^\p{L}\p{N}']/gu, ""))).toEqual(
      aligned?.map((word) => word.word.replace(/[^\p{L}\p{N}']/gu, "")),
    );
    expect(harness.serverErrors).toEqual([]);
  });
});

const FAILURES: readonly {
  readonly name: string;
  readonly answers: readonly Scripted[];
  readonly category: string;
  readonly retryable: boolean;
}[] = [
  {
    name: "a refusal under ElevenLabs' terms",
    answers: [{ status: 400, body: BAD_PROMPT }],
    category: "content_policy",
    retryable: false,
  },
  {
    name: "a spent quota",
    answers: [{ status: 401, body: QUOTA_EXCEEDED }],
    category: "provider_quota_exceeded",
    retryable: false,
  },
  {
    name: "a 429 with a long retry-after",
    answers: [{ status: 429, body: TOO_MANY_CONCURRENT, headers: { "retry-after": "30" } }],
    category: "rate_limited",
    retryable: true,
  },
  {
    name: "a lasting 500",
    answers: [
      { status: 500, body: SERVER_ERROR },
      { status: 500, body: SERVER_ERROR },
    ],
    category: "provider_unavailable",
    retryable: true,
  },
  { name: "a timeout", answers: ["hang", "hang"], category: "provider_timeout", retryable: true },
];

describe("a faceless video failing on ElevenLabs", () => {
  it.each(FAILURES)("ends on $name as the failure model says, refunded once", async (failure) => {
    const { harness, service } = await elevenLabsService();
    fake.script(TIMED, ...failure.answers);
    const created = await post(harness, "/faceless-videos", { prompt: "Octopuses", duration: 10 });
    const job = onlyQueuedJob(harness);
    await harness.queue.runPending(service.processJob);
    const video = (await get(harness, `/videos/${created.body.video_id}`)).body;
    expect(video).toMatchObject({ status: "error", step: "voice" });
    expect(video.error).toMatchObject({
      code: "generation_failed",
      category: failure.category,
      retryable: failure.retryable,
      credits_returned: true,
    });
    expect(await harness.available()).toBe(5000);
    expect(await holdMoves(harness, job.holdId)).toEqual({ hold: 1, capture: 0, release: 1 });
    await service.processJob({ ...job });
    expect(await holdMoves(harness, job.holdId)).toEqual({ hold: 1, capture: 0, release: 1 });
    expect(harness.serverErrors).toEqual([]);
  });
});
