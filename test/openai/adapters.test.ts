/**
 * The OpenAI adapters against a local server speaking OpenAI's wire format: what each
 * sends (path, key, body fields), what it stores, and what each failure of OpenAI's
 * becomes in the job failure model.
 */
import { ProviderError, type VisualRequest } from "reelkit";
import { createMemoryMediaStorage } from "reelkit/memory";
import {
  createOpenAIScriptWriter,
  createOpenAISpeechProvider,
  createOpenAITranscriptionProvider,
  createOpenAIVisualGenerator,
  type OpenAIOptions,
} from "reelkit/openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_OPENAI_KEY,
  type FakeOpenAI,
  MODERATION_BLOCKED,
  RATE_LIMITED,
  SERVER_ERROR,
  SPEECH_SAMPLE_RATE,
  startFakeOpenAI,
} from "./support/fake-openai.js";

let fake: FakeOpenAI;
const waits: number[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  waits.length = 0;
});

function options(limits: OpenAIOptions["limits"] = {}) {
  return {
    apiKey: FAKE_OPENAI_KEY,
    baseURL: fake.baseURL,
    limits,
    sleep: async (milliseconds: number) => {
      waits.push(milliseconds);
    },
  };
}

function storage() {
  return createMemoryMediaStorage({ publicBaseUrl: "http://files.test/files" });
}

const VISUAL: VisualRequest = {
  organizationId: 1 as VisualRequest["organizationId"],
  prompt: "A lighthouse at dusk",
  text: "The light still turns.",
  kind: "image",
  aspectRatio: "9:16",
  width: 720,
  height: 1280,
  referenceImageUrls: [],
  style: "watercolor",
  styles: ["soft light"],
  sequence: { number: 2, count: 4 },
  idempotencyKey: "video-7:scene-2",
};

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("the OpenAI visual generator", () => {
  it("asks the Images API for the composition's shape and stores the picture", async () => {
    const files = storage();
    const visuals = createOpenAIVisualGenerator({ ...options(), storage: files, newId: () => "x" });
    const visual = await visuals.generate(VISUAL);
    expect(fake.requests).toEqual([
      {
        method: "POST",
        path: "/v1/images/generations",
        authorization: `Bearer ${FAKE_OPENAI_KEY}`,
        body: {
          model: "gpt-image-1",
          prompt: "A lighthouse at dusk\nStyle: watercolor, soft light.",
          n: 1,
          size: "1024x1536",
        },
      },
    ]);
    expect(visual).toEqual({
      url: files.urlOf("generated/1/visuals/video-7-scene-2.png"),
      kind: "image",
      width: 1024,
      height: 1536,
      durationSeconds: null,
    });
    const stored = await files.open("generated/1/visuals/video-7-scene-2.png");
    expect(stored?.contentType).toBe("image/png");
    expect(stored?.sizeBytes).toBeGreaterThan(100);
  });

  it("refuses a clip without calling OpenAI", async () => {
    const visuals = createOpenAIVisualGenerator({
      ...options(),
      storage: storage(),
      newId: () => "x",
    });
    const error = await failureOf(visuals.generate({ ...VISUAL, kind: "video" }));
    expect(error).toMatchObject({ category: "unsupported_visual_kind", retryable: false });
    expect(fake.requests).toEqual([]);
  });
});

describe("OpenAI's failures in the job failure model", () => {
  const path = "/v1/images/generations";
  const visuals = (limits: OpenAIOptions["limits"] = {}) =>
    createOpenAIVisualGenerator({ ...options(limits), storage: storage(), newId: () => "x" });

  it.each([
    ["moderation_blocked", MODERATION_BLOCKED],
    [
      "content_policy_violation",
      { error: { ...MODERATION_BLOCKED.error, code: "content_policy_violation" } },
    ],
  ])("records a %s refusal as content_policy, not retryable, asked once", async (_, body) => {
    fake.script(path, { status: 400, body });
    const error = await failureOf(visuals().generate(VISUAL));
    expect(error).toMatchObject({
      category: "content_policy",
      retryable: false,
      message: "OpenAI's safety system refused the image.",
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("waits the retry-after OpenAI names and tries again", async () => {
    fake.script(path, { status: 429, body: RATE_LIMITED, headers: { "retry-after": "2" } });
    const visual = await visuals().generate(VISUAL);
    expect(visual.width).toBe(1024);
    expect(waits).toEqual([2000]);
    expect(fake.requests).toHaveLength(2);
  });

  it("fails a rate limit at once, retryable, when retry-after is past the bound", async () => {
    fake.script(path, { status: 429, body: RATE_LIMITED, headers: { "retry-after": "3600" } });
    const error = await failureOf(visuals().generate(VISUAL));
    expect(error).toMatchObject({ category: "rate_limited", retryable: true });
    expect(waits).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it("fails a lasting 5xx as a retryable outage after the attempts, backing off", async () => {
    const answer = { status: 500, body: SERVER_ERROR };
    fake.script(path, answer, answer, answer);
    const error = await failureOf(visuals().generate(VISUAL));
    expect(error).toMatchObject({
      category: "provider_unavailable",
      retryable: true,
      message: "OpenAI failed the image (HTTP 500).",
    });
    expect(waits).toEqual([500, 1000]);
    expect(fake.requests).toHaveLength(3);
  });

  it("bounds a request that never answers with the timeout", async () => {
    fake.script(path, "hang");
    const error = await failureOf(visuals({ timeoutSeconds: 0.3, attempts: 1 }).generate(VISUAL));
    expect(error).toMatchObject({ category: "provider_timeout", retryable: true });
  });

  it("never calls an unknown refusal a content-policy rejection", async () => {
    fake.script(path, {
      status: 400,
      body: {
        error: { message: "Invalid size.", type: "invalid_request_error", code: "invalid_value" },
      },
    });
    const error = await failureOf(visuals().generate(VISUAL));
    expect(error).toMatchObject({ category: "provider_refused", retryable: false });
    expect(error.message).toBe("OpenAI refused the image (HTTP 400: invalid_value).");
  });

  it("answers a wrong key as provider_unauthorized, not retryable, without echoing it", async () => {
    const generator = createOpenAIVisualGenerator({
      ...options(),
      apiKey: "sk-wrong",
      storage: storage(),
      newId: () => "x",
    });
    const error = await failureOf(generator.generate(VISUAL));
    expect(error).toMatchObject({ category: "provider_unauthorized", retryable: false });
    expect(error.message).not.toContain("sk-wrong");
  });
});

describe("a failure that is not OpenAI's", () => {
  it("passes a storage failure on as it is, without asking OpenAI again", async () => {
    const broken = {
      ...storage(),
      put: async () => {
        throw new Error("the disk is full");
      },
    };
    const visuals = createOpenAIVisualGenerator({
      ...options(),
      storage: broken,
      newId: () => "x",
    });
    await expect(visuals.generate(VISUAL)).rejects.toThrow(/^the disk is full$/);
    expect(fake.requests).toHaveLength(1);
  });
});

describe("OpenAI speech", () => {
  it("asks for WAV, streams it into storage, and measures its length", async () => {
    const files = storage();
    const speech = createOpenAISpeechProvider({ ...options(), storage: files, newId: () => "v1" });
    const voiceover = await speech.synthesize({
      text: "Octopuses have three hearts.",
      voice_id: "nova",
      instructions: "Calm and warm.",
      voice_settings: { speed: 1.1 } as never,
    });
    expect(fake.requests[0]).toEqual({
      method: "POST",
      path: "/v1/audio/speech",
      authorization: `Bearer ${FAKE_OPENAI_KEY}`,
      body: {
        model: "gpt-4o-mini-tts",
        input: "Octopuses have three hearts.",
        voice: "nova",
        response_format: "wav",
        instructions: "Calm and warm.",
        speed: 1.1,
      },
    });
    expect(voiceover).toEqual({
      url: files.urlOf("generated/voiceover/v1.wav"),
      durationSeconds: 1.6,
      filename: null,
    });
    expect((await files.open("generated/voiceover/v1.wav"))?.sizeBytes).toBe(44 + 1.6 * 48_000);
  });

  it("speaks a voice OpenAI does not have with its default voice", async () => {
    const speech = createOpenAISpeechProvider({
      ...options(),
      storage: storage(),
      newId: () => "v",
    });
    await speech.synthesize({ text: "Hello there.", voice_id: "rowan" });
    expect(fake.requests[0]?.body.voice).toBe("alloy");
  });

  it("streams a large answer to storage in chunks, never whole", async () => {
    fake.speechBytesPerWord = 8 * 1024 * 1024;
    try {
      const chunks: number[] = [];
      const files = storage();
      const counting = {
        ...files,
        async put(key: string, body: Uint8Array | ReadableStream<Uint8Array>) {
          if (body instanceof Uint8Array) throw new Error("a whole body reached storage");
          const reader = body.getReader();
          for (let read = await reader.read(); !read.done; read = await reader.read()) {
            chunks.push(read.value.byteLength);
          }
          const sizeBytes = chunks.reduce((sum, size) => sum + size, 0);
          return { objectKey: key, url: files.urlOf(key), sizeBytes, contentType: "audio/wav" };
        },
      };
      const speech = createOpenAISpeechProvider({
        ...options(),
        storage: counting,
        newId: () => "big",
      });
      const voiceover = await speech.synthesize({ text: "one two three four" });
      const total = chunks.reduce((sum, size) => sum + size, 0);
      expect(total).toBe(44 + 32 * 1024 * 1024);
      expect(voiceover.durationSeconds).toBeCloseTo(
        (32 * 1024 * 1024) / (SPEECH_SAMPLE_RATE * 2),
        6,
      );
      expect(chunks.length).toBeGreaterThan(100);
      expect(Math.max(...chunks)).toBeLessThanOrEqual(1024 * 1024);
    } finally {
      fake.speechBytesPerWord = SPEECH_SAMPLE_RATE * 2 * 0.4;
    }
  });
});

describe("OpenAI transcription", () => {
  it("uploads the media with word timestamps asked for and answers timed words", async () => {
    const files = storage();
    const speech = createOpenAISpeechProvider({ ...options(), storage: files, newId: () => "t" });
    const voiceover = await speech.synthesize({ text: "Their blood is blue." });
    const transcription = createOpenAITranscriptionProvider({
      ...options(),
      readMedia: async ({ url }) => {
        const reader = await files.open(files.objectKeyOf?.(url) ?? "");
        return reader === undefined
          ? { ok: false, error: "absent" }
          : { ok: true, value: reader.stream() };
      },
    });
    const transcript = await transcription.transcribe({
      itemId: "a1",
      url: voiceover.url,
      language: "en",
    });
    const request = fake.requests[1];
    expect(request).toMatchObject({
      method: "POST",
      path: "/v1/audio/transcriptions",
      authorization: `Bearer ${FAKE_OPENAI_KEY}`,
      body: {
        model: "whisper-1",
        response_format: "verbose_json",
        "timestamp_granularities[]": "word",
        language: "en",
        file: { name: "media.wav", size: 44 + 1.6 * 48_000 },
      },
    });
    expect(transcript).toEqual({
      language: "en",
      words: [
        { word: "Their", startMs: 0, endMs: 360 },
        { word: "blood", startMs: 400, endMs: 760 },
        { word: "is", startMs: 800, endMs: 1160 },
        { word: "blue", startMs: 1200, endMs: 1560 },
      ],
    });
  });

  it("refuses media past OpenAI's 25 MB without uploading it", async () => {
    const transcription = createOpenAITranscriptionProvider({
      ...options(),
      readMedia: async () => ({ ok: true, value: new Uint8Array(25 * 1024 * 1024 + 1) }),
    });
    const error = await failureOf(
      transcription.transcribe({ itemId: "a", url: "http://x.test/a.mp4" }),
    );
    expect(error).toMatchObject({ category: "media_too_large", retryable: false });
    expect(fake.requests).toEqual([]);
  });
});

describe("the OpenAI script writer", () => {
  it("asks for each plan with a strict JSON schema and reads it back", async () => {
    const writer = createOpenAIScriptWriter(options());
    const script = await writer.write({
      prompt: "Octopuses",
      durationSeconds: 10,
      language: "en",
      wordsPerSecond: 2.5,
    });
    expect(script).toBe(
      "Octopuses have three hearts. Their blood is blue. They taste with their arms. Each arm can act on its own.",
    );
    const body = fake.requests[0]?.body as Record<string, never>;
    expect(fake.requests[0]?.path).toBe("/v1/chat/completions");
    expect(body).toMatchObject({
      model: "gpt-4o-mini",
      response_format: {
        type: "json_schema",
        json_schema: {
          name: "narration_script",
          strict: true,
          schema: {
            type: "object",
            properties: { script: { type: "string" } },
            required: ["script"],
            additionalProperties: false,
          },
        },
      },
    });
    const slides = await writer.planSlides?.({
      prompt: "Linen care",
      productContext: null,
      title: "Linen",
      slideCount: 4,
      language: "English",
      aspectRatio: "4:5",
      referenceImageUrls: [],
      brandKit: null,
    });
    expect(slides?.map((slide) => slide.headline)).toEqual([
      "Linen tip 1",
      "Linen tip 2",
      "Linen tip 3",
      "Linen tip 4",
    ]);
  });

  it("records the model's refusal as content_policy", async () => {
    fake.script("/v1/chat/completions", {
      status: 200,
      body: {
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 1,
        model: "gpt-4o-mini",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: null, refusal: "I can't help with that." },
            finish_reason: "stop",
            logprobs: null,
          },
        ],
      },
    });
    const writer = createOpenAIScriptWriter(options());
    const error = await failureOf(
      writer.write({ prompt: "x", durationSeconds: 5, language: "en", wordsPerSecond: 2 }),
    );
    expect(error).toMatchObject({ category: "content_policy", retryable: false });
  });

  it("records an answer outside the schema as an invalid output, retryable", async () => {
    const answer = (content: string) => ({
      status: 200,
      body: {
        id: "c",
        object: "chat.completion",
        created: 1,
        model: "m",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content, refusal: null },
            finish_reason: "stop",
          },
        ],
      },
    });
    fake.script("/v1/chat/completions", answer('{"script":'), answer('{"words":1}'));
    const writer = createOpenAIScriptWriter(options());
    const request = { prompt: "x", durationSeconds: 5, language: "en", wordsPerSecond: 2 };
    for (const reason of ["is not JSON", "does not follow its schema"]) {
      const error = await failureOf(writer.write(request));
      expect(error).toMatchObject({ category: "invalid_provider_output", retryable: true });
      expect(error.message).toContain(reason);
    }
  });
});
