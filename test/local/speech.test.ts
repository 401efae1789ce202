import { createProjectMediaReader, createStaticUrlFetcher, ProviderError } from "reelkit";
import {
  createLocalSpeechProvider,
  createLocalTranscriptionProvider,
  LOCAL_VOICES,
  readPcmWav,
} from "reelkit/local";
import { createMemoryMediaStorage } from "reelkit/memory";
import { expect, it } from "vitest";
import { describeSpeech } from "./support/engines.js";

const SENTENCE = "Our new bottle keeps your coffee hot for twelve hours, even on cold mornings.";
const DISTRACTORS = [
  "The cat sat quietly on the mat by the door.",
  "Our old bottle keeps your tea cold for a day.",
  "Twelve hours of coffee every single morning.",
  "Please call me back when you get home tonight.",
];

function setUp() {
  const storage = createMemoryMediaStorage({ publicBaseUrl: "http://speech.test/files" });
  let count = 0;
  const speech = createLocalSpeechProvider({ storage, newId: () => `voice-${++count}` });
  const readMedia = createProjectMediaReader({
    mediaStorage: storage,
    urlFetcher: createStaticUrlFetcher({}),
  });
  const transcription = createLocalTranscriptionProvider({ readMedia });
  return { storage, speech, transcription };
}

async function thrown(work: Promise<unknown>): Promise<ProviderError> {
  const error = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describeSpeech("local speech (flite and espeak-ng)", () => {
  it("says its text: the recognizer, among four distractors, hears that sentence, timed like the alignment", async () => {
    const { speech, transcription } = setUp();
    const voiceover = await speech.synthesize({ text: SENTENCE, voice_id: "nova" });
    expect(voiceover.url).toMatch(/^http:\/\/speech\.test\/files\/.+\.wav$/);
    const recognized = await transcription.recognizePhrases({
      url: voiceover.url,
      phrases: [DISTRACTORS[0] ?? "", DISTRACTORS[1] ?? "", SENTENCE, ...DISTRACTORS.slice(2)],
    });
    expect(recognized.phraseIndex).toBe(2);
    const words = voiceover.words ?? [];
    expect(words.map((word) => word.word)).toEqual(SENTENCE.split(" "));
    const durationMs = voiceover.durationSeconds * 1000;
    words.forEach((word, index) => {
      expect(word.startMs).toBeGreaterThanOrEqual(0);
      expect(word.endMs).toBeGreaterThan(word.startMs);
      expect(word.endMs).toBeLessThanOrEqual(durationMs);
      if (index > 0) expect(word.startMs).toBeGreaterThanOrEqual(words[index - 1]?.endMs ?? 0);
    });
    const aligned = await transcription.align({ url: voiceover.url, text: SENTENCE });
    expect(aligned.words.map((word) => word.word)).toEqual(SENTENCE.split(" "));
    aligned.words.forEach((word, index) => {
      expect(Math.abs(word.startMs - (words[index]?.startMs ?? 0))).toBeLessThanOrEqual(150);
      expect(Math.abs(word.endMs - (words[index]?.endMs ?? 0))).toBeLessThanOrEqual(150);
    });
  });

  it("stores 16-bit PCM WAV as long as the duration it reports", async () => {
    const { speech, storage } = setUp();
    const voiceover = await speech.synthesize({ text: "Hello there.", voice_id: "ash" });
    const key = storage.objectKeyOf?.(voiceover.url);
    expect(key).toBe("generated/voiceover/voice-1.wav");
    const stored = await storage.open(key ?? "");
    expect(stored?.contentType).toBe("audio/wav");
    const bytes = new Uint8Array(await new Response(stored?.stream()).arrayBuffer());
    const wav = readPcmWav(bytes);
    expect(wav?.sampleRate).toBe(16_000);
    expect(wav?.durationSeconds).toBeCloseTo(voiceover.durationSeconds, 6);
    expect(voiceover.durationSeconds).toBeGreaterThan(0.5);
  });

  it("speaks faster with a higher voice_settings.speed", async () => {
    const { speech } = setUp();
    const slow = await speech.render({
      text: SENTENCE,
      voice_id: "kai",
      voice_settings: { speed: 0.7 },
    });
    const fast = await speech.render({
      text: SENTENCE,
      voice_id: "kai",
      voice_settings: { speed: 1.2 },
    });
    expect(slow.durationSeconds / fast.durationSeconds).toBeGreaterThan(1.4);
  });

  it("speaks other languages with espeak-ng, each word timed inside the audio", async () => {
    const { speech } = setUp();
    const text = "Guten Tag, wie geht es Ihnen? Ich habe zwei Katzen.";
    const audio = await speech.render({ text, voice_id: "lena" });
    expect(audio.voice?.id).toBe("lena");
    expect(readPcmWav(audio.wav)?.sampleRate).toBe(22_050);
    expect(audio.words.map((word) => word.word)).toEqual(text.split(" "));
    let previousEnd = 0;
    for (const word of audio.words) {
      expect(word.startMs).toBeGreaterThanOrEqual(previousEnd);
      expect(word.endMs).toBeGreaterThan(word.startMs);
      previousEnd = word.endMs;
    }
    expect(previousEnd).toBeLessThanOrEqual(audio.durationSeconds * 1000);
    // The comma's pause falls between "Tag," and "wie".
    const [, tag, wie] = audio.words;
    expect((wie?.startMs ?? 0) - (tag?.endMs ?? 0)).toBeGreaterThan(80);
  });

  it("chooses a voice of the requested language when the named one does not speak it", async () => {
    const { speech } = setUp();
    expect(
      (await speech.render({ text: "Hola a todos.", voice_id: "ash", language: "es" })).voice?.id,
    ).toBe("sol");
    expect(
      (await speech.render({ text: "Hello everyone.", voice_id: "sol", language: "en-US" })).voice
        ?.id,
    ).toBe("nova");
    expect((await speech.render({ text: "Hello.", voice_id: "rowan" })).voice?.id).toBe("rowan");
    expect((await speech.render({ text: "Hello.", voice_id: "a-cloned-voice" })).voice?.id).toBe(
      "ash",
    );
    // No table voice speaks Dutch; espeak-ng does.
    const dutch = await speech.render({ text: "Goedemorgen allemaal.", language: "nl" });
    expect(dutch.voice).toBeUndefined();
    expect(dutch.durationSeconds).toBeGreaterThan(0.5);
  });

  it("refuses a language no local engine speaks, non-retryable and naming it", async () => {
    const { speech } = setUp();
    const error = await thrown(
      speech.synthesize({ text: "Hello.", voice_id: "ash", language: "tlh" }),
    );
    expect(error.category).toBe("unsupported_language");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('"tlh"');
    const silent = await thrown(speech.synthesize({ text: "— …", voice_id: "ash" }));
    expect([silent.category, silent.retryable]).toEqual(["nothing_to_say", false]);
  });

  it("answers a missing engine with engine_unavailable naming it", async () => {
    const storage = createMemoryMediaStorage({ publicBaseUrl: "http://speech.test/files" });
    const speech = createLocalSpeechProvider({
      storage,
      newId: () => "x",
      programs: { flite: "/nonexistent/flite", espeakNg: "/nonexistent/espeak-ng" },
    });
    const english = await thrown(speech.synthesize({ text: "Hello.", voice_id: "ash" }));
    expect(english.category).toBe("engine_unavailable");
    expect(english.retryable).toBe(true);
    expect(english.message).toContain(
      'The flite engine was not found (looked for "/nonexistent/flite")',
    );
    const german = await thrown(speech.synthesize({ text: "Hallo.", voice_id: "lena" }));
    expect(german.message).toContain(
      'The espeak-ng engine was not found (looked for "/nonexistent/espeak-ng")',
    );
    const report = await speech.engines();
    expect(report.flite.available).toBe(false);
    expect(report.t2p.available).toBe(true);
  });

  it("lists every voice with a locale its engine speaks", async () => {
    const { speech } = setUp();
    const report = await speech.engines();
    expect(report.flite.available && report.flite.voices).toEqual(
      expect.arrayContaining(["kal16", "slt", "rms", "awb"]),
    );
    expect(report.flite.available && report.flite.version).toMatch(/^2\./);
    expect(report.espeakNg.available && report.espeakNg.version).toMatch(/^1\./);
    const languages = report.espeakNg.available ? report.espeakNg.languages : [];
    for (const voice of LOCAL_VOICES.filter((entry) => entry.engine === "espeak-ng")) {
      expect(languages).toContain(voice.engineVoice.split("+")[0]);
    }
  });
});
