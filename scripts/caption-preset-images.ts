/**
 * Renders the pictures of `docs/rendering.md`: each caption preset (and the default
 * look) on a light and a dark frame, the spoken word being the second, and a caption
 * page holding colour emoji, as small PNGs in `docs/images/`. Needs ffmpeg with libass.
 *
 * Run: `npx tsx scripts/caption-preset-images.ts [directory]`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyOperationsOrThrow, createEditorState, planRender } from "../src/editor/index.js";
import { createFfmpegRenderer } from "../src/render/index.js";
import { CAPTION_PRESETS, type CaptionPreset } from "../src/schemas/index.js";

const OUTPUT = process.argv[2] ?? join("docs", "images");
const WIDTH = 240;
const BACKGROUNDS = { light: "#f2efe6", dark: "#1d2430" } as const;
const WORDS = ["this", "is", "how", "it", "looks"];

/** The state of one picture: a solid background and one page of timed caption words. */
export function presetState(preset: CaptionPreset | null, background: string) {
  const words = WORDS.map((word, index) => ({
    word,
    startMs: index * 400,
    endMs: index * 400 + 380,
  }));
  const style = preset === null ? {} : { preset };
  return applyOperationsOrThrow(createEditorState({ aspect_ratio: "9:16" }), [
    { type: "add_solid", duration_seconds: 2, style: { color: background } },
    {
      type: "add_captions",
      duration_seconds: 2,
      captions: [{ text: WORDS.join(" "), startMs: 0, endMs: 2000, words }],
      style,
    },
  ]).state;
}

const EMOJI_WORDS = ["pizza", "🍕", "party", "🎉👍🏽"];

/** A caption page with colour emoji among its words, the pizza being spoken. */
export function emojiState(background: string) {
  const words = EMOJI_WORDS.map((word, index) => ({
    word,
    startMs: index * 400,
    endMs: index * 400 + 380,
  }));
  return applyOperationsOrThrow(createEditorState({ aspect_ratio: "9:16" }), [
    { type: "add_solid", duration_seconds: 2, style: { color: background } },
    {
      type: "add_captions",
      duration_seconds: 2,
      captions: [{ text: EMOJI_WORDS.join(" "), startMs: 0, endMs: 2000, words }],
      style: { preset: "boxed" },
    },
  ]).state;
}

async function main(): Promise<void> {
  mkdirSync(OUTPUT, { recursive: true });
  const renderer = createFfmpegRenderer({
    readMedia: async () => ({ ok: false, error: "No media is read." }),
  });
  for (const preset of [null, ...CAPTION_PRESETS]) {
    for (const [shade, color] of Object.entries(BACKGROUNDS)) {
      const planned = planRender(presetState(preset, color), { atSeconds: 0.45, width: WIDTH });
      if (!planned.ok) throw new Error(planned.error.message);
      const frame = await renderer.renderFrame(planned.value);
      if (!frame.ok) throw new Error(frame.error.message);
      const name = `captions-${preset ?? "default"}-${shade}.png`;
      writeFileSync(join(OUTPUT, name), frame.value.png);
      console.log(name);
    }
  }
  const planned = planRender(emojiState(BACKGROUNDS.dark), { atSeconds: 0.45, width: WIDTH });
  if (!planned.ok) throw new Error(planned.error.message);
  const frame = await renderer.renderFrame(planned.value);
  if (!frame.ok) throw new Error(frame.error.message);
  writeFileSync(join(OUTPUT, "captions-emoji-dark.png"), frame.value.png);
  console.log("captions-emoji-dark.png");
}

await main();
