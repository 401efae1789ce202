/**
 * Speech from flite, with each word's time from flite's own phone timings: flite prints
 * every phone it speaks with its end time (`-psdur`), its `t2p` gives each word's phones,
 * and the two are aligned (`phone-alignment.ts`). The text is given with `-t`, which
 * takes the next argument as text whatever it holds, and which speaks it as one
 * utterance: phone times then run from the start of the audio without restarting.
 *
 * @module
 */
import { join } from "node:path";
import type { EngineRunner } from "../engine-runner.js";
import { alignWordsToPhones, type TimedPhone, type WordSpan } from "./phone-alignment.js";

/** One flite synthesis. */
export interface FliteSynthesis {
  /** The session's directory, where the text and the audio are written. */
  readonly directory: string;
  /** The text to speak. */
  readonly text: string;
  /** Its spoken tokens, whose times are reported. */
  readonly tokens: readonly string[];
  /** flite's voice, such as `slt`. */
  readonly voice: string;
  /** Pace: 1 is the voice's own, 1.2 a fifth faster. */
  readonly speed: number;
  /** The programs. */
  readonly programs: { readonly flite: string; readonly t2p: string };
  /** Seconds before each process is stopped. */
  readonly timeoutSeconds: number;
}

/** What a synthesis wrote and the time of each token. */
export interface SynthesizedFile {
  /** The WAV file written. */
  readonly path: string;
  /** Each token's span, in order. */
  readonly spans: readonly WordSpan[];
}

/**
 * The phones of flite's `-psdur` output (`pau:0.164 hh:0.255 ...`, one line per
 * utterance), times made to run on when a later utterance restarts them.
 */
export function parseFlitePhones(output: string): TimedPhone[] {
  const phones: TimedPhone[] = [];
  let offset = 0;
  let last = 0;
  for (const entry of output.split(/\s+/)) {
    const match = /^([a-z]+[0-9]?):(\d+(?:\.\d+)?)$/.exec(entry);
    if (match === null) continue;
    let end = Number(match[2]) + offset;
    if (end + 1e-6 < last) {
      offset = last;
      end += offset;
    }
    last = end;
    phones.push({ phone: match[1] ?? "", endSeconds: end });
  }
  return phones;
}

// `pau hh ax l ow1 pau w er1 l d pau`: the phones between pauses, stress marks dropped.
function phoneGroups(output: string): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  for (const phone of output.trim().split(/\s+/)) {
    if (phone === "pau" || phone === "") {
      if (group.length > 0) groups.push(group);
      group = [];
    } else group.push(phone.replace(/[0-9]$/, ""));
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

// Each token's phones. One t2p run reads every token with a comma after it, which makes
// a pause after each; when that does not give one group per token (a token of symbols
// only, an abbreviation whose dots end a sentence), each token is read on its own.
async function tokenPhones(runner: EngineRunner, synthesis: FliteSynthesis): Promise<string[][]> {
  const { tokens, directory, programs, timeoutSeconds } = synthesis;
  const run = (text: string) =>
    runner.exec({
      engine: "flite",
      program: programs.t2p,
      args: [text],
      cwd: directory,
      timeoutSeconds,
    });
  const together = phoneGroups((await run(tokens.map((token) => `${token},`).join(" "))).stdout);
  if (together.length === tokens.length) return together;
  const alone: string[][] = [];
  for (const token of tokens) alone.push(phoneGroups((await run(token)).stdout).flat());
  return alone;
}

/**
 * Speaks `synthesis.text` with flite into a WAV file in the session's directory, and
 * times each token from flite's phone timings.
 */
export async function synthesizeWithFlite(
  runner: EngineRunner,
  synthesis: FliteSynthesis,
): Promise<SynthesizedFile> {
  const { directory, programs, timeoutSeconds } = synthesis;
  const path = join(directory, "speech.wav");
  const spoken = await runner.exec({
    engine: "flite",
    program: programs.flite,
    args: [
      "-voice",
      synthesis.voice,
      "--setf",
      `duration_stretch=${(1 / synthesis.speed).toFixed(4)}`,
      "-psdur",
      "-o",
      path,
      "-t",
      synthesis.text,
    ],
    cwd: directory,
    timeoutSeconds,
  });
  const phones = await tokenPhones(runner, synthesis);
  return { path, spans: alignWordsToPhones(phones, parseFlitePhones(spoken.stdout)) };
}
