/**
 * CPU time of this process and of the children it waited for (ffmpeg), from Linux's
 * /proc/self/stat. On a shared machine the wall time says how busy the other processes
 * are as much as how fast a piece of work is; CPU time does not.
 *
 * @module
 */
import { readFileSync } from "node:fs";

/**
 * CPU seconds used by this process's finished children (fields cutime and cstime of
 * /proc/self/stat, in clock ticks of 1/100 s); undefined where the system does not say.
 */
export function childCpuSeconds(): number | undefined {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? ticks / 100 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds of this process (user and system) plus its finished children's. */
export function totalCpuSeconds(): number | undefined {
  const children = childCpuSeconds();
  if (children === undefined) return undefined;
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + children;
}
