/**
 * The render benchmark's timeline and its media: a 16:9 project of about ten items
 * (a background clip, two pictures, a title, a lower third on a rounded plate, timed
 * captions with a highlight, music and a voiceover), exported at 720p. The media is made
 * with ffmpeg's own sources at the size the export draws it, so nothing is scaled for
 * nothing.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { EditorAsset, EditorItem, EditorState } from "reelkit/editor";
import { createEditorState } from "reelkit/editor";
import type { CaptionEntry } from "reelkit/schemas";

/** Output width of the export: 1280 x 720. */
export const EXPORT_WIDTH = 1280;
/** Frame rate of the timeline. */
const FPS = 30;

/** The media files of the timeline, by file name. */
export const MEDIA_FILES = [
  "background.mp4",
  "city.jpg",
  "chart.png",
  "music.m4a",
  "voice.m4a",
] as const;

function ffmpeg(args: string[]): void {
  execFileSync("ffmpeg", ["-v", "error", "-y", ...args]);
}

/** Makes the media of a `seconds`-long timeline in `folder`. */
export function makeBenchMedia(folder: string, seconds: number): void {
  const at = (name: string) => join(folder, name);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `testsrc2=s=1280x720:r=${FPS}:d=${seconds}`,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-g",
    "60",
    "-pix_fmt",
    "yuv420p",
    at("background.mp4"),
  ]);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "mandelbrot=s=1280x720",
    "-frames:v",
    "1",
    "-q:v",
    "3",
    at("city.jpg"),
  ]);
  ffmpeg(["-f", "lavfi", "-i", "testsrc=s=640x360", "-frames:v", "1", at("chart.png")]);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `aevalsrc=0.2*sin(2*PI*220*t)+0.2*sin(2*PI*277*t)|0.2*sin(2*PI*330*t):s=48000:d=${seconds}`,
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    at("music.m4a"),
  ]);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `aevalsrc=0.4*sin(2*PI*180*t)*abs(sin(2*PI*3*t)):s=48000:d=${seconds}`,
    "-c:a",
    "aac",
    "-b:a",
    "96k",
    at("voice.m4a"),
  ]);
}

function asset(
  id: string,
  type: EditorAsset["type"],
  file: string,
  durationSeconds: number | null,
): EditorAsset {
  return {
    id,
    type,
    url: `https://bench.media/${file}`,
    name: file,
    durationSeconds,
    width: null,
    height: null,
    mediaId: null,
    metadata: {},
  };
}

const still = { enterAnimation: null, exitAnimation: null, motion: null };

function frames(seconds: number): number {
  return Math.round(seconds * FPS);
}

// Captions: one entry of four words every two seconds, each word 0.5 s.
function captionEntries(seconds: number): CaptionEntry[] {
  const entries: CaptionEntry[] = [];
  for (let start = 1000; start + 2000 <= seconds * 1000 - 1000; start += 2000) {
    const words = ["make", "every", "frame", "count"].map((word, index) => ({
      word,
      startMs: start + index * 500,
      endMs: start + (index + 1) * 500,
    }));
    entries.push({
      text: words.map((word) => word.word).join(" "),
      startMs: start,
      endMs: start + 2000,
      words,
    });
  }
  return entries;
}

/** The benchmark's timeline, `seconds` long (30 in full, shorter for a quick run). */
export function benchTimeline(seconds: number): EditorState {
  const state = createEditorState({ aspect_ratio: "16:9", fps: FPS, title: "Render benchmark" });
  const scale = seconds / 30;
  const span = (fromSeconds: number, toSeconds: number) => ({
    from: frames(fromSeconds * scale),
    durationInFrames: frames((toSeconds - fromSeconds) * scale),
  });
  const full = { left: 0, top: 0, width: 1920, height: 1080, opacity: 1 };
  const tracks: Array<{ id: string; kind: "visual" | "audio"; items: EditorItem[] }> = [
    {
      id: "captions",
      kind: "visual",
      items: [
        {
          id: "captions",
          type: "captions",
          trackId: "captions",
          from: 0,
          durationInFrames: frames(seconds),
          left: 160,
          top: 860,
          width: 1600,
          height: 140,
          opacity: 1,
          ...still,
          language: "en",
          captions: captionEntries(seconds),
          style: {
            font_size: 64,
            font_weight: "bold",
            color: "#ffffff",
            stroke_width: 4,
            stroke_color: "#000000",
            highlight_color: "#ffd400",
          },
        },
      ],
    },
    {
      id: "titles",
      kind: "visual",
      items: [
        {
          id: "title",
          type: "text",
          trackId: "titles",
          ...span(0, 4),
          left: 160,
          top: 140,
          width: 1600,
          height: 200,
          opacity: 1,
          ...still,
          enterAnimation: { type: "fade", duration_seconds: 0.5 },
          text: "Launch day",
          style: {
            font_size: 140,
            font_weight: "bold",
            color: "#ffffff",
            stroke_width: 6,
            stroke_color: "#111111",
          },
        },
        {
          id: "lower-third",
          type: "text",
          trackId: "titles",
          ...span(20, 26),
          left: 120,
          top: 700,
          width: 900,
          height: 120,
          opacity: 1,
          ...still,
          enterAnimation: { type: "slide", direction: "left", duration_seconds: 0.6 },
          text: "Made with reelkit",
          style: { font_size: 64, color: "#111111", align: "left" },
        },
      ],
    },
    {
      id: "plates",
      kind: "visual",
      items: [
        {
          id: "plate",
          type: "solid",
          trackId: "plates",
          ...span(20, 26),
          left: 100,
          top: 690,
          width: 940,
          height: 140,
          opacity: 0.9,
          ...still,
          enterAnimation: { type: "slide", direction: "left", duration_seconds: 0.6 },
          style: { color: "#ffffff", border_radius: 24 },
        },
      ],
    },
    {
      id: "pictures",
      kind: "visual",
      items: [
        {
          id: "chart",
          type: "image",
          trackId: "pictures",
          ...span(5, 12),
          left: 1200,
          top: 80,
          width: 640,
          height: 360,
          opacity: 1,
          ...still,
          enterAnimation: { type: "slide", direction: "right", duration_seconds: 0.5 },
          exitAnimation: { type: "fade", duration_seconds: 0.5 },
          assetId: "chart",
          fit: "cover",
        },
        {
          id: "city",
          type: "image",
          trackId: "pictures",
          ...span(14, 19),
          ...full,
          ...still,
          enterAnimation: { type: "fade", duration_seconds: 0.5 },
          motion: { type: "ken_burns", intensity: 0.5 },
          assetId: "city",
          fit: "cover",
        },
      ],
    },
    {
      id: "background",
      kind: "visual",
      items: [
        {
          id: "clip",
          type: "video",
          trackId: "background",
          from: 0,
          durationInFrames: frames(seconds),
          ...full,
          ...still,
          assetId: "background",
          sourceStartSeconds: 0,
          playbackRate: 1,
          fit: "cover",
          volumeDb: -60,
          audioFadeInSeconds: 0,
          audioFadeOutSeconds: 0,
        },
      ],
    },
    {
      id: "voice",
      kind: "audio",
      items: [
        {
          id: "voiceover",
          type: "audio",
          trackId: "voice",
          ...span(2, 26),
          ...full,
          assetId: "voice",
          sourceStartSeconds: 0,
          playbackRate: 1,
          volumeDb: 0,
          audioFadeInSeconds: 0,
          audioFadeOutSeconds: 0.3,
          audioRole: "voiceover",
        },
      ],
    },
    {
      id: "music",
      kind: "audio",
      items: [
        {
          id: "music",
          type: "audio",
          trackId: "music",
          from: 0,
          durationInFrames: frames(seconds),
          ...full,
          assetId: "music",
          sourceStartSeconds: 0,
          playbackRate: 1,
          volumeDb: -12,
          audioFadeInSeconds: 1,
          audioFadeOutSeconds: 2,
          audioRole: "music",
        },
      ],
    },
  ];
  for (const track of tracks) {
    state.tracks.push({
      id: track.id,
      kind: track.kind,
      items: track.items.map((item) => item.id),
    });
    for (const item of track.items) state.items[item.id] = item;
  }
  for (const media of [
    asset("background", "video", "background.mp4", seconds),
    asset("city", "image", "city.jpg", null),
    asset("chart", "image", "chart.png", null),
    asset("music", "audio", "music.m4a", seconds),
    asset("voice", "audio", "voice.m4a", seconds),
  ]) {
    state.assets[media.id] = media;
  }
  return state;
}
