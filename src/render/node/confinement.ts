/**
 * How the renderer confines an ffmpeg process on Linux, with two programs of util-linux
 * (on every Debian system): `setpriv --pdeathsig KILL` has the kernel kill it when the
 * process that started it dies, even by SIGKILL, so no ffmpeg outlives its host; and
 * `prlimit --data` caps the memory it may take (RLIMIT_DATA: its heap and private
 * writable mappings, which is what decoded pictures and filter buffers live in), so one
 * render cannot take the machine's memory. Both replace themselves with the next program
 * (exec), so the process that runs is ffmpeg itself, with the pid spawn reported.
 *
 * Other systems run ffmpeg as it is: neither tool exists there.
 *
 * @module
 */
/** What a confined process runs under. */
export interface ProcessConfinement {
  /** Most bytes of data the process may map (its RLIMIT_DATA, soft and hard). */
  readonly memoryMaxBytes: number;
}

/** Whether this system confines processes (Linux). */
export const CONFINEMENT_SUPPORTED = process.platform === "linux";

/** The tools confinement needs, as a `renderer_unavailable` failure names them. */
export const CONFINEMENT_TOOLS = "setpriv and prlimit (util-linux)";

/** The program and arguments that run `program` confined, or as it is. */
export function confinedCommand(
  program: string,
  args: readonly string[],
  confinement: ProcessConfinement | undefined,
): { readonly program: string; readonly args: readonly string[] } {
  if (confinement === undefined || !CONFINEMENT_SUPPORTED) return { program, args };
  const bytes = Math.floor(confinement.memoryMaxBytes);
  return {
    program: "setpriv",
    args: ["--pdeathsig", "KILL", "--", "prlimit", `--data=${bytes}`, "--", program, ...args],
  };
}
