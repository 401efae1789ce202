/**
 * The header prober's PNG reader. It checks the whole file, front to back: the IHDR
 * header (its size against the picture limits before anything is decompressed), every
 * chunk's CRC, the order of the critical chunks, and the image data itself, inflated and
 * counted against the size the header declares, every row's filter type checked. An
 * animated PNG's default image is its first frame; bytes after IEND are ignored, as
 * decoders do.
 *
 * @module
 */

import { latin1, u8, u32be } from "./binary.js";
import { crc32Finish, crc32Update } from "./crc32.js";
import { startInflateCheck } from "./inflate-check.js";
import type { MediaProbeRequest, MediaProbeResult } from "./media-probe.js";
import { type SequentialReader, sequentialReaderOf } from "./probe-reader.js";
import { found, pictureSizeFailure, truncated, undecodable } from "./probe-results.js";

const SIGNATURE_BYTES = 8;
const IHDR_END = SIGNATURE_BYTES + 8 + 13 + 4;
const PIECE_BYTES = 64 * 1024;

/** What IHDR declares. */
export interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colorType: number;
  readonly interlaced: boolean;
}

// Channels of each colour type, and the bit depths it allows.
const COLOR_TYPES: Readonly<Record<number, { channels: number; depths: readonly number[] }>> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** The IHDR of a PNG's first bytes, or why it is not one. */
export function readPngHeader(head: Uint8Array): PngHeader | string {
  if (u32be(head, 8) !== 13 || latin1(head, 12, 4) !== "IHDR") {
    return "its first chunk is not an image header (IHDR)";
  }
  const crc = crc32Finish(crc32Update(0xffffffff, head.subarray(12, 29)));
  if (u32be(head, 29) !== crc) return "its image header is damaged";
  const [width = 0, height = 0] = [u32be(head, 16), u32be(head, 20)];
  const [bitDepth = 0, colorType = 0] = [u8(head, 24), u8(head, 25)];
  const allowed = COLOR_TYPES[colorType];
  if (allowed === undefined || !allowed.depths.includes(bitDepth)) {
    return `its colour type ${colorType} with bit depth ${bitDepth} is not a PNG pixel format`;
  }
  if (u8(head, 26) !== 0 || u8(head, 27) !== 0 || (u8(head, 28) ?? 2) > 1) {
    return "its compression, filter or interlace method is not one PNG defines";
  }
  return { width, height, bitDepth, colorType, interlaced: u8(head, 28) === 1 };
}

// Adam7: the first column, first row, column step and row step of each pass.
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

interface RowRun {
  readonly rowBytes: number;
  readonly rows: number;
}

/** The rows the image data holds: one run, or one per interlace pass; each row has a filter byte. */
export function pngRowRuns(header: PngHeader): RowRun[] {
  const bitsPerPixel = (COLOR_TYPES[header.colorType]?.channels ?? 1) * header.bitDepth;
  const run = (width: number, rows: number) => ({
    rowBytes: Math.ceil((width * bitsPerPixel) / 8),
    rows,
  });
  if (!header.interlaced) return [run(header.width, header.height)];
  return ADAM7.map(([column, row, columnStep, rowStep]) => {
    const width = Math.max(0, Math.ceil((header.width - column) / columnStep));
    const rows = Math.max(0, Math.ceil((header.height - row) / rowStep));
    return width === 0 ? { rowBytes: 0, rows: 0 } : run(width, rows);
  }).filter((pass) => pass.rows > 0);
}

// Checks each row's filter type (0 to 4) as the image data decompresses.
function filterInspector(runs: readonly RowRun[]) {
  const rows = runs.flatMap((run) => Array<number>(run.rows).fill(run.rowBytes + 1));
  let row = 0;
  let untilFilterByte = 0;
  return (bytes: Uint8Array): string | undefined => {
    let offset = untilFilterByte;
    while (offset < bytes.byteLength) {
      if ((bytes[offset] ?? 0) > 4) return `row ${row} has no valid filter type`;
      offset += rows[row] ?? Number.POSITIVE_INFINITY;
      row += 1;
    }
    untilFilterByte = offset - bytes.byteLength;
    return undefined;
  };
}

interface ChunkWalk {
  readonly reader: SequentialReader;
  readonly header: PngHeader;
  readonly write: (bytes: Uint8Array<ArrayBuffer>) => Promise<void>;
}

// Reads one chunk's data and CRC, feeding image data on; the chunk's type, or a problem.
async function readChunk(walk: ChunkWalk): Promise<{ type: string } | string> {
  const { reader } = walk;
  const chunkHeader = await reader.read(8);
  if (chunkHeader.byteLength < 8) return "its end (IEND)";
  const length = u32be(chunkHeader, 0) ?? 0;
  const type = latin1(chunkHeader, 4, 4) ?? "";
  if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return "damaged:a chunk header";
  let crc = crc32Update(0xffffffff, chunkHeader.subarray(4));
  for (let left = length; left > 0; ) {
    const piece = await reader.read(Math.min(left, PIECE_BYTES));
    if (piece.byteLength === 0) return `the end of its ${type} chunk`;
    crc = crc32Update(crc, piece);
    if (type === "IDAT") await walk.write(piece);
    left -= piece.byteLength;
  }
  const stored = await reader.read(4);
  if (stored.byteLength < 4) return `the end of its ${type} chunk`;
  if (u32be(stored, 0) !== crc32Finish(crc)) return `damaged:its ${type} chunk`;
  return { type };
}

const KNOWN_CRITICAL = new Set(["IHDR", "PLTE", "IDAT", "IEND"]);

// Walks the chunks after IHDR to IEND; undefined when they are whole and in order.
async function walkChunks(walk: ChunkWalk): Promise<MediaProbeResult | undefined> {
  let sawPalette = false;
  let imageData = "none" as "none" | "open" | "closed";
  for (;;) {
    const chunk = await readChunk(walk);
    if (typeof chunk === "string") {
      return chunk.startsWith("damaged:")
        ? undecodable(`The PNG file is corrupt: ${chunk.slice(8)} fails its check.`)
        : truncated("PNG", chunk);
    }
    const { type } = chunk;
    if (type === "IEND") break;
    if (type === "PLTE") sawPalette = true;
    if (type === "IDAT" && imageData === "closed") {
      return undecodable("The PNG file is corrupt: its image data is split by other chunks.");
    }
    if (type === "IDAT" && walk.header.colorType === 3 && !sawPalette) {
      return undecodable("The PNG file is corrupt: its image data comes before its palette.");
    }
    if (type === "IDAT") imageData = "open";
    else if (imageData === "open") imageData = "closed";
    if (/^[A-Z]/.test(type) && !KNOWN_CRITICAL.has(type)) {
      return undecodable(`The PNG file needs a chunk no PNG decoder knows (${type}).`);
    }
  }
  return imageData === "none" ? undecodable("The PNG file holds no image data.") : undefined;
}

/** Probes a PNG file (see the module). */
export async function probePng(request: MediaProbeRequest): Promise<MediaProbeResult> {
  const reader = sequentialReaderOf(request.source);
  try {
    const head = await reader.read(IHDR_END);
    if (head.byteLength < IHDR_END) return truncated("PNG", "its image header");
    const header = readPngHeader(head);
    if (typeof header === "string") return undecodable(`The PNG file is corrupt: ${header}.`);
    const tooLarge = pictureSizeFailure(header, request.limits);
    if (tooLarge !== undefined) return tooLarge;
    const runs = pngRowRuns(header);
    const expected = runs.reduce((total, run) => total + run.rows * (run.rowBytes + 1), 0);
    const inflate = startInflateCheck(expected, filterInspector(runs));
    const failure = await walkChunks({ reader, header, write: (bytes) => inflate.write(bytes) });
    const problem = await inflate.finish();
    if (failure !== undefined) return failure;
    if (problem !== undefined) return undecodable(`The PNG file is corrupt: ${problem}.`);
    return found({
      kind: "image",
      format: "png",
      durationSeconds: null,
      width: header.width,
      height: header.height,
      streams: [],
      codecs: ["png"],
      check: "decoded",
    });
  } finally {
    await reader.close();
  }
}
