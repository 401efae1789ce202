/**
 * Which local engines this machine has, checked once: each program is run the cheapest
 * way that proves it works (a version or a voice listing), and the recognizer's model
 * files are looked for. A provider reuses the answer; an engine that is missing is named
 * with where it was looked for.
 *
 * @module
 */
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { runProcess } from "../render/node/ffmpeg-process.js";
import {
  type LocalEnginePrograms,
  type ResolvedEnginePrograms,
  resolveEnginePrograms,
} from "./engine-programs.js";

const CHECK_TIMEOUT_MS = 15_000;

/** One engine found working: its program, version and what it offers. */
export interface EnginePresent {
  /** Always true. */
  readonly available: true;
  /** The program that was run. */
  readonly program: string;
  /** The version the program reports; null when it reports none. */
  readonly version: string | null;
}

/** One engine that is missing or broken, and why. */
export interface EngineMissing {
  /** Always false. */
  readonly available: false;
  /** The program that was looked for. */
  readonly program: string;
  /** Why it cannot be used, naming the engine. */
  readonly reason: string;
}

/** Whether one engine can be used. */
export type EngineAvailability = EnginePresent | EngineMissing;

/** flite, with the voices it has built in. */
export type FliteAvailability =
  | (EnginePresent & { readonly voices: readonly string[] })
  | EngineMissing;

/** espeak-ng, with the languages its voices speak. */
export type EspeakAvailability =
  | (EnginePresent & { readonly languages: readonly string[] })
  | EngineMissing;

/** What {@link checkLocalEngines} found. */
export interface LocalEngineReport {
  /** flite (English speech); its word timings also need `t2p`. */
  readonly flite: FliteAvailability;
  /** flite's `t2p`, which gives each word's phones. */
  readonly t2p: EngineAvailability;
  /** espeak-ng (speech in other languages). */
  readonly espeakNg: EspeakAvailability;
  /** pocketsphinx with its US English model (transcription and alignment). */
  readonly pocketsphinx: EngineAvailability;
  /** ffmpeg (audio extraction and resampling for recognition). */
  readonly ffmpeg: EngineAvailability;
}

interface Ran {
  readonly ran: boolean;
  readonly exitCode: number;
  readonly output: string;
}

async function run(program: string, args: readonly string[]): Promise<Ran> {
  let output = "";
  const exit = await runProcess({
    program,
    args,
    timeoutMs: CHECK_TIMEOUT_MS,
    onStdout: (text) => {
      output += text;
    },
  });
  if (exit.kind !== "exited") return { ran: false, exitCode: -1, output };
  return { ran: true, exitCode: exit.exitCode, output: `${output}\n${exit.stderr}` };
}

function missing(program: string, reason: string): EngineMissing {
  return { available: false, program, reason };
}

async function checkFlite(program: string): Promise<FliteAvailability> {
  const listed = await run(program, ["-lv"]);
  const voices = /Voices available:(.*)/.exec(listed.output)?.[1]?.trim().split(/\s+/) ?? [];
  if (!listed.ran || listed.exitCode !== 0 || voices.length === 0) {
    return missing(program, `flite was not found or lists no voice (looked for "${program}").`);
  }
  // `flite --version` exits with 1 after printing it.
  const version = /version:\s*(?:flite-)?(\S+)/.exec(
    (await run(program, ["--version"])).output,
  )?.[1];
  return { available: true, program, version: version ?? null, voices };
}

async function checkT2p(program: string): Promise<EngineAvailability> {
  const ran = await run(program, ["a"]);
  if (!ran.ran || ran.exitCode !== 0 || !ran.output.includes("pau")) {
    return missing(program, `flite's t2p was not found (looked for "${program}").`);
  }
  return { available: true, program, version: null };
}

// `--voices` lists one voice per line: priority, language, age/gender, name, file.
function languagesOf(listing: string): string[] {
  const languages = new Set<string>();
  for (const line of listing.split("\n").slice(1)) {
    const language = line.trim().split(/\s+/)[1];
    if (language !== undefined && language !== "") languages.add(language.toLowerCase());
  }
  return [...languages].sort();
}

async function checkEspeak(program: string): Promise<EspeakAvailability> {
  const version = await run(program, ["--version"]);
  if (!version.ran || version.exitCode !== 0) {
    return missing(program, `espeak-ng was not found (looked for "${program}").`);
  }
  const voices = await run(program, ["--voices"]);
  return {
    available: true,
    program,
    version: /text-to-speech:\s*(\S+)/.exec(version.output)?.[1] ?? null,
    languages: languagesOf(voices.output),
  };
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

/** The files of the US English model the recognizer loads. */
export function pocketsphinxModelFiles(modelDirectory: string) {
  return {
    acousticModel: join(modelDirectory, "en-us"),
    dictionary: join(modelDirectory, "cmudict-en-us.dict"),
    languageModel: join(modelDirectory, "en-us.lm.bin"),
  };
}

async function checkPocketsphinx(programs: ResolvedEnginePrograms): Promise<EngineAvailability> {
  const program = programs.pocketsphinx;
  // Without arguments it explains that it needs `-infile` and exits with 1: it runs.
  const ran = await run(program, []);
  if (!ran.ran || !ran.output.includes("-infile")) {
    return missing(program, `pocketsphinx was not found (looked for "${program}").`);
  }
  const files = pocketsphinxModelFiles(programs.pocketsphinxModel);
  const modelPresent =
    (await isFile(join(files.acousticModel, "mdef"))) &&
    (await isFile(files.dictionary)) &&
    (await isFile(files.languageModel));
  if (!modelPresent) {
    return missing(
      program,
      `pocketsphinx's US English model was not found in ${programs.pocketsphinxModel} (Debian: pocketsphinx-en-us).`,
    );
  }
  // pocketsphinx_continuous prints no version of its own.
  return { available: true, program, version: null };
}

async function checkFfmpeg(program: string): Promise<EngineAvailability> {
  const ran = await run(program, ["-hide_banner", "-version"]);
  if (!ran.ran || ran.exitCode !== 0) {
    return missing(program, `ffmpeg was not found (looked for "${program}").`);
  }
  return {
    available: true,
    program,
    version: /ffmpeg version (\S+)/.exec(ran.output)?.[1] ?? null,
  };
}

/**
 * Checks every local engine, in parallel: whether it runs, its version and, for the
 * synthesizers, its voices or languages. Never rejects.
 *
 * @example
 * ```ts
 * const report = await checkLocalEngines();
 * if (!report.flite.available) console.warn(report.flite.reason);
 * ```
 */
export async function checkLocalEngines(
  programs: LocalEnginePrograms = {},
): Promise<LocalEngineReport> {
  const resolved = resolveEnginePrograms(programs);
  const [flite, t2p, espeakNg, pocketsphinx, ffmpeg] = await Promise.all([
    checkFlite(resolved.flite),
    checkT2p(resolved.t2p),
    checkEspeak(resolved.espeakNg),
    checkPocketsphinx(resolved),
    checkFfmpeg(resolved.ffmpeg),
  ]);
  return { flite, t2p, espeakNg, pocketsphinx, ffmpeg };
}

// Engines are not installed or removed while a server runs, and each check starts a few
// processes: one check per set of programs for the life of the process.
const checks = new Map<string, Promise<LocalEngineReport>>();

/**
 * {@link checkLocalEngines}, run once per set of programs for the life of the process;
 * every provider and the host share the answer.
 */
export function checkLocalEnginesOnce(
  programs: LocalEnginePrograms = {},
): Promise<LocalEngineReport> {
  const key = JSON.stringify(resolveEnginePrograms(programs));
  let check = checks.get(key);
  if (check === undefined) {
    check = checkLocalEngines(programs);
    checks.set(key, check);
  }
  return check;
}
