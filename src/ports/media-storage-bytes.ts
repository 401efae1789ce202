/**
 * Reading a small stored object whole, for the few callers that need its bytes at once
 * (a JSON analysis, a reference image); large media is streamed instead.
 *
 * @module
 */
import { collectBytes } from "../media/byte-streams.js";
import type { StoredMediaReader } from "./media-storage.js";

/**
 * The object's bytes, or undefined when it holds more than `maxBytes` (then nothing
 * past the limit is read).
 *
 * @example
 * ```ts
 * const reader = await storage.open("generated/1/analysis/r1.json");
 * const bytes = reader === undefined ? undefined : await readAllBytes(reader, 1_048_576);
 * ```
 */
export async function readAllBytes(
  reader: StoredMediaReader,
  maxBytes: number,
): Promise<Uint8Array | undefined> {
  if (reader.sizeBytes > maxBytes) return undefined;
  return collectBytes(reader.stream(), maxBytes);
}
