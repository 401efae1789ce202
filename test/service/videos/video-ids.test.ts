import { afterEach, describe, expect, it } from "vitest";
import { post } from "../generations/support.js";
import { createHarness, type Harness, KEYS } from "../support/harness.js";

// Video ids count per organization: one organization's ids say nothing about how many
// videos another makes, and each id names the organization's own video. This file runs
// on memory and PostgreSQL.

let harness: Harness;
afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

const create = (key: string, title: string) =>
  harness.call("POST", "/editor/videos", { key, body: { title } });

describe("video ids", () => {
  it("count per organization, across editor projects, faceless videos and slideshows", async () => {
    harness = await createHarness();
    expect((await create(KEYS.acme, "acme 1")).body.video.id).toBe(1);
    for (let index = 1; index <= 3; index += 1) {
      expect((await create(KEYS.other, `other ${index}`)).body.video.id).toBe(index);
    }
    const faceless = await post(
      harness,
      "/faceless-videos",
      { prompt: "Octopuses" },
      { idempotencyKey: "ids-faceless" },
    );
    expect(faceless.body.video_id).toBe(2);
    const slideshow = await post(
      harness,
      "/slideshows",
      { prompt: "Brewing" },
      { idempotencyKey: "ids-slideshow" },
    );
    expect(slideshow.body.video_id).toBe(3);
    expect((await create(KEYS.other, "other 4")).body.video.id).toBe(4);
  });

  it("name each organization's own video", async () => {
    harness = await createHarness();
    await create(KEYS.acme, "acme 1");
    await create(KEYS.other, "other 1");
    const acme = await harness.call("GET", "/editor/videos/1", { key: KEYS.acme });
    const other = await harness.call("GET", "/editor/videos/1", { key: KEYS.other });
    expect(acme.body.video.title).toBe("acme 1");
    expect(other.body.video.title).toBe("other 1");
    const video = await harness.call("GET", "/videos/1", { key: KEYS.other });
    expect(video.body.title).toBe("other 1");
  });
});
