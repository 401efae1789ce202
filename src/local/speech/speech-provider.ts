/**
 * The local `SpeechProvider`: flite speaks English, espeak-ng other languages. Each
 * voiceover is synthesized in a private directory, stored through the media storage as
 * a 16-bit PCM WAV file (what both engines write: lossless, and read by every browser
 * and by ffmpeg without a codec), and answered with its real duration and each word's
 * time from the engine's own timing.
 *
 * @module
 */
import { readFile, stat } from "node:fs/promises";
import type { SpeechRequest, SynthesizedSpeech, TranscriptWord } from "../../editor/providers.js";
import type { MediaStorage } from "../../ports/media-storage.js";
import { ProviderError } from "../../ports/provider-error.js";
import { readPcmWav } from "../audio/wav.js";
import { checkLocalEnginesOnce, type LocalEngineReport } from "../engine-check.js";
import { type LocalEnginePrograms, resolveEnginePrograms } from "../engine-programs.js";
import { EngineRunner, engineMissing } from "../engine-runner.js";
import { LOCAL_ENGINE_LIMITS_DEFAULT, type LocalEngineLimits } from "../limits.js";
import { synthesizeWithEspeak } from "./espeak.js";
import { type SynthesizedFile, synthesizeWithFlite } from "./flite.js";
import { spokenTokens } from "./spoken-tokens.js";
import { chooseVoice, type VoiceChoice } from "./voice-choice.js";
import { LOCAL_VOICES, type LocalVoice } from "./voices.js";

/** Slowest and fastest pace `voice_settings.speed` may ask for (spec 4.14). */
const SPEED_RANGE = { min: 0.7, max: 1.2 } as const;

/** How a local speech provider is made. */
export interface LocalSpeechProviderOptions {
  /** Where the audio is stored. */
  readonly storage: MediaStorage;
  /** Mints the id in each voiceover's object key. */
  readonly newId: () => string;
  /** Where the engines are; each found on `PATH` by default. */
  readonly programs?: LocalEnginePrograms;
  /** The voice table; {@link LOCAL_VOICES} by default. */
  readonly voices?: readonly LocalVoice[];
  /** Limits on concurrency, time and sizes; each defaults (see `limits`). */
  readonly limits?: Partial<LocalEngineLimits>;
  /** Where session directories are made; the system's temporary directory by default. */
  readonly temporaryDirectory?: string;
}

/** What one synthesis produced, before it is stored. */
export interface LocalSpeechAudio {
  /** The WAV bytes. */
  readonly wav: Uint8Array;
  /** Length in seconds. */
  readonly durationSeconds: number;
  /** Each spoken word with its time in the audio. */
  readonly words: TranscriptWord[];
  /** The voice that spoke, when a table voice did. */
  readonly voice: LocalVoice | undefined;
}

/** A `SpeechProvider` on the local engines, with its voices and a synthesis that stores nothing. */
export interface LocalSpeechProvider {
  /** Synthesizes and stores `request.text` (the `SpeechProvider` port). */
  synthesize(request: SpeechRequest): Promise<SynthesizedSpeech>;
  /** Synthesizes `request.text` without storing it. */
  render(request: SpeechRequest): Promise<LocalSpeechAudio>;
  /** The voice table. */
  readonly voices: readonly LocalVoice[];
  /** Which engines this machine has (checked once). */
  engines(): Promise<LocalEngineReport>;
}

function speedOf(request: SpeechRequest): number {
  const speed = request.voice_settings?.speed ?? 1;
  return Math.min(SPEED_RANGE.max, Math.max(SPEED_RANGE.min, speed));
}

function wordsOf(tokens: readonly string[], file: SynthesizedFile, durationSeconds: number) {
  const milliseconds = (seconds: number) =>
    Math.round(Math.min(durationSeconds, Math.max(0, seconds)) * 1000);
  return tokens.map((word, index): TranscriptWord => {
    const span = file.spans[index] ?? {
      startSeconds: durationSeconds,
      endSeconds: durationSeconds,
    };
    return { word, startMs: milliseconds(span.startSeconds), endMs: milliseconds(span.endSeconds) };
  });
}

function nothingToSay(): ProviderError {
  return new ProviderError({
    category: "nothing_to_say",
    message: "The text holds no word to speak.",
    retryable: false,
  });
}

/**
 * Creates the local speech provider. Creating it starts nothing; the engines are checked
 * on first use (once per process) and a missing one is answered with
 * `engine_unavailable` naming it.
 *
 * @example
 * ```ts
 * const speech = createLocalSpeechProvider({ storage, newId: () => crypto.randomUUID() });
 * const voiceover = await speech.synthesize({ text: "Hello there.", voice_id: "nova" });
 * voiceover.words; // [{ word: "Hello", startMs: 160, endMs: 540 }, { word: "there.", ... }]
 * ```
 */
export function createLocalSpeechProvider(
  options: LocalSpeechProviderOptions,
): LocalSpeechProvider {
  const programs = resolveEnginePrograms(options.programs);
  const limits: LocalEngineLimits = { ...LOCAL_ENGINE_LIMITS_DEFAULT, ...options.limits };
  const voices = options.voices ?? LOCAL_VOICES;
  const runner = new EngineRunner({ ...limits, temporaryDirectory: options.temporaryDirectory });
  const engines = () => checkLocalEnginesOnce(options.programs);

  async function choose(request: SpeechRequest): Promise<VoiceChoice> {
    const report = await engines();
    const espeakLanguages = report.espeakNg.available ? report.espeakNg.languages : [];
    const choice = chooseVoice(request, { voices, espeakLanguages });
    if (choice.engine === "flite" && !(report.flite.available && report.t2p.available)) {
      throw engineMissing("flite", report.flite.available ? programs.t2p : programs.flite);
    }
    if (choice.engine === "espeak-ng" && !report.espeakNg.available) {
      throw engineMissing("espeak-ng", programs.espeakNg);
    }
    return choice;
  }

  async function speak(directory: string, request: SpeechRequest, choice: VoiceChoice) {
    const tokens = spokenTokens(request.text);
    const common = {
      directory,
      text: request.text,
      tokens,
      voice: choice.engineVoice,
      speed: speedOf(request),
      timeoutSeconds: limits.speechTimeoutSeconds,
    };
    const file =
      choice.engine === "flite"
        ? await synthesizeWithFlite(runner, { ...common, programs })
        : await synthesizeWithEspeak(runner, { ...common, program: programs.espeakNg });
    if ((await stat(file.path)).size > limits.speechOutputMaxBytes) {
      throw new ProviderError({
        category: "output_too_large",
        message: `The speech is larger than the ${limits.speechOutputMaxBytes} bytes a voiceover may be; shorten the text.`,
        retryable: false,
      });
    }
    const wav = new Uint8Array(await readFile(file.path));
    const read = readPcmWav(wav);
    if (read === undefined || read.durationSeconds <= 0) {
      throw new ProviderError({
        category: "engine_failed",
        message: `The ${choice.engine} engine wrote no playable audio.`,
        retryable: true,
      });
    }
    const durationSeconds = read.durationSeconds;
    return { wav, durationSeconds, words: wordsOf(tokens, file, durationSeconds) };
  }

  async function render(request: SpeechRequest): Promise<LocalSpeechAudio> {
    if (spokenTokens(request.text).length === 0) throw nothingToSay();
    const choice = await choose(request);
    const audio = await runner.session((directory) => speak(directory, request, choice));
    return { ...audio, voice: choice.voice };
  }

  return {
    voices,
    engines,
    render,
    async synthesize(request) {
      const audio = await render(request);
      const stored = await options.storage.put(
        `generated/voiceover/${options.newId()}.wav`,
        audio.wav,
        { contentType: "audio/wav" },
      );
      return {
        url: stored.url,
        durationSeconds: audio.durationSeconds,
        filename: request.filename ?? null,
        words: audio.words,
      };
    },
  };
}
