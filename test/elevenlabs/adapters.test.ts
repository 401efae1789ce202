/**
 * The ElevenLabs adapters against a local server speaking ElevenLabs' wire format: what
 * each sends (path, `xi-api-key`, query and body fields), what it stores, the words it
 * times from the character alignment, and what each of ElevenLabs' failures becomes in
 * the job failure model.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MediaStorage, ProviderError } from "reelkit";
import {
  createElevenLabsSpeechProvider,
  createElevenLabsVoiceList,
  type ElevenLabsOptions,
  wordsOfAlignment,
} from "reelkit/elevenlabs";
import { createMemoryMediaStorage } from "reelkit/memory";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  BAD_PROMPT,
  FAKE_ELEVENLABS_KEY,
  type FakeElevenLabs,
  QUOTA_EXCEEDED,
  SERVER_ERROR,
  startFakeElevenLabs,
  TOO_MANY_CONCURRENT,
  UNPROCESSABLE,
  VOICE_NOT_FOUND,
} from "./support/fake-elevenlabs.js";

let fake: FakeElevenLabs;
const waits: number[] = [];

beforeAll(async () => {
  fake = await startFakeElevenLabs();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  fake.clearScripts();
  fake.streamPaddingSeconds = 0;
  waits.length = 0;
});

function options(limits: ElevenLabsOptions["limits"] = {}) {
  return {
    apiKey: FAKE_ELEVENLABS_KEY,
    baseUrl: fake.baseUrl,
    limits,
    sleep: async (milliseconds: number) => {
      waits.push(milliseconds);
    },
  };
}

function storage() {
  return createMemoryMediaStorage({ publicBaseUrl: "http://files.test/files" });
}

async function bytesOf(files: MediaStorage, key: string): Promise<Buffer> {
  const stored = await files.open(key);
  if (stored === undefined) throw new Error(`${key} is not stored`);
  return Buffer.from(await new Response(stored.stream()).arrayBuffer());
}

function probedSeconds(mp3: Buffer): number {
  const directory = mkdtempSync(join(tmpdir(), "elevenlabs-probe-"));
  try {
    const file = join(directory, "audio.mp3");
    writeFileSync(file, mp3);
    const output = execFileSync("ffprobe", [
      ...["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file],
    ]);
    return Number(output.toString().trim());
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const TEXT = "Octopuses have three hearts, and blue blood.";
const TIMED = "/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/with-timestamps";

describe("ElevenLabs speech with timestamps", () => {
  it("sends the text, model and settings, stores the MP3, and times each word", async () => {
    const files = storage();
    const speech = createElevenLabsSpeechProvider({
      ...options(),
      storage: files,
      newId: () => "v1",
    });
    const spoken = await speech.synthesize({
      text: TEXT,
      voice_id: "21m00Tcm4TlvDq8ikWAM",
      voice_settings: { stability: 0.4, similarity_boost: 0.8, speed: 2 },
      filename: "intro.mp3",
    });
    expect(fake.requests).toEqual([
      {
        method: "POST",
        path: TIMED,
        apiKey: FAKE_ELEVENLABS_KEY,
        query: { output_format: "mp3_44100_128" },
        body: {
          text: TEXT,
          model_id: "eleven_multilingual_v2",
          voice_settings: { stability: 0.4, similarity_boost: 0.8, speed: 1.2 },
        },
      },
    ]);
    const key = "generated/voiceover/v1.mp3";
    expect(spoken.url).toBe(files.urlOf(key));
    expect(spoken.filename).toBe("intro.mp3");
    const stored = await files.open(key);
    expect(stored?.contentType).toBe("audio/mpeg");
    const mp3 = await bytesOf(files, key);
    expect(mp3.equals(fake.lastSpeech()?.mp3 ?? Buffer.alloc(0))).toBe(true);
    // The length read from the bitrate is the one ffprobe reads from the file.
    expect(spoken.durationSeconds).toBeCloseTo(probedSeconds(mp3), 2);
    // Seven words, each from its first character's start to its last one's end.
    const alignment = fake.lastSpeech()?.alignment;
    const at = (index: number, list: "start" | "end") =>
      Math.round((alignment?.[`character_${list}_times_seconds`][index] as number) * 1000);
    expect(spoken.words?.map((word) => word.word)).toEqual([
      "Octopuses",
      "have",
      "three",
      "hearts,",
      "and",
      "blue",
      "blood.",
    ]);
    expect(spoken.words?.[0]).toEqual({
      word: "Octopuses",
      startMs: at(0, "start"),
      endMs: at(8, "end"),
    });
    expect(spoken.words?.[3]).toEqual({
      word: "hearts,",
      startMs: at(21, "start"),
      endMs: at(27, "end"),
    });
    expect(spoken.words?.at(-1)).toEqual({
      word: "blood.",
      startMs: at(TEXT.length - 6, "start"),
      endMs: at(TEXT.length - 1, "end"),
    });
  });

  it("speaks with the default voice and passes a language to a model that takes one", async () => {
    const speech = createElevenLabsSpeechProvider({
      ...options(),
      modelId: "eleven_flash_v2_5",
      storage: storage(),
      newId: () => "v2",
    });
    await speech.synthesize({ text: "Hola.", language: "es-ES" });
    expect(fake.requests[0]).toMatchObject({
      path: "/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb/with-timestamps",
      body: { text: "Hola.", model_id: "eleven_flash_v2_5", language_code: "es" },
    });
  });

  it("refuses a text over the limit without calling ElevenLabs", async () => {
    const speech = createElevenLabsSpeechProvider({
      ...options(),
      storage: storage(),
      newId: () => "x",
    });
    const error = await failureOf(speech.synthesize({ text: "a".repeat(10_001) }));
    expect(error).toMatchObject({ category: "text_too_long", retryable: false });
    expect(fake.requests).toEqual([]);
  });
});

describe("ElevenLabs speech streamed", () => {
  it("streams a large answer into storage chunk by chunk, never whole", async () => {
    fake.streamPaddingSeconds = 60;
    const files = storage();
    const chunks: number[] = [];
    const counting: MediaStorage = {
      ...files,
      put: (key, body, put) => {
        if (!(body instanceof ReadableStream)) throw new Error("the audio was not streamed");
        const counted = body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              chunks.push(chunk.byteLength);
              controller.enqueue(chunk);
            },
          }),
        );
        return files.put(key, counted, put);
      },
    };
    const speech = createElevenLabsSpeechProvider({
      ...options(),
      storage: counting,
      newId: () => "long",
      wordTimings: false,
    });
    const spoken = await speech.synthesize({ text: TEXT, voice_id: "21m00Tcm4TlvDq8ikWAM" });
    expect(fake.requests[0]).toMatchObject({
      path: "/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/stream",
      query: { output_format: "mp3_44100_128" },
      body: { text: TEXT, model_id: "eleven_multilingual_v2" },
    });
    const total = chunks.reduce((sum, size) => sum + size, 0);
    expect(total).toBeGreaterThan(1_000_000);
    expect(chunks.length).toBeGreaterThan(30);
    expect(Math.max(...chunks)).toBeLessThanOrEqual(64 * 1024);
    expect(spoken.words).toBeUndefined();
    expect(spoken.durationSeconds).toBeGreaterThan(60);
    const mp3 = await bytesOf(files, "generated/voiceover/long.mp3");
    expect(mp3.byteLength).toBe(total);
    expect(spoken.durationSeconds).toBeCloseTo(probedSeconds(mp3), 1);
  });
});

describe("ElevenLabs' failures in the job failure model", () => {
  const speech = (limits: ElevenLabsOptions["limits"] = {}) =>
    createElevenLabsSpeechProvider({ ...options(limits), storage: storage(), newId: () => "x" });
  const request = { text: TEXT, voice_id: "21m00Tcm4TlvDq8ikWAM" };

  it.each([
    [400, BAD_PROMPT, "content_policy", "ElevenLabs refused the speech."],
    [
      401,
      QUOTA_EXCEEDED,
      "provider_quota_exceeded",
      "The ElevenLabs account has no quota left for the speech.",
    ],
    [404, VOICE_NOT_FOUND, "voice_not_found", "ElevenLabs has no such voice in the account."],
    [422, UNPROCESSABLE, "provider_refused", "ElevenLabs refused the speech (HTTP 422)."],
    [
      401,
      { detail: { status: "invalid_api_key", message: "Invalid API key" } },
      "provider_unauthorized",
      "ElevenLabs refused the API key (HTTP 401).",
    ],
  ])(
    "records a %i %o as %s, not retryable, asked once",
    async (status, body, category, message) => {
      fake.script(TIMED, { status, body });
      const error = await failureOf(speech().synthesize(request));
      expect(error).toMatchObject({ category, retryable: false, message });
      expect(error.message).not.toContain(TEXT);
      expect(fake.requests).toHaveLength(1);
    },
  );

  it("waits the retry-after ElevenLabs names and tries again", async () => {
    fake.script(TIMED, { status: 429, body: TOO_MANY_CONCURRENT, headers: { "retry-after": "2" } });
    const spoken = await speech().synthesize(request);
    expect(spoken.words?.length).toBe(7);
    expect(waits).toEqual([2000]);
    expect(fake.requests).toHaveLength(2);
  });

  it("hands a retry-after past the limit to the job as rate_limited, retryable", async () => {
    fake.script(TIMED, {
      status: 429,
      body: TOO_MANY_CONCURRENT,
      headers: { "retry-after": "30" },
    });
    const error = await failureOf(speech().synthesize(request));
    expect(error).toMatchObject({ category: "rate_limited", retryable: true });
    expect(waits).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it("records a lasting 500 as provider_unavailable, retryable, after its attempts", async () => {
    fake.script(TIMED, ...Array.from({ length: 3 }, () => ({ status: 500, body: SERVER_ERROR })));
    const error = await failureOf(speech().synthesize(request));
    expect(error).toMatchObject({ category: "provider_unavailable", retryable: true });
    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);
  });

  it("abandons an unanswered request at its timeout as provider_timeout, retryable", async () => {
    fake.script(TIMED, "hang");
    const error = await failureOf(speech({ timeoutSeconds: 0.5, attempts: 1 }).synthesize(request));
    expect(error).toMatchObject({ category: "provider_timeout", retryable: true });
  });

  it("calls an unreachable ElevenLabs provider_unavailable, never content_policy", async () => {
    const unreachable = createElevenLabsSpeechProvider({
      ...options({ attempts: 1 }),
      baseUrl: "http://127.0.0.1:9",
      storage: storage(),
      newId: () => "x",
    });
    const error = await failureOf(unreachable.synthesize(request));
    expect(error).toMatchObject({ category: "provider_unavailable", retryable: true });
  });
});

describe("the ElevenLabs account's voices", () => {
  it("are listed with locale, gender and a stored preview; a voice without one is left out", async () => {
    const files = storage();
    const voices = await createElevenLabsVoiceList({ ...options(), storage: files }).list();
    expect(fake.requests[0]).toMatchObject({
      method: "GET",
      path: "/v2/voices",
      apiKey: FAKE_ELEVENLABS_KEY,
      query: { page_size: "100" },
    });
    expect(voices).toEqual([
      {
        id: "21m00Tcm4TlvDq8ikWAM",
        name: "Rachel",
        preview_url: files.urlOf("voices/previews/elevenlabs/21m00Tcm4TlvDq8ikWAM.mp3"),
        source: "built_in",
        locale: ["en-US", "es-ES"],
        credits_9_16: 60,
        credits_16_9: 80,
        gender: "female",
        age: "young",
        style_tags: ["calm", "narration", "american"],
        recommendation_summary: "A calm young American voice for narration.",
      },
      {
        id: "cl0neDv01ce00000000",
        name: "Founder",
        preview_url: files.urlOf("voices/previews/elevenlabs/cl0neDv01ce00000000.mp3"),
        source: "custom_clone",
        locale: [],
        credits_9_16: 60,
        credits_16_9: 80,
        gender: "male",
        age: "middle_aged",
        style_tags: [],
        recommendation_summary: "Founder, a voice of the ElevenLabs account.",
      },
    ]);
    const preview = await bytesOf(files, "voices/previews/elevenlabs/21m00Tcm4TlvDq8ikWAM.mp3");
    expect(probedSeconds(preview)).toBeGreaterThan(0.5);
  });

  it("fails as the failure model says when ElevenLabs refuses the key", async () => {
    const error = await failureOf(
      createElevenLabsVoiceList({ ...options(), apiKey: "wrong", storage: storage() }).list(),
    );
    expect(error).toMatchObject({ category: "provider_unauthorized", retryable: false });
  });
});

describe("word times from a character alignment", () => {
  it("joins characters between blanks, keeps punctuation, and refuses a broken alignment", () => {
    expect(
      wordsOfAlignment({
        characters: [" ", "H", "i", ",", " ", " ", "y", "o", "u"],
        characterStartTimesSeconds: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8],
        characterEndTimesSeconds: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9],
      }),
    ).toEqual([
      { word: "Hi,", startMs: 100, endMs: 400 },
      { word: "you", startMs: 600, endMs: 900 },
    ]);
    expect(
      wordsOfAlignment({
        characters: ["a", "b"],
        characterStartTimesSeconds: [0],
        characterEndTimesSeconds: [0.1, 0.2],
      }),
    ).toBeUndefined();
  });
});
