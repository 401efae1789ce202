/**
 * The local `TranscriptionProvider`, on pocketsphinx and its US English model:
 * `transcribe` recognizes freely and times every word; `align` times each word of a
 * known text by recognizing the audio within a grammar that holds only that text;
 * `recognizePhrases` says which of a few known phrases the audio holds. Media is read by
 * URL through the given reader and its sound extracted with ffmpeg. English only: any
 * other language is refused with `unsupported_language`, never answered with invented
 * words.
 *
 * @module
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Transcript, TranscriptionRequest, TranscriptWord } from "../../editor/providers.js";
import { ProviderError } from "../../ports/provider-error.js";
import type { MediaReader } from "../../ports/renderer.js";
import type { AlignmentRequest } from "../../ports/speech-and-transcription.js";
import {
  checkLocalEnginesOnce,
  type LocalEngineReport,
  pocketsphinxModelFiles,
} from "../engine-check.js";
import {
  type LocalEnginePrograms,
  type ResolvedEnginePrograms,
  resolveEnginePrograms,
} from "../engine-programs.js";
import { EngineRunner, engineMissing } from "../engine-runner.js";
import { LOCAL_ENGINE_LIMITS_DEFAULT, type LocalEngineLimits } from "../limits.js";
import { spokenTokens } from "../speech/spoken-tokens.js";
import { primaryLanguageOf } from "../speech/voices.js";
import { phraseGrammar } from "./jsgf.js";
import { type MediaAudio, prepareMediaAudio } from "./media-audio.js";
import { parsePocketsphinxWords, runPocketsphinx } from "./pocketsphinx.js";
import {
  fliteLetterToSound,
  loadPronunciationDictionary,
  pronounceTokens,
} from "./pronunciations.js";

/** The languages the recognizer has a model for. */
export const LOCAL_RECOGNITION_LANGUAGES = ["en"] as const;

/** Most phrases {@link LocalTranscriptionProvider.recognizePhrases} chooses among. */
export const RECOGNITION_PHRASES_MAX = 50;

/** How a local transcription provider is made. */
export interface LocalTranscriptionProviderOptions {
  /** Reads media by URL: the service's stored media and safe fetcher. */
  readonly readMedia: MediaReader;
  /** Where the engines are; each found on `PATH` by default. */
  readonly programs?: LocalEnginePrograms;
  /** Limits on concurrency, time and sizes; each defaults (see `limits`). */
  readonly limits?: Partial<LocalEngineLimits>;
  /** Where session directories are made; the system's temporary directory by default. */
  readonly temporaryDirectory?: string;
}

/** Which of a few known phrases some audio holds. */
export interface PhraseRecognitionRequest {
  /** Remote URL of the audio. */
  readonly url: string;
  /** The phrases, 1 to {@link RECOGNITION_PHRASES_MAX}. */
  readonly phrases: readonly string[];
  /** Spoken language, when known. */
  readonly language?: string;
}

/** The phrase recognized and its words. */
export interface PhraseRecognition {
  /** Index of the phrase in the request, or -1 when none was recognized. */
  readonly phraseIndex: number;
  /** The phrase's words with their times, spelled as the phrase spells them. */
  readonly words: TranscriptWord[];
}

/** A transcription provider with alignment and phrase recognition. */
export interface LocalTranscriptionProvider {
  /** Recognizes every word of the media, with times (the `TranscriptionProvider` port). */
  transcribe(request: TranscriptionRequest): Promise<Transcript>;
  /** Times each word of a known text in the media: one word per word of the text. */
  align(request: AlignmentRequest): Promise<Transcript>;
  /** Says which of a few known phrases the media holds, with its words' times. */
  recognizePhrases(request: PhraseRecognitionRequest): Promise<PhraseRecognition>;
  /** Which engines this machine has (checked once). */
  engines(): Promise<LocalEngineReport>;
}

function checkLanguage(language: string | undefined, modelDirectory: string): void {
  if (language === undefined || primaryLanguageOf(language) === "en") return;
  throw new ProviderError({
    category: "unsupported_language",
    message: `No recognition model for "${language}" is installed: pocketsphinx has only its US English model (${modelDirectory}).`,
    retryable: false,
  });
}

// Each token's place in time: recognized tokens keep theirs; the others are spread over
// the gap between their recognized neighbours, so every token of the text is placed.
function placeTokens(
  tokens: readonly string[],
  timed: ReadonlyMap<number, TranscriptWord>,
  durationMs: number,
): TranscriptWord[] {
  const placed: TranscriptWord[] = [];
  let index = 0;
  while (index < tokens.length) {
    const known = timed.get(index);
    if (known !== undefined) {
      placed.push({ ...known, word: tokens[index] ?? known.word });
      index += 1;
      continue;
    }
    let next = index;
    while (next < tokens.length && !timed.has(next)) next += 1;
    const from = placed[placed.length - 1]?.endMs ?? 0;
    const to = Math.max(from, timed.get(next)?.startMs ?? durationMs);
    const share = (to - from) / (next - index);
    for (let gap = index; gap < next; gap += 1) {
      const startMs = Math.round(from + share * (gap - index));
      placed.push({ word: tokens[gap] ?? "", startMs, endMs: Math.round(startMs + share) });
    }
    index = next;
  }
  return placed;
}

/**
 * Creates the local transcription provider. Creating it starts nothing; the engines are
 * checked on first use (once per process) and a missing one is answered with
 * `engine_unavailable` naming it.
 *
 * @example
 * ```ts
 * const transcription = createLocalTranscriptionProvider({ readMedia });
 * const transcript = await transcription.align({ url, text: "Hello there." });
 * transcript.words; // [{ word: "Hello", startMs: 150, endMs: 510 }, { word: "there.", ... }]
 * ```
 */
export function createLocalTranscriptionProvider(
  options: LocalTranscriptionProviderOptions,
): LocalTranscriptionProvider {
  const programs: ResolvedEnginePrograms = resolveEnginePrograms(options.programs);
  const limits: LocalEngineLimits = { ...LOCAL_ENGINE_LIMITS_DEFAULT, ...options.limits };
  const runner = new EngineRunner({ ...limits, temporaryDirectory: options.temporaryDirectory });
  const engines = () => checkLocalEnginesOnce(options.programs);
  const timeoutSeconds = limits.recognitionTimeoutSeconds;

  async function ready(language: string | undefined): Promise<LocalEngineReport> {
    checkLanguage(language, programs.pocketsphinxModel);
    const report = await engines();
    if (!report.pocketsphinx.available) throw engineMissing("pocketsphinx", programs.pocketsphinx);
    if (!report.ffmpeg.available) throw engineMissing("ffmpeg", programs.ffmpeg);
    return report;
  }

  function audioOf(url: string, directory: string): Promise<MediaAudio> {
    return prepareMediaAudio(runner, {
      url,
      directory,
      readMedia: options.readMedia,
      ffmpeg: programs.ffmpeg,
      maxBytes: limits.recognitionInputMaxBytes,
      maxSeconds: limits.recognitionAudioMaxSeconds,
      timeoutSeconds,
    });
  }

  // Recognizes within a grammar of the phrases: the raw words and what they map back to.
  async function withinPhrases(
    directory: string,
    request: { url: string; phrases: readonly string[] },
    report: LocalEngineReport,
  ) {
    const dictionary = await loadPronunciationDictionary(
      pocketsphinxModelFiles(programs.pocketsphinxModel).dictionary,
    );
    const letterToSound = report.t2p.available
      ? fliteLetterToSound(runner, { program: programs.t2p, cwd: directory, timeoutSeconds })
      : undefined;
    const phraseTokens = request.phrases.map(spokenTokens);
    const pronounced = [];
    for (const tokens of phraseTokens) {
      pronounced.push(await pronounceTokens(tokens, { dictionary, letterToSound }));
    }
    const grammar = phraseGrammar(pronounced);
    const audio = await audioOf(request.url, directory);
    if (grammar.phraseWords.every((words) => words.length === 0)) {
      return { grammar, phraseTokens, audio, words: [] };
    }
    const grammarPath = join(directory, "phrases.jsgf");
    const dictionaryPath = join(directory, "phrases.dict");
    await writeFile(grammarPath, grammar.grammar, { mode: 0o600 });
    await writeFile(dictionaryPath, grammar.dictionary, { mode: 0o600 });
    const output = await runPocketsphinx(runner, {
      directory,
      audioPath: audio.path,
      programs,
      grammar: { grammarPath, dictionaryPath },
      timeoutSeconds,
    });
    return { grammar, phraseTokens, audio, words: parsePocketsphinxWords(output) };
  }

  async function recognizePhrases(request: PhraseRecognitionRequest): Promise<PhraseRecognition> {
    if (request.phrases.length === 0 || request.phrases.length > RECOGNITION_PHRASES_MAX) {
      throw new RangeError(
        `Give 1 to ${RECOGNITION_PHRASES_MAX} phrases, not ${request.phrases.length}.`,
      );
    }
    const report = await ready(request.language);
    return runner.session(async (directory) => {
      const found = await withinPhrases(directory, request, report);
      const heard = found.words.map((word) => word.word).join(" ");
      const phraseIndex = found.grammar.phraseWords.findIndex(
        (words) => words.length > 0 && words.join(" ") === heard,
      );
      const tokenIndexes = found.grammar.phraseTokens[phraseIndex] ?? [];
      const tokens = found.phraseTokens[phraseIndex] ?? [];
      const words = found.words.map((word, index) => ({
        ...word,
        word: tokens[tokenIndexes[index] ?? -1] ?? word.word,
      }));
      return { phraseIndex, words: phraseIndex < 0 ? [] : words };
    });
  }

  async function align(request: AlignmentRequest): Promise<Transcript> {
    const report = await ready(request.language);
    const tokens = spokenTokens(request.text);
    const words = await runner.session(async (directory) => {
      const found = await withinPhrases(
        directory,
        { url: request.url, phrases: [request.text] },
        report,
      );
      const tokenIndexes = found.grammar.phraseTokens[0] ?? [];
      if (tokenIndexes.length > 0 && found.words.length !== tokenIndexes.length) {
        throw new ProviderError({
          category: "alignment_failed",
          message: `The audio at ${request.url} could not be aligned with the text: it does not hold that speech.`,
          retryable: false,
        });
      }
      const timed = new Map(found.words.map((word, index) => [tokenIndexes[index] ?? -1, word]));
      return placeTokens(tokens, timed, Math.round(found.audio.wav.durationSeconds * 1000));
    });
    return { words, language: request.language ?? "en" };
  }

  async function transcribe(request: TranscriptionRequest): Promise<Transcript> {
    await ready(request.language);
    const words = await runner.session(async (directory) => {
      const audio = await audioOf(request.url, directory);
      const output = await runPocketsphinx(runner, {
        directory,
        audioPath: audio.path,
        programs,
        timeoutSeconds,
      });
      return parsePocketsphinxWords(output);
    });
    return { words, language: request.language ?? "en" };
  }

  return { transcribe, align, recognizePhrases, engines };
}
