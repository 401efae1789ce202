/**
 * A slideshow made with the simulated providers: its video is a project of one picture
 * per slide (and one text item per slide with overlays, none without), rendered with a
 * real ffmpeg into an MP4 of distinct slides; its slides' pictures are stored for posting.
 */
import { expect, it } from "vitest";
import { FFMPEG_NEED } from "../../render/support/ffmpeg.js";
import { describeNeeding } from "../../support/describe-needing.js";
import { probe } from "../../support/ffprobe.js";
import { decodePalettePng } from "../../support/palette-png.js";
import { renderingHarness, storedBytes } from "../editor/export-and-frame-support.js";
import { get, post } from "../generations/support.js";
import { createHarness } from "../support/harness.js";
import { stubRenderer } from "../support/stub-renderer.js";
import { colourDistance, videoFile } from "./media-checks.js";

const BRIEF = {
  prompt: "5 ways to style a linen shirt",
  product_context: "Breathable in the heat. Softer with every wash. Made in Portugal.",
  slide_count: 5,
};

// biome-ignore lint/suspicious/noExplicitAny: the project is read as JSON, by path.
type Json = any;

function itemsOf(project: Json, type: string): Json[] {
  return Object.values(project.items as Record<string, Json>)
    .filter((item) => item.type === type)
    .sort((left, right) => left.from - right.from);
}

describeNeeding("a slideshow rendered", [FFMPEG_NEED], () => {
  it("is a project of 5 pictures and 5 texts, and an MP4 of 5 distinct slides", async () => {
    const harness = await renderingHarness();
    const created = await post(harness, "/slideshows", { ...BRIEF, generate_text_overlays: true });
    await harness.runJobs();
    const slideshow = (await get(harness, `/slideshows/${created.body.slideshow_id}`)).body;
    expect(slideshow).toMatchObject({ status: "completed", step: "done" });
    const project = (await get(harness, `/editor/videos/${created.body.video_id}`)).body.video;
    expect(project.video_type).toBe("slideshow");
    const pictures = itemsOf(project.editor, "image");
    const texts = itemsOf(project.editor, "text");
    expect(pictures).toHaveLength(5);
    expect(texts).toHaveLength(5);
    expect(new Set(pictures.map((item) => item.trackId)).size).toBe(1);
    expect(new Set(texts.map((item) => item.trackId)).size).toBe(1);
    expect(project.editor.tracks[0].id).toBe(texts[0].trackId);
    for (const [index, text] of texts.entries()) {
      expect(text.from).toBe(pictures[index].from);
      expect(text.durationInFrames).toBe(pictures[index].durationInFrames);
      expect(text.text).toBe(slideshow.slides[index].text);
    }
    expect(slideshow.slides.map((slide: Json) => slide.text)).toEqual([
      "5 ways to style a linen shirt",
      "Breathable in the heat.",
      "Softer with every wash.",
      "Made in Portugal.",
      expect.any(String),
    ]);

    const bytes = await storedBytes(harness, slideshow.url);
    const probed = probe(bytes, "mp4");
    expect(probed.durationSeconds).toBeCloseTo(15, 0);
    expect(probed.streams.find((stream) => stream.codec_type === "video")).toMatchObject({
      width: 720,
      height: 900,
    });
    const file = videoFile(bytes, { width: 720, height: 900 });
    try {
      const backgrounds: string[] = [];
      for (const [index, slide] of slideshow.slides.entries()) {
        // The slide's picture is stored, a PNG the client can post.
        const png = decodePalettePng(await storedBytes(harness, slide.image_url));
        expect([png.width, png.height]).toEqual([1080, 1350]);
        const picture = pictures[index];
        const frame = file.frameAt((picture.from + picture.durationInFrames / 2) / 30);
        const corner = frame.at(20, 20);
        expect(colourDistance(corner, png.palette[0] ?? []), `slide ${index + 1}`).toBeLessThan(30);
        backgrounds.push(corner.join(","));
      }
      expect(new Set(backgrounds).size).toBe(5);
    } finally {
      file.dispose();
    }
    expect(harness.serverErrors).toEqual([]);
  }, 240_000);
});

it("builds no text item without overlays, and reports slides without text", async () => {
  const harness = await createHarness({ renderer: () => stubRenderer() });
  const created = await post(harness, "/slideshows", BRIEF);
  await harness.runJobs();
  const slideshow = (await get(harness, `/slideshows/${created.body.slideshow_id}`)).body;
  expect(slideshow.status).toBe("completed");
  expect(slideshow.slides).toHaveLength(5);
  for (const slide of slideshow.slides) {
    expect(slide.text).toBeNull();
    expect(slide.image_url).toMatch(/^http:\/\/reelkit\.test\/files\//);
  }
  const project = (await get(harness, `/editor/videos/${created.body.video_id}`)).body.video;
  expect(project.editor_summary.itemTypes).toEqual({ image: 5 });
});
