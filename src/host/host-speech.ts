/**
 * Which speech and transcription the reference host runs: the local engines when they
 * are installed (the default, `--speech auto`), only them (`--speech local`, which
 * refuses to start without them), or the simulated stand-ins (`--speech simulated`).
 * Speech and transcription are decided apart, so a machine with flite but without
 * pocketsphinx speaks for real and transcribes with the stand-in.
 *
 * @module
 */
import { checkLocalEnginesOnce, type LocalEngineReport } from "../local/engine-check.js";
import type { LocalEnginePrograms } from "../local/engine-programs.js";

/** The `--speech` choices. */
export const SPEECH_MODES = ["auto", "local", "simulated"] as const;

/** How the host chooses its speech and transcription. */
export type SpeechMode = (typeof SPEECH_MODES)[number];

/** What one of the two runs on, and why. */
export type ProviderChoice =
  | { readonly kind: "local"; readonly engines: string }
  | { readonly kind: "simulated"; readonly reason: string };

/** What the host's speech and transcription run on. */
export interface HostSpeech {
  /** The mode asked for. */
  readonly mode: SpeechMode;
  /** Voiceovers and voice previews. */
  readonly speech: ProviderChoice;
  /** Captions from media, and alignment. */
  readonly transcription: ProviderChoice;
  /** Where the engines are, when any is local. */
  readonly programs: LocalEnginePrograms;
  /** What the engine check found; undefined when the mode is `simulated`. */
  readonly report: LocalEngineReport | undefined;
}

function withVersion(name: string, version: string | null): string {
  return version === null ? name : `${name} ${version}`;
}

function speechChoice(report: LocalEngineReport): ProviderChoice {
  const { flite, t2p, espeakNg } = report;
  if (!flite.available) return { kind: "simulated", reason: flite.reason };
  if (!t2p.available) return { kind: "simulated", reason: t2p.reason };
  const engines = [withVersion("flite", flite.version)];
  if (espeakNg.available) engines.push(withVersion("espeak-ng", espeakNg.version));
  return { kind: "local", engines: engines.join(", ") };
}

function transcriptionChoice(report: LocalEngineReport): ProviderChoice {
  const { pocketsphinx, ffmpeg } = report;
  if (!pocketsphinx.available) return { kind: "simulated", reason: pocketsphinx.reason };
  if (!ffmpeg.available) return { kind: "simulated", reason: ffmpeg.reason };
  return { kind: "local", engines: "pocketsphinx with its US English model" };
}

const SIMULATED: ProviderChoice = { kind: "simulated", reason: "--speech simulated was given." };

/**
 * Decides the host's speech and transcription, checking the engines once. With
 * `local`, a missing engine rejects, naming it.
 *
 * @example
 * ```ts
 * const speech = await hostSpeechOf("auto");
 * speech.speech.kind; // "local" where flite is installed
 * ```
 */
export async function hostSpeechOf(
  mode: SpeechMode,
  programs: LocalEnginePrograms = {},
): Promise<HostSpeech> {
  if (mode === "simulated") {
    return { mode, speech: SIMULATED, transcription: SIMULATED, programs, report: undefined };
  }
  const report = await checkLocalEnginesOnce(programs);
  const speech = speechChoice(report);
  const transcription = transcriptionChoice(report);
  if (mode === "local") {
    const missing = [speech, transcription].find((choice) => choice.kind === "simulated");
    if (missing?.kind === "simulated") {
      throw new Error(`--speech local needs the local engines: ${missing.reason}`);
    }
  }
  return { mode, speech, transcription, programs, report };
}
