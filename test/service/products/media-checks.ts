/**
 * What a viewer sees and hears in a rendered product, read with ffmpeg and Tesseract:
 * a frame's pixels at an instant, the text of the highlighted caption word, and the
 * loudness of the voice band and of the music band over stretches of the sound.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodePng, type Picture } from "../../render/support/ffmpeg.js";
import { readText } from "../../support/ocr.js";

/** An RGB colour. */
export type Colour = readonly [number, number, number];

/** Euclidean distance between two colours. */
export function colourDistance(left: readonly number[], right: readonly number[]): number {
  return Math.hypot(...left.map((part, index) => part - (right[index] ?? 0)));
}

/** A rendered MP4 on disk, for ffmpeg to seek in; `dispose` removes it. */
export interface VideoFile {
  readonly path: string;
  readonly width: number;
  readonly height: number;
  /** The frame shown at `seconds`, as RGB pixels. */
  frameAt(seconds: number): Picture;
  /** The sound, mono at {@link SOUND_RATE}, after an ffmpeg audio filter chain. */
  sound(filter: string): Float32Array;
  dispose(): void;
}

/** Sample rate the sound is read at. */
export const SOUND_RATE = 16_000;

/** Writes `bytes` to a temporary file and opens it as a video of `width` × `height`. */
export function videoFile(bytes: Uint8Array, size: { width: number; height: number }): VideoFile {
  const folder = mkdtempSync(join(tmpdir(), "reelkit-product-"));
  const path = join(folder, "video.mp4");
  writeFileSync(path, bytes);
  return {
    path,
    ...size,
    frameAt(seconds) {
      const png = execFileSync("ffmpeg", [
        "-v",
        "error",
        "-ss",
        String(seconds),
        "-i",
        path,
        "-frames:v",
        "1",
        "-f",
        "image2pipe",
        "-vcodec",
        "png",
        "pipe:1",
      ]);
      return decodePng(new Uint8Array(png), size.width, size.height);
    },
    sound(filter) {
      return soundOf(path, filter);
    },
    dispose() {
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The sound of a media file, mono float samples at {@link SOUND_RATE}, through `filter`. */
export function soundOf(path: string, filter: string): Float32Array {
  const raw = execFileSync(
    "ffmpeg",
    [
      "-v",
      "error",
      "-i",
      path,
      "-af",
      filter,
      "-ac",
      "1",
      "-ar",
      String(SOUND_RATE),
      "-f",
      "f32le",
      "pipe:1",
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
}

/** Loudness in dBFS (RMS) of `samples` from `fromSeconds` to `toSeconds`. */
export function levelDb(samples: Float32Array, fromSeconds: number, toSeconds: number): number {
  const from = Math.max(0, Math.round(fromSeconds * SOUND_RATE));
  const to = Math.min(samples.length, Math.round(toSeconds * SOUND_RATE));
  let sum = 0;
  for (let index = from; index < to; index += 1) sum += (samples[index] ?? 0) ** 2;
  const rms = Math.sqrt(sum / Math.max(1, to - from));
  return 20 * Math.log10(Math.max(rms, 1e-9));
}

/** Above 300 Hz: where the narration is, and where 110 Hz music is 30 dB down. */
export const VOICE_BAND = "highpass=f=300:poles=2,highpass=f=300:poles=2";
/** Below 150 Hz: where the music is, and where a 400 Hz voice is 50 dB down. */
export const MUSIC_BAND = "lowpass=f=150:poles=2,lowpass=f=150:poles=2,lowpass=f=150:poles=2";

// White space left around a masked word, in pixels: Tesseract reads a word with a margin.
const MASK_MARGIN = 20;

/**
 * The text of the caption word highlighted in `picture` (the pixels close to
 * `highlight` below `fromY`), read by Tesseract as one word from a black-on-white mask
 * cropped around it; empty when no pixel is highlighted.
 */
export function highlightedWord(
  picture: Picture,
  { highlight, fromY }: { highlight: Colour; fromY: number },
): string {
  const inked: [number, number][] = [];
  for (let y = Math.round(fromY); y < picture.height; y += 1) {
    for (let x = 0; x < picture.width; x += 1) {
      if (colourDistance(picture.at(x, y), highlight) < 90) inked.push([x, y]);
    }
  }
  if (inked.length === 0) return "";
  const left = Math.min(...inked.map(([x]) => x)) - MASK_MARGIN;
  const top = Math.min(...inked.map(([, y]) => y)) - MASK_MARGIN;
  const width = Math.max(...inked.map(([x]) => x)) + MASK_MARGIN - left + 1;
  const height = Math.max(...inked.map(([, y]) => y)) + MASK_MARGIN - top + 1;
  const mask = new Uint8Array(width * height).fill(255);
  for (const [x, y] of inked) mask[(y - top) * width + (x - left)] = 0;
  const png = execFileSync(
    "ffmpeg",
    [
      "-v",
      "error",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "gray",
      "-s",
      `${width}x${height}`,
      "-i",
      "pipe:0",
      "-f",
      "image2pipe",
      "-vcodec",
      "png",
      "pipe:1",
    ],
    { input: mask },
  );
  return readText(new Uint8Array(png), "word");
}

/** A WAV file (16-bit mono) of a sine at `hz`, `amplitude` of full scale, `seconds` long. */
export function sineWav({
  hz,
  amplitude,
  seconds,
}: {
  hz: number;
  amplitude: number;
  seconds: number;
}): Uint8Array {
  const rate = 16_000;
  const count = Math.round(seconds * rate);
  const bytes = new Uint8Array(44 + count * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (const [index, letter] of [...text].entries()) {
      view.setUint8(offset + index, letter.charCodeAt(0));
    }
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + count * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, count * 2, true);
  for (let index = 0; index < count; index += 1) {
    const sample = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * hz * index) / rate));
    view.setInt16(44 + index * 2, sample, true);
  }
  return bytes;
}
