/**
 * Speech from espeak-ng. Its command line reports no timings, so each word's time is
 * read from its audio: the text's clauses (cut after a comma, a colon or a sentence's
 * end) are anchored at the pauses espeak-ng makes between them, the silence at each
 * clause's edges is left out, and a clause's sounding time is shared among its words by
 * their length. The text goes through a file, so no word of it can be taken for an option.
 *
 * @module
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ProviderError } from "../../ports/provider-error.js";
import { readPcmWav } from "../audio/wav.js";
import type { EngineRunner } from "../engine-runner.js";
import type { SynthesizedFile } from "./flite.js";
import type { WordSpan } from "./phone-alignment.js";
import { endsClause } from "./spoken-tokens.js";

/** espeak-ng's own pace, in words per minute. */
export const ESPEAK_WORDS_PER_MINUTE = 175;
/** Length of the frames whose loudness is measured, in seconds. */
const FRAME_SECONDS = 0.01;
/** A frame quieter than this share of the loudest frame is silent. */
const SILENCE_SHARE = 0.04;
/** A frame this quiet is silent however quiet the speech (root mean square, 16-bit). */
const SILENCE_LEVEL_MIN = 100;
/** The shortest silence taken for a pause between clauses, in seconds. */
const CLAUSE_PAUSE_MIN_SECONDS = 0.09;

/** One espeak-ng synthesis. */
export interface EspeakSynthesis {
  /** The session's directory. */
  readonly directory: string;
  /** The text to speak. */
  readonly text: string;
  /** Its spoken tokens, whose times are reported. */
  readonly tokens: readonly string[];
  /** espeak-ng's voice, such as `de+f2`. */
  readonly voice: string;
  /** Pace: 1 is espeak-ng's own. */
  readonly speed: number;
  /** The program. */
  readonly program: string;
  /** Seconds before the process is stopped. */
  readonly timeoutSeconds: number;
}

interface Silence {
  readonly startSeconds: number;
  readonly endSeconds: number;
}

// Silence is a run of quiet 10 ms frames: quieter than a share of the loudest frame,
// since espeak-ng's voice variants breathe through their pauses instead of going silent.
function silencesOf(samples: Int16Array, sampleRate: number): Silence[] {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  const levels: number[] = [];
  for (let start = 0; start < samples.length; start += frame) {
    let sum = 0;
    const end = Math.min(samples.length, start + frame);
    for (let index = start; index < end; index += 1) sum += (samples[index] ?? 0) ** 2;
    levels.push(Math.sqrt(sum / Math.max(1, end - start)));
  }
  const threshold = Math.max(SILENCE_LEVEL_MIN, SILENCE_SHARE * Math.max(0, ...levels));
  const silences: Silence[] = [];
  let start = -1;
  for (let index = 0; index <= levels.length; index += 1) {
    const quiet = index < levels.length && (levels[index] ?? 0) < threshold;
    if (quiet && start < 0) start = index;
    if (!quiet && start >= 0) {
      const endSeconds = Math.min(index * frame, samples.length) / sampleRate;
      silences.push({ startSeconds: (start * frame) / sampleRate, endSeconds });
      start = -1;
    }
  }
  return silences;
}

// The tokens of each clause, by index.
function clausesOf(tokens: readonly string[]): number[][] {
  const clauses: number[][] = [[]];
  tokens.forEach((token, index) => {
    clauses[clauses.length - 1]?.push(index);
    if (endsClause(token) && index < tokens.length - 1) clauses.push([]);
  });
  return clauses;
}

// A digit is said as a few letters' worth of sound ("42" is "zweiundvierzig").
const DIGIT_WEIGHT = 3;

function weightOf(token: string): number {
  const letters = token.replace(/[^\p{L}]/gu, "").length;
  const digits = token.replace(/[^\p{N}]/gu, "").length;
  return Math.max(1, letters + DIGIT_WEIGHT * digits);
}

// Where each clause sounds: between the leading silence, the pauses nearest to where the
// clauses' lengths put the boundaries, and the trailing silence.
function clauseSpans(
  clauses: readonly number[][],
  weights: readonly number[],
  audio: { silences: readonly Silence[]; durationSeconds: number },
): WordSpan[] {
  const { silences, durationSeconds } = audio;
  const first = silences[0];
  const lastSilence = silences[silences.length - 1];
  const soundStart = first !== undefined && first.startSeconds === 0 ? first.endSeconds : 0;
  const soundEnd =
    lastSilence !== undefined && Math.abs(lastSilence.endSeconds - durationSeconds) < 1e-6
      ? Math.max(soundStart, lastSilence.startSeconds)
      : durationSeconds;
  const pauses = silences.filter(
    (silence) =>
      silence.endSeconds - silence.startSeconds >= CLAUSE_PAUSE_MIN_SECONDS &&
      silence.startSeconds > soundStart &&
      silence.endSeconds < soundEnd,
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const spans: WordSpan[] = [];
  let start = soundStart;
  let done = 0;
  clauses.forEach((clause, index) => {
    done += clause.reduce((sum, token) => sum + (weights[token] ?? 1), 0);
    if (index === clauses.length - 1) {
      spans.push({ startSeconds: start, endSeconds: Math.max(start, soundEnd) });
      return;
    }
    const estimate = soundStart + ((soundEnd - soundStart) * done) / total;
    const pause = nearestPause(pauses, estimate, start);
    const end = pause?.startSeconds ?? Math.max(start, estimate);
    spans.push({ startSeconds: start, endSeconds: end });
    start = pause?.endSeconds ?? end;
  });
  return spans;
}

function nearestPause(
  pauses: readonly Silence[],
  estimateSeconds: number,
  afterSeconds: number,
): Silence | undefined {
  let best: Silence | undefined;
  for (const pause of pauses) {
    if (pause.startSeconds <= afterSeconds) continue;
    const middle = (pause.startSeconds + pause.endSeconds) / 2;
    const bestMiddle = best === undefined ? 0 : (best.startSeconds + best.endSeconds) / 2;
    if (
      best === undefined ||
      Math.abs(middle - estimateSeconds) < Math.abs(bestMiddle - estimateSeconds)
    ) {
      best = pause;
    }
  }
  return best;
}

/** Each token's span: its clause's span shared among the clause's tokens by length. */
export function espeakWordSpans(
  tokens: readonly string[],
  audio: { samples: Int16Array; sampleRate: number; durationSeconds: number },
): WordSpan[] {
  const weights = tokens.map(weightOf);
  const clauses = clausesOf(tokens);
  const spans = clauseSpans(clauses, weights, {
    silences: silencesOf(audio.samples, audio.sampleRate),
    durationSeconds: audio.durationSeconds,
  });
  const words: WordSpan[] = [];
  clauses.forEach((clause, index) => {
    const span = spans[index] ?? { startSeconds: 0, endSeconds: 0 };
    const total = clause.reduce((sum, token) => sum + (weights[token] ?? 1), 0);
    let at = span.startSeconds;
    for (const token of clause) {
      const length = ((span.endSeconds - span.startSeconds) * (weights[token] ?? 1)) / total;
      words.push({ startSeconds: at, endSeconds: at + length });
      at += length;
    }
  });
  return words;
}

/** Speaks `synthesis.text` with espeak-ng into a WAV file and times each token. */
export async function synthesizeWithEspeak(
  runner: EngineRunner,
  synthesis: EspeakSynthesis,
): Promise<SynthesizedFile> {
  const { directory } = synthesis;
  const textPath = join(directory, "text.txt");
  const path = join(directory, "speech.wav");
  await writeFile(textPath, synthesis.text, { mode: 0o600 });
  await runner.exec({
    engine: "espeak-ng",
    program: synthesis.program,
    args: [
      "-v",
      synthesis.voice,
      "-s",
      String(Math.round(ESPEAK_WORDS_PER_MINUTE * synthesis.speed)),
      "-b",
      "1",
      "-w",
      path,
      "-f",
      textPath,
    ],
    cwd: directory,
    timeoutSeconds: synthesis.timeoutSeconds,
  });
  const wav = readPcmWav(new Uint8Array(await readFile(path)));
  if (wav === undefined) {
    throw new ProviderError({
      category: "engine_failed",
      message: "The espeak-ng engine wrote no readable WAV file.",
      retryable: true,
    });
  }
  return { path, spans: espeakWordSpans(synthesis.tokens, wav) };
}
