/**
 * Test media made with ffmpeg's own sources: a clip whose brightness encodes its frame
 * number, a two-coloured picture, a GIF of four colours, a tone and a clip with sound.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Frame rate of the numbered clip. */
export const NUMBERED_FPS = 10;
/** Length of the numbered clip in seconds. */
export const NUMBERED_SECONDS = 6;
/** Grey level (full range) of frame `n` of the numbered clip is `LUMA_BASE + LUMA_STEP * n`. */
const LUMA_BASE = 20;
const LUMA_STEP = 3;

function ffmpeg(args: string[]): void {
  execFileSync("ffmpeg", ["-v", "error", "-y", ...args]);
}

/** The frame number a grey level of the numbered clip (decoded to RGB) stands for. */
export function frameNumberOf(grey: number): number {
  return Math.round((grey - LUMA_BASE) / LUMA_STEP);
}

/**
 * Makes the fixtures in a fresh folder and returns it:
 *
 * - `numbered.mp4`: 64 x 64, 10 fps, 6 s, frame n grey 20 + 3n, lossless, no B-frames;
 * - `halves.png`: 200 x 100, green left half, blue right half;
 * - `colours.gif`: 32 x 32, 5 fps, four frames: red, green, blue, white;
 * - `tone.wav`: 3 s of a 440 Hz sine at half scale, 48 kHz;
 * - `talking.mp4`: 2 s of a grey picture with the tone.
 */
export function makeMedia(): string {
  const folder = mkdtempSync(join(tmpdir(), "reelkit-render-media-"));
  const at = (name: string) => join(folder, name);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `color=c=black:s=64x64:r=${NUMBERED_FPS}:d=${NUMBERED_SECONDS},format=gray,geq=lum='${LUMA_BASE}+${LUMA_STEP}*N'`,
    "-c:v",
    "libx264",
    "-qp",
    "0",
    "-bf",
    "0",
    "-g",
    "10",
    "-pix_fmt",
    "yuv420p",
    at("numbered.mp4"),
  ]);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "color=c=0x00ff00:s=100x100,format=rgb24[left];color=c=0x0000ff:s=100x100,format=rgb24[right];[left][right]hstack",
    "-frames:v",
    "1",
    at("halves.png"),
  ]);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "color=c=black:s=32x32:r=5:d=0.8,format=rgb24,geq=r='255*(eq(N,0)+eq(N,3))':g='255*(eq(N,1)+eq(N,3))':b='255*(eq(N,2)+eq(N,3))'",
    at("colours.gif"),
  ]);
  ffmpeg(["-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*440*t):s=48000:d=3", at("tone.wav")]);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "color=c=gray:s=64x64:r=10:d=2",
    "-i",
    at("tone.wav"),
    "-t",
    "2",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    at("talking.mp4"),
  ]);
  return folder;
}
