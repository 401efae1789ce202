/**
 * Where a faceless video's caption times come from: the speech engine's own word times,
 * else a forced alignment of the script, else a transcript matched to the script, else
 * an estimate by syllables; read back from the captions of the video's project.
 */
import { ProviderError, type SpeechProvider, type TranscriptionProvider } from "reelkit";
import type { TranscriptWord } from "reelkit/editor";
import { describe, expect, it } from "vitest";
import { get, post } from "../generations/support.js";
import { createHarness, type Harness } from "../support/harness.js";
import { stubRenderer } from "../support/stub-renderer.js";

const SCRIPT =
  "Octopuses have three hearts. In 2025, divers filmed one hunting at night. Their blood is blue.";
const WORDS = SCRIPT.split(" ");

interface TimedCaptionWord {
  readonly word: string;
  readonly startMs: number;
  readonly endMs: number;
}

// The caption words of the project, in order, on the timeline.
async function captionWords(harness: Harness, videoId: number): Promise<TimedCaptionWord[]> {
  const project = (await get(harness, `/editor/videos/${videoId}`)).body.video.editor;
  const captions = Object.values(project.items).filter(
    (item) => (item as { type: string }).type === "captions",
  ) as { captions: { words: TimedCaptionWord[] }[] }[];
  expect(captions).toHaveLength(1);
  return (captions[0]?.captions ?? []).flatMap((entry) =>
    entry.words.map(({ word, startMs, endMs }) => ({ word, startMs, endMs })),
  );
}

// Speech as the harness makes it, without the word times, and how long it lasts.
function speechWithoutWords(harness: Harness, heard: { durationMs: number }): SpeechProvider {
  return {
    async synthesize(request) {
      const speech = await harness.deps.speech.synthesize(request);
      heard.durationMs = speech.durationSeconds * 1000;
      return { ...speech, words: [] };
    },
  };
}

async function captionsWith(
  providers: (
    harness: Harness,
    heard: { durationMs: number },
  ) => {
    speech?: SpeechProvider;
    transcription?: TranscriptionProvider;
  },
): Promise<{ words: TimedCaptionWord[]; durationMs: number }> {
  const heard = { durationMs: 0 };
  const base = await createHarness({ renderer: () => stubRenderer() });
  const harness = await createHarness({
    renderer: () => stubRenderer(),
    overrides: providers(base, heard),
  });
  const created = await post(harness, "/faceless-videos", { script: SCRIPT, duration: 10 });
  await harness.runJobs();
  expect((await get(harness, `/videos/${created.body.video_id}`)).body.status).toBe("completed");
  return {
    words: await captionWords(harness, created.body.video_id),
    durationMs: heard.durationMs,
  };
}

function expectInOrder(words: readonly TimedCaptionWord[], durationMs: number): void {
  expect(words.map((word) => word.word)).toEqual(WORDS);
  let previousEnd = 0;
  for (const word of words) {
    expect(word.startMs).toBeGreaterThanOrEqual(previousEnd);
    expect(word.endMs).toBeGreaterThanOrEqual(word.startMs);
    previousEnd = word.endMs;
  }
  expect(previousEnd).toBeLessThanOrEqual(durationMs);
}

// Times every word 400 ms apart from the spoken forms it is given.
function timed(words: readonly string[]): TranscriptWord[] {
  return words.map((word, index) => ({ word, startMs: 400 * index, endMs: 400 * index + 300 }));
}

describe("the word timing of a faceless video", () => {
  it("takes the speech engine's own word times when it reports them", async () => {
    let reported: TranscriptWord[] = [];
    const { words } = await captionsWith((harness) => ({
      speech: {
        async synthesize(request) {
          const speech = await harness.deps.speech.synthesize(request);
          reported = speech.words ?? [];
          return speech;
        },
      },
    }));
    expect(words).toEqual(reported);
  });

  it("aligns the script when the engine reports none and alignment is offered", async () => {
    const aligned = timed(WORDS);
    const asked: unknown[] = [];
    const { words, durationMs } = await captionsWith((harness, heard) => ({
      speech: speechWithoutWords(harness, heard),
      transcription: {
        transcribe: async () => {
          throw new Error("alignment comes first");
        },
        align: async (request) => {
          asked.push(request);
          return { words: aligned };
        },
      },
    }));
    expect(asked).toEqual([{ url: expect.any(String), text: SCRIPT, language: "en" }]);
    expect(words).toEqual(aligned.map((word, index) => ({ ...word, word: WORDS[index] })));
    expectInOrder(words, durationMs);
  });

  it("matches a transcript to the script, spreading the words it misheard between the ones it heard", async () => {
    // The recogniser writes the number out and mishears "filmed".
    const heard = timed([
      "octopuses",
      "have",
      "three",
      "hearts",
      "in",
      "twenty",
      "twenty",
      "five",
      "divers",
      "filled",
      "one",
      "hunting",
      "at",
      "night",
      "their",
      "blood",
      "is",
      "blue",
    ]);
    const { words, durationMs } = await captionsWith((harness, state) => ({
      speech: speechWithoutWords(harness, state),
      transcription: { transcribe: async () => ({ words: heard }) },
    }));
    expectInOrder(words, durationMs);
    const at = (word: string) => words.find((candidate) => candidate.word === word);
    expect(at("Octopuses")).toMatchObject({ startMs: 0, endMs: 300 });
    expect(at("divers")).toMatchObject({ startMs: 3200, endMs: 3500 });
    // "2025," shares the time between "In" and "divers", where the number was heard.
    expect(at("2025,")?.startMs).toBe(at("In")?.endMs);
    expect(at("2025,")?.endMs).toBe(3200);
    expect(at("filmed")?.startMs).toBe(3500);
    expect(at("filmed")?.endMs).toBe(4000);
  });

  it("estimates by syllables when no source times half the words", async () => {
    const { words, durationMs } = await captionsWith((harness, state) => ({
      speech: speechWithoutWords(harness, state),
      transcription: {
        transcribe: async () => ({ words: timed(["static", "noise"]) }),
      },
    }));
    expectInOrder(words, durationMs);
    expect(words[0]?.startMs).toBe(0);
    expect(words.at(-1)?.endMs).toBe(durationMs);
    const length = (word: string) => {
      const found = words.find((candidate) => candidate.word === word);
      return (found?.endMs ?? 0) - (found?.startMs ?? 0);
    };
    // Four syllables take about four times as long as one.
    expect(length("Octopuses") / length("have")).toBeCloseTo(4, 0);
  });

  it("estimates when transcription declines for good (an unsupported language)", async () => {
    const declined = await captionsWith((harness, state) => ({
      speech: speechWithoutWords(harness, state),
      transcription: {
        transcribe: async () => {
          throw new ProviderError({
            category: "unsupported_language",
            message: "No recognition model for en is installed.",
            retryable: false,
          });
        },
      },
    }));
    expectInOrder(declined.words, declined.durationMs);
    expect(declined.words.at(-1)?.endMs).toBe(declined.durationMs);
  });
});
