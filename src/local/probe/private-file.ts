/**
 * The file a probe reads: the bytes written to a fresh directory only this process's
 * user can enter, and removed with it afterwards, whatever happened. The programs read
 * that file and nothing else; they are never handed a URL.
 *
 * @module
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { ProbeSource } from "../../ports/media-prober.js";

/** The prefix of every probe's temporary directory. */
export const PROBE_DIRECTORY_PREFIX = "reelkit-probe-";

/**
 * Writes `source` to a file in a new private directory under `parent`, runs `work` on
 * its path, and removes the directory.
 */
export async function withPrivateFile<T>(
  parent: string,
  source: ProbeSource,
  work: (path: string) => Promise<T>,
): Promise<T> {
  // mkdtemp makes the directory readable by its owner only (mode 0700).
  const directory = await mkdtemp(join(parent, PROBE_DIRECTORY_PREFIX));
  try {
    const path = join(directory, "input");
    const body = Readable.fromWeb(source.stream() as NodeReadableStream<Uint8Array>);
    await pipeline(body, createWriteStream(path, { flags: "wx", mode: 0o600 }));
    return await work(path);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
