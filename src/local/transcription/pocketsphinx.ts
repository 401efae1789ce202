/**
 * Running pocketsphinx on a 16 kHz mono WAV file and reading the words it times. With
 * `-time yes` it prints each utterance's text, then one line per word: the word, its
 * start and end in seconds of the file, and its posterior probability. Silence, noise
 * and the sentence marks are not words; `hello(2)` is a pronunciation of `hello`.
 *
 * @module
 */
import { join } from "node:path";
import type { TranscriptWord } from "../../editor/providers.js";
import { pocketsphinxModelFiles } from "../engine-check.js";
import type { EngineRunner } from "../engine-runner.js";

/** One recognition run. */
export interface PocketsphinxRun {
  /** The session's directory. */
  readonly directory: string;
  /** The 16 kHz mono WAV file. */
  readonly audioPath: string;
  /** The program and the model directory. */
  readonly programs: { readonly pocketsphinx: string; readonly pocketsphinxModel: string };
  /** A grammar and its dictionary (paths in the session); the model's language model when absent. */
  readonly grammar?: { readonly grammarPath: string; readonly dictionaryPath: string };
  /** Seconds before the process is stopped. */
  readonly timeoutSeconds: number;
}

const NOT_WORDS = /^(<s>|<\/s>|<sil>|\[[A-Z]+\]|\+\+.*\+\+)$/;

/**
 * The words of pocketsphinx's `-time yes` output, in time order, in milliseconds.
 *
 * @example
 * ```ts
 * parsePocketsphinxWords("hello world\n<s> 0.000 0.140 0.99\nhello(2) 0.150 0.510 0.98\nworld 0.520 0.900 0.5\n");
 * // [{ word: "hello", startMs: 150, endMs: 510, confidence: 0.98 }, { word: "world", ... }]
 * ```
 */
export function parsePocketsphinxWords(output: string): TranscriptWord[] {
  const words: TranscriptWord[] = [];
  for (const line of output.split("\n")) {
    const fields = line.trim().split(/\s+/);
    if (fields.length !== 4) continue;
    const [name = "", start, end, probability] = fields;
    const [startSeconds, endSeconds, posterior] = [Number(start), Number(end), Number(probability)];
    if (![startSeconds, endSeconds, posterior].every(Number.isFinite)) continue;
    const word = name.replace(/\(\d+\)$/, "");
    if (NOT_WORDS.test(word)) continue;
    words.push({
      word,
      startMs: Math.round(startSeconds * 1000),
      endMs: Math.round(Math.max(startSeconds, endSeconds) * 1000),
      confidence: Math.min(1, Math.max(0, posterior)),
    });
  }
  return words.sort((left, right) => left.startMs - right.startMs);
}

/**
 * Recognizes the file: freely with the model's language model, or within a grammar as
 * one utterance (silence is kept, so a grammar spans the whole file). Answers the raw
 * output.
 */
export async function runPocketsphinx(runner: EngineRunner, run: PocketsphinxRun): Promise<string> {
  const files = pocketsphinxModelFiles(run.programs.pocketsphinxModel);
  const search =
    run.grammar === undefined
      ? ["-lm", files.languageModel, "-dict", files.dictionary]
      : [
          "-jsgf",
          run.grammar.grammarPath,
          "-dict",
          run.grammar.dictionaryPath,
          "-remove_silence",
          "no",
        ];
  const output = await runner.exec({
    engine: "pocketsphinx",
    program: run.programs.pocketsphinx,
    args: [
      "-hmm",
      files.acousticModel,
      ...search,
      "-infile",
      run.audioPath,
      "-time",
      "yes",
      "-logfn",
      join(run.directory, "pocketsphinx.log"),
    ],
    cwd: run.directory,
    timeoutSeconds: run.timeoutSeconds,
  });
  return output.stdout;
}
