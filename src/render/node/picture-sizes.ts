/**
 * The sizes of a render's still pictures, read from the headers of their files in the
 * working directory (no ffmpeg run, so a preview pays nothing for it).
 *
 * @module
 */
import { open } from "node:fs/promises";
import { join } from "node:path";
import type { PictureSize } from "../ffmpeg-command.js";
import { PICTURE_HEADER_BYTES, pictureHeaderSize } from "./picture-header.js";

async function headerSize(path: string): Promise<PictureSize | undefined> {
  const file = await open(path, "r");
  try {
    const buffer = new Uint8Array(PICTURE_HEADER_BYTES);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return pictureHeaderSize(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** The size of each picture among `files` (input id to file name) whose header tells it. */
export async function pictureSizes(
  files: ReadonlyMap<string, string>,
  directory: string,
): Promise<Map<string, PictureSize>> {
  const entries = await Promise.all(
    [...files].map(async ([id, name]) => [id, await headerSize(join(directory, name))] as const),
  );
  const sizes = new Map<string, PictureSize>();
  for (const [id, size] of entries) if (size !== undefined) sizes.set(id, size);
  return sizes;
}
