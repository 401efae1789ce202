/**
 * What the local engine tests need: flite (with t2p), espeak-ng, pocketsphinx with its
 * US English model, and ffmpeg. Under CI=true a missing one fails the suite (.ci/run
 * installs them); elsewhere the suite is skipped, saying why. Also a media reader over
 * a folder and the phrase checks the tests share.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { POCKETSPHINX_EN_US_MODEL_DIRECTORY } from "reelkit/local";
import type { MediaReader } from "reelkit/render";
import { FFMPEG_NEED } from "../../render/support/ffmpeg.js";
import { describeNeeding, type Need } from "../../support/describe-needing.js";

function runs(program: string, args: readonly string[], status: number): boolean {
  const ran = spawnSync(program, [...args], { stdio: "ignore" });
  return ran.error === undefined && ran.status === status;
}

function speechEnginesMissing(): string | undefined {
  if (!runs("flite", ["-lv"], 0)) return "flite is not installed";
  if (!runs("t2p", ["a"], 0)) return "flite's t2p is not installed";
  if (!runs("espeak-ng", ["--version"], 0)) return "espeak-ng is not installed";
  if (!runs("pocketsphinx_continuous", [], 1)) return "pocketsphinx is not installed";
  if (!existsSync(join(POCKETSPHINX_EN_US_MODEL_DIRECTORY, "en-us", "mdef"))) {
    return "pocketsphinx-en-us (the US English model) is not installed";
  }
  return undefined;
}

/** flite, espeak-ng, pocketsphinx and its model. */
export const SPEECH_ENGINES_NEED: Need = {
  part: "flite, espeak-ng, pocketsphinx and pocketsphinx-en-us",
  missing: speechEnginesMissing(),
};

/** `describe` for tests that run the local engines (and ffmpeg). */
export function describeSpeech(name: string, suite: () => void): void {
  describeNeeding(name, [FFMPEG_NEED, SPEECH_ENGINES_NEED], suite);
}

/** The URL under which {@link folderReader} serves `name`. */
export function folderUrl(name: string): string {
  return `https://media.test/${name}`;
}

/** A media reader serving `https://media.test/<name>` from `folder`. */
export function folderReader(folder: string): MediaReader {
  return async ({ url }) => {
    const name = url.replace(folderUrl(""), "");
    if (name.includes("/") || name === url) return { ok: false, error: `unknown URL ${url}` };
    return { ok: true, value: new Uint8Array(await readFile(join(folder, name))) };
  };
}

/** Lower-case words without punctuation, for comparing what was said with what was heard. */
export function plainWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^a-z0-9']/g, ""))
    .filter((word) => word !== "");
}

/** The share of `expected` words found, in order, in `heard` (longest common subsequence). */
export function wordsMatched(expected: readonly string[], heard: readonly string[]): number {
  const table = Array.from({ length: expected.length + 1 }, () =>
    new Array<number>(heard.length + 1).fill(0),
  );
  for (let row = 1; row <= expected.length; row += 1) {
    for (let column = 1; column <= heard.length; column += 1) {
      const above = table[row - 1] ?? [];
      const here = table[row] ?? [];
      here[column] =
        expected[row - 1] === heard[column - 1]
          ? (above[column - 1] ?? 0) + 1
          : Math.max(above[column] ?? 0, here[column - 1] ?? 0);
    }
  }
  return (table[expected.length]?.[heard.length] ?? 0) / Math.max(1, expected.length);
}
