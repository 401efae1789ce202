import { collectBytes } from "../../src/media/byte-streams.js";
import type { MediaStorage } from "../../src/ports/media-storage.js";

/** The whole bytes and type of a stored object, or undefined when absent. */
export async function readStored(
  storage: MediaStorage,
  objectKey: string,
): Promise<{ readonly bytes: Uint8Array; readonly contentType: string } | undefined> {
  const reader = await storage.open(objectKey);
  if (reader === undefined) return undefined;
  const bytes = await collectBytes(reader.stream(), Number.POSITIVE_INFINITY);
  if (bytes === undefined) throw new Error("an unlimited read cannot exceed its limit");
  return { bytes, contentType: reader.contentType };
}
