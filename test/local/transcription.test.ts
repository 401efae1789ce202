import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProviderError } from "reelkit";
import { createLocalSpeechProvider, createLocalTranscriptionProvider } from "reelkit/local";
import { createMemoryMediaStorage } from "reelkit/memory";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  describeSpeech,
  folderReader,
  folderUrl,
  plainWords,
  wordsMatched,
} from "./support/engines.js";

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "reelkit-local-transcription-"));
  const speech = createLocalSpeechProvider({
    storage: createMemoryMediaStorage({ publicBaseUrl: "http://speech.test/files" }),
    newId: () => "x",
  });
  const said = await speech.render({
    text: "Please call Zorblax back at 42 Elm Street when you get home tonight.",
    voice_id: "kai",
  });
  await writeFile(join(folder, "call.wav"), said.wav);
  await writeFile(join(folder, "notes.txt"), "not media at all");
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function thrown(work: Promise<unknown>): Promise<ProviderError> {
  const error = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describeSpeech("local transcription and alignment (pocketsphinx)", () => {
  it("transcribes freely, every word timed in order inside the audio", async () => {
    const transcription = createLocalTranscriptionProvider({ readMedia: folderReader(folder) });
    const transcript = await transcription.transcribe({ itemId: "a", url: folderUrl("call.wav") });
    expect(transcript.language).toBe("en");
    const heard = transcript.words.map((word) => word.word);
    expect(
      wordsMatched(["please", "call", "back", "when", "you", "get", "home", "tonight"], heard),
    ).toBeGreaterThanOrEqual(0.75);
    let previous = 0;
    for (const word of transcript.words) {
      expect(word.startMs).toBeGreaterThanOrEqual(previous);
      expect(word.endMs).toBeGreaterThanOrEqual(word.startMs);
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
      previous = word.startMs;
    }
  });

  it("aligns a known text: one word per word, spelled as written, numbers and unknown names included", async () => {
    const transcription = createLocalTranscriptionProvider({ readMedia: folderReader(folder) });
    const text = "Please call Zorblax back at 42 Elm Street when you get home tonight.";
    const aligned = await transcription.align({ url: folderUrl("call.wav"), text });
    expect(aligned.words.map((word) => word.word)).toEqual(text.split(" "));
    let previousEnd = 0;
    for (const word of aligned.words) {
      expect(word.startMs).toBeGreaterThanOrEqual(previousEnd);
      expect(word.endMs).toBeGreaterThan(word.startMs);
      previousEnd = word.endMs;
    }
    expect(plainWords(text)).toHaveLength(aligned.words.length);
  });

  it("refuses other languages as unsupported, naming the missing model, and invents no word", async () => {
    const transcription = createLocalTranscriptionProvider({ readMedia: folderReader(folder) });
    for (const work of [
      transcription.transcribe({ itemId: "a", url: folderUrl("call.wav"), language: "de" }),
      transcription.align({ url: folderUrl("call.wav"), text: "Hallo", language: "fr-FR" }),
    ]) {
      const error = await thrown(work);
      expect(error.category).toBe("unsupported_language");
      expect(error.retryable).toBe(false);
      expect(error.message).toMatch(
        /No recognition model for "(de|fr-FR)" is installed: pocketsphinx has only its US English model/,
      );
    }
  });

  it("says why media cannot be heard: unreadable, unavailable, or no engine", async () => {
    const transcription = createLocalTranscriptionProvider({ readMedia: folderReader(folder) });
    const unreadable = await thrown(
      transcription.transcribe({ itemId: "a", url: folderUrl("notes.txt") }),
    );
    expect([unreadable.category, unreadable.retryable]).toEqual(["media_unreadable", false]);
    expect(unreadable.message).toBe(
      `The media at ${folderUrl("notes.txt")} has no sound ffmpeg can read.`,
    );
    const missing = await thrown(
      transcription.transcribe({ itemId: "a", url: folderUrl("gone.wav") }),
    );
    expect([missing.category, missing.retryable]).toEqual(["media_unavailable", true]);
    const without = createLocalTranscriptionProvider({
      readMedia: folderReader(folder),
      programs: { pocketsphinx: "/nonexistent/pocketsphinx_continuous" },
    });
    const engine = await thrown(without.transcribe({ itemId: "a", url: folderUrl("call.wav") }));
    expect(engine.category).toBe("engine_unavailable");
    expect(engine.message).toContain(
      'The pocketsphinx engine was not found (looked for "/nonexistent/pocketsphinx_continuous")',
    );
  });

  it("refuses audio longer than its limit", async () => {
    const transcription = createLocalTranscriptionProvider({
      readMedia: folderReader(folder),
      limits: { recognitionAudioMaxSeconds: 1 },
    });
    const error = await thrown(
      transcription.transcribe({ itemId: "a", url: folderUrl("call.wav") }),
    );
    expect([error.category, error.retryable]).toEqual(["media_too_long", false]);
  });
});
