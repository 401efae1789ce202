/**
 * Whether the ffmpeg on this machine can render: the program runs, and has every filter
 * and encoder a command uses. Checked once per renderer; the answer names what is
 * missing.
 *
 * @module
 */
import { type RenderError, type RenderFailure, renderFailure } from "../../ports/renderer.js";
import { ok, type Result } from "../../result.js";
import { CONFINEMENT_SUPPORTED, CONFINEMENT_TOOLS } from "./confinement.js";
import { runProcess } from "./ffmpeg-process.js";

/** Filters the commands use. */
export const REQUIRED_FILTERS = [
  "color",
  "format",
  "settb",
  "setpts",
  "fps",
  "tpad",
  "trim",
  "scale",
  "crop",
  "pad",
  "lut",
  "fade",
  "overlay",
  "ass",
  "xstack",
  "anullsrc",
  "aformat",
  "asetpts",
  "atempo",
  "volume",
  "afade",
  "atrim",
  "adelay",
  "amix",
] as const;

/** Encoders the commands use. */
export const REQUIRED_ENCODERS = ["libx264", "aac", "png"] as const;

const CHECK_TIMEOUT_MS = 15_000;

// Names in the second column of `-filters` / `-encoders` listings, after the header.
function listedNames(listing: string): Set<string> {
  const names = new Set<string>();
  for (const line of listing.split("\n")) {
    const columns = line.trim().split(/\s+/);
    if (columns.length >= 2 && /^[A-Z.|]{3,6}$/.test(columns[0] ?? "")) names.add(columns[1] ?? "");
  }
  return names;
}

async function listing(program: string, flag: string): Promise<Result<string, RenderError>> {
  let output = "";
  const exit = await runProcess({
    program,
    args: ["-hide_banner", "-nostdin", flag],
    timeoutMs: CHECK_TIMEOUT_MS,
    onStdout: (text) => {
      output += text;
    },
  });
  if (exit.kind === "missing") {
    return renderFailure(
      "renderer_unavailable",
      `ffmpeg was not found (looked for "${program}"): install ffmpeg (Debian: apt-get install ffmpeg) or give the path of its program.`,
      { missing: "ffmpeg" },
    );
  }
  if (exit.kind !== "exited" || exit.exitCode !== 0) {
    return renderFailure("renderer_unavailable", `"${program} ${flag}" did not run.`, {
      missing: "ffmpeg",
    });
  }
  return ok(output);
}

// One check per program for the life of the process: ffmpeg is not installed or removed
// while a server runs, and each check costs two process starts.
const checks = new Map<string, Promise<RenderFailure | undefined>>();

/**
 * Undefined when `program` can render; else the failure naming what is missing. The
 * answer is kept for the life of the process.
 */
export function checkFfmpegOnce(program: string): Promise<RenderFailure | undefined> {
  let check = checks.get(program);
  if (check === undefined) {
    check = checkFfmpeg(program);
    checks.set(program, check);
  }
  return check;
}

/** Undefined when `program` can render; else the failure naming what is missing. */
export async function checkFfmpeg(program: string): Promise<RenderFailure | undefined> {
  const filters = await listing(program, "-filters");
  if (!filters.ok) return filters;
  const encoders = await listing(program, "-encoders");
  if (!encoders.ok) return encoders;
  const filterNames = listedNames(filters.value);
  const missingFilter = REQUIRED_FILTERS.find((name) => !filterNames.has(name));
  if (missingFilter !== undefined) {
    const hint = missingFilter === "ass" ? " (ffmpeg built with libass)" : "";
    return renderFailure(
      "renderer_unavailable",
      `ffmpeg at "${program}" lacks the ${missingFilter} filter${hint}.`,
      { missing: `ffmpeg filter ${missingFilter}` },
    );
  }
  const encoderNames = listedNames(encoders.value);
  const missingEncoder = REQUIRED_ENCODERS.find((name) => !encoderNames.has(name));
  if (missingEncoder !== undefined) {
    return renderFailure(
      "renderer_unavailable",
      `ffmpeg at "${program}" lacks the ${missingEncoder} encoder.`,
      { missing: `ffmpeg encoder ${missingEncoder}` },
    );
  }
  return undefined;
}

const confinementChecks = new Map<string, Promise<RenderFailure | undefined>>();

/**
 * Undefined when `program` runs confined here (setpriv and prlimit are installed, or
 * the system is not Linux, where nothing is confined); else the failure naming the
 * tools. Checked once per program for the life of the process.
 */
export function checkConfinementOnce(program: string): Promise<RenderFailure | undefined> {
  let check = confinementChecks.get(program);
  if (check === undefined) {
    check = CONFINEMENT_SUPPORTED ? checkConfinement(program) : Promise.resolve(undefined);
    confinementChecks.set(program, check);
  }
  return check;
}

async function checkConfinement(program: string): Promise<RenderFailure | undefined> {
  const exit = await runProcess({
    program,
    args: ["-hide_banner", "-version"],
    timeoutMs: CHECK_TIMEOUT_MS,
    confinement: { memoryMaxBytes: 256 * 1024 * 1024 },
  });
  if (exit.kind === "exited" && exit.exitCode === 0) return undefined;
  return renderFailure(
    "renderer_unavailable",
    `ffmpeg cannot run with its memory cap: install ${CONFINEMENT_TOOLS} (Debian: apt-get install util-linux), or create the renderer with limits.memoryMaxBytes null.`,
    { missing: CONFINEMENT_TOOLS },
  );
}
