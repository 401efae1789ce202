/**
 * The simulated providers the product workflows run on: a script writer that writes
 * varied whole sentences sized to the duration, scene pictures that differ and say which
 * scene they are, and speech that reports when each word is spoken.
 */
import {
  ProviderError,
  planScenesBySentences,
  type ScriptRequest,
  type VisualRequest,
} from "reelkit";
import { createMemoryMediaStorage } from "reelkit/memory";
import { FACELESS_IMAGE_STYLE_DEFAULT } from "reelkit/schemas";
import {
  createSimulatedScriptWriter,
  createSimulatedSpeechProvider,
  createSimulatedVisualGenerator,
  placeholderPalette,
  SIMULATED_VISUAL_UNSUPPORTED_CATEGORY,
} from "reelkit/simulated";
import { describe, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { narrationSentences, narrationWords } from "../../src/service/products/narration-text.js";
import { PLACEHOLDER_SPEECH_SAMPLE_RATE } from "../../src/simulated/placeholder-speech.js";
import { readBitmapLines } from "../support/bitmap-text.js";
import { decodePalettePng } from "../support/palette-png.js";
import { readStored } from "../support/stored-object.js";

const PROMPTS = [
  "Three facts about deep-sea octopuses",
  "Cold brew at home: the mistakes everyone makes",
  "Why sourdough needs patience",
];

function scriptRequest(prompt: string, durationSeconds: number, wordsPerSecond = 2.5) {
  const request: ScriptRequest = { prompt, durationSeconds, language: "en", wordsPerSecond };
  return request;
}

describe("the simulated script writer", () => {
  const writer = createSimulatedScriptWriter();

  it.each([
    [20, 2.5],
    [26, 2.5],
    [60, 2.5],
    [180, 2.5],
    [30, 3.2],
  ])(
    "writes whole sentences lasting %i s at %f words a second, within 25 %%",
    async (seconds, pace) => {
      for (const prompt of PROMPTS) {
        const script = await writer.write(scriptRequest(prompt, seconds, pace));
        const spokenSeconds = narrationWords(script).length / pace;
        expect(Math.abs(spokenSeconds - seconds) / seconds, prompt).toBeLessThanOrEqual(0.25);
        for (const sentence of narrationSentences(script)) {
          expect(sentence, prompt).toMatch(/^[A-Z].*[.!?]$/);
        }
      }
    },
  );

  it("writes the same script for the same prompt, and other scripts for other prompts", async () => {
    const scripts = await Promise.all(
      PROMPTS.map((prompt) => writer.write(scriptRequest(prompt, 30))),
    );
    expect(await writer.write(scriptRequest(PROMPTS[0] as string, 30))).toBe(scripts[0]);
    // Not one fixed text with the topic pasted in: the sentences themselves differ.
    const shapes = scripts.map((script) =>
      narrationSentences(script)
        .slice(1, -1)
        .map((sentence) => narrationWords(sentence).length)
        .join(","),
    );
    expect(new Set(shapes).size).toBe(PROMPTS.length);
    for (const script of scripts) {
      const sentences = narrationSentences(script);
      expect(new Set(sentences).size, script).toBe(sentences.length);
    }
  });

  it("names the prompt's topic and never cuts a sentence, even for 5 s", async () => {
    const script = await writer.write(scriptRequest("Cold brew at home", 5));
    expect(script.toLowerCase()).toContain("cold brew at home");
    expect(script).toMatch(/[.!?]$/);
    expect(narrationSentences(script)).toHaveLength(1);
  });

  it("plans scenes by sentences: every word once, in order, with a prompt each", async () => {
    const script = await writer.write(scriptRequest(PROMPTS[0] as string, 20));
    const request = {
      script,
      prompt: PROMPTS[0] as string,
      language: "en",
      durationSeconds: 20,
      wordsPerSecond: 2.5,
      aspectRatio: "9:16",
      imageStyle: FACELESS_IMAGE_STYLE_DEFAULT,
      styles: ["watercolor"],
      referenceImageUrls: [],
      brandKit: { name: "Abyss", data: {} },
    };
    const scenes = (await writer.planScenes?.(request)) ?? [];
    expect(scenes).toEqual(planScenesBySentences(request));
    expect(scenes.length).toBeGreaterThanOrEqual(3);
    expect(scenes.map((scene) => scene.text).join(" ")).toBe(narrationWords(script).join(" "));
    for (const scene of scenes) {
      expect(scene.visualPrompt.startsWith(scene.text)).toBe(true);
      expect(scene.visualPrompt).toContain("watercolor");
      expect(scene.visualPrompt).toContain("Abyss");
      expect(scene.targetSeconds).toBeCloseTo(narrationWords(scene.text).length / 2.5, 2);
    }
  });
});

const storage = createMemoryMediaStorage({ publicBaseUrl: "http://host.test/files" });

function visualRequest(number: number, overrides: Partial<VisualRequest> = {}): VisualRequest {
  return {
    organizationId: toOrganizationId(1),
    prompt: "Octopuses have three hearts. A 9:16 picture.",
    text: "Octopuses have three hearts and blue blood.",
    kind: "image",
    aspectRatio: "9:16",
    width: 540,
    height: 960,
    referenceImageUrls: [],
    style: null,
    styles: [],
    sequence: { number, count: 5 },
    idempotencyKey: `hold-1:scene:${number}`,
    ...overrides,
  };
}

async function storedPicture(url: string) {
  const key = storage.objectKeyOf(url);
  const stored = key === undefined ? undefined : await readStored(storage, key);
  if (stored === undefined) throw new Error(`nothing stored at ${url}`);
  return stored;
}

describe("the simulated visual generator", () => {
  const visuals = createSimulatedVisualGenerator({ storage });

  it("stores a PNG of the size asked for, its colours those of its prompt and number", async () => {
    const visual = await visuals.generate(visualRequest(3));
    expect(visual).toMatchObject({ kind: "image", width: 540, height: 960, durationSeconds: null });
    const stored = await storedPicture(visual.url);
    expect(stored.contentType).toBe("image/png");
    const png = decodePalettePng(stored.bytes);
    expect([png.width, png.height]).toEqual([540, 960]);
    const palette = placeholderPalette(visualRequest(3).prompt, 3);
    expect(png.at(20, 20)).toEqual(palette.background);
    expect(png.at(270, 240)).toEqual(palette.card);
  });

  it("draws every scene and every prompt differently", async () => {
    const backgrounds = new Set<string>();
    for (const number of [1, 2, 3, 4, 5]) {
      for (const prompt of ["Octopus hearts.", "Cold brew ice."]) {
        const visual = await visuals.generate(
          visualRequest(number, { prompt, idempotencyKey: `k:${prompt}:${number}` }),
        );
        const png = decodePalettePng((await storedPicture(visual.url)).bytes);
        backgrounds.add(png.at(10, 10).join(","));
      }
    }
    expect(backgrounds.size).toBe(10);
  });

  it("stores a visual asked for again under the same key, not a second one", async () => {
    const first = await visuals.generate(visualRequest(2));
    const again = await visuals.generate(visualRequest(2));
    expect(again.url).toBe(first.url);
    expect(storage.objectKeyOf(first.url)).toBe("generated/1/visuals/hold-1-scene-2.png");
  });

  it("refuses clips, saying so and not retryably", async () => {
    const refused = visuals.generate(visualRequest(1, { kind: "video" }));
    await expect(refused).rejects.toBeInstanceOf(ProviderError);
    await expect(refused).rejects.toMatchObject({
      category: SIMULATED_VISUAL_UNSUPPORTED_CATEGORY,
      retryable: false,
    });
  });

  it.each([
    [1080, 1920],
    [1920, 1080],
    [1080, 1350],
  ])("shows its number and its first words, legibly at %i×%i", async (width, height) => {
    const request = visualRequest(3, { width, height, idempotencyKey: `read:${width}` });
    const visual = await visuals.generate(request);
    const png = decodePalettePng((await storedPicture(visual.url)).bytes);
    const lines = readBitmapLines(png, placeholderPalette(request.prompt, 3));
    expect(lines[0]).toBe("3 OF 5");
    expect(lines.slice(1).join(" ")).toBe("OCTOPUSES HAVE THREE HEARTS AND BLUE BLOOD.");
  });
});

// Loudness of 8-bit unsigned PCM samples from `fromSeconds` to `toSeconds`: the mean
// distance from silence (128).
function loudness(samples: Uint8Array, fromSeconds: number, toSeconds: number): number {
  const from = Math.round(fromSeconds * PLACEHOLDER_SPEECH_SAMPLE_RATE);
  const to = Math.round(toSeconds * PLACEHOLDER_SPEECH_SAMPLE_RATE);
  let total = 0;
  for (let index = from; index < to; index += 1) total += Math.abs((samples[index] ?? 128) - 128);
  return total / Math.max(1, to - from);
}

describe("the simulated speech provider", () => {
  it("reports each word's time, where the audio sounds, with silence between words", async () => {
    const speech = createSimulatedSpeechProvider({ storage, newId: () => "narration-1" });
    const text = "Octopuses have three hearts — and the U.S.A. has none.";
    const result = await speech.synthesize({ text, voice_id: "ash", language: "en" });
    const words = result.words ?? [];
    expect(words.map((word) => word.word)).toEqual(narrationWords(text));
    const stored = await readStored(storage, "generated/voiceover/narration-1.wav");
    const samples = (stored?.bytes ?? new Uint8Array()).subarray(44);
    for (const [index, word] of words.entries()) {
      expect(word.endMs).toBeGreaterThan(word.startMs);
      expect(word.endMs).toBeLessThanOrEqual(result.durationSeconds * 1000);
      expect(
        loudness(samples, word.startMs / 1000 + 0.02, word.endMs / 1000 - 0.02),
      ).toBeGreaterThan(30);
      const next = words[index + 1]?.startMs ?? result.durationSeconds * 1000;
      expect(loudness(samples, word.endMs / 1000 + 0.005, next / 1000 - 0.005)).toBe(0);
    }
    // "U.S.A." takes three words' time: a voice spells it out.
    const usa = words[6];
    const and = words[4];
    if (usa === undefined || and === undefined) throw new Error("expected the words");
    expect(usa.endMs - usa.startMs).toBeCloseTo(3 * (and.endMs - and.startMs), -1);
  });
});
