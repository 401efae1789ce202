import {
  facelessVideoCreationResultSchema,
  generationBatchSchema,
  generationSchema,
  slideshowCreationResultSchema,
  slideshowSchema,
  videoSchema,
} from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import { createHarness } from "../support/harness.js";
import { stubRenderer } from "../support/stub-renderer.js";
import { get, post, putEditorProject, staticAd } from "./support.js";

describe("bodies of generations, slideshows and videos match the response schemas", () => {
  it("in every status: queued, completed, error and partial", async () => {
    // The queue holds 2 jobs: the batch of 3 is partial, and after it ran, the third
    // paid request (the faceless video) finds the queue full.
    const harness = await createHarness({ queueCapacity: 2, renderer: () => stubRenderer() });
    const partial = await post(harness, "/generations", staticAd("ok", 3));
    await harness.runJobs();
    const failing = await post(harness, "/generations", staticAd("#fail"));
    const slideshow = await post(harness, "/slideshows", { prompt: "linen" });
    const faceless = await post(harness, "/faceless-videos", { prompt: "#fail octopus" });
    expect(partial.body.status).toBe("partial");
    expect(faceless.status).toBe(500);
    const editorId = await putEditorProject(harness, "Cut");
    const bodies = async () => ({
      generations: await Promise.all(
        [...partial.body.generations, ...failing.body.generations].map(
          async (item: { id: string }) => (await get(harness, `/generations/${item.id}`)).body,
        ),
      ),
      slideshow: (await get(harness, `/slideshows/${slideshow.body.slideshow_id}`)).body,
      videos: [
        (await get(harness, `/videos/${slideshow.body.video_id}`)).body,
        (await get(harness, `/videos/${editorId}`)).body,
      ],
    });
    const check = async () => {
      const now = await bodies();
      for (const body of now.generations) expect(generationSchema.parse(body)).toEqual(body);
      expect(slideshowSchema.parse(now.slideshow)).toEqual(now.slideshow);
      for (const body of now.videos) expect(videoSchema.parse(body)).toEqual(body);
      return now;
    };
    expect(generationBatchSchema.parse(partial.body)).toEqual(partial.body);
    expect(slideshowCreationResultSchema.parse(slideshow.body)).toEqual(slideshow.body);
    await check();
    await harness.runJobs();
    const after = await check();
    expect(after.generations.map((body) => body.status)).toEqual([
      "completed",
      "completed",
      "error",
      "error",
    ]);
    expect(after.slideshow.status).toBe("completed");
  });

  it("for a faceless video", async () => {
    const harness = await createHarness({ renderer: () => stubRenderer() });
    const created = await post(harness, "/faceless-videos", { prompt: "octopus" });
    expect(facelessVideoCreationResultSchema.parse(created.body)).toEqual(created.body);
    await harness.runJobs();
    const video = (await get(harness, `/videos/${created.body.video_id}`)).body;
    expect(videoSchema.parse(video)).toEqual(video);
    expect(video.status).toBe("completed");
  });
});
