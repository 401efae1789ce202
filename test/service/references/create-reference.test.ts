import { describe, expect, it } from "vitest";
import { readStored } from "../../support/stored-object.js";
import { createHarness, KEYS, ORGS } from "../support/harness.js";
import {
  AT_LIMIT_BYTES,
  IMAGE_BYTES,
  imageUrlsBody,
  inlineImage,
  pngOfSize,
  recordingStorage,
} from "./reference-fixtures.js";

const PATH = "/reference-inspirations";

describe("POST /reference-inspirations", () => {
  it("saves image URLs, charges 30 credits each and queues the analysis", async () => {
    const harness = await createHarness();
    const response = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: imageUrlsBody(2, { label: "Spring looks" }),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      object: "reference_inspiration",
      reference: {
        id: expect.any(String),
        organization_id: ORGS.acme,
        template_slug: "product-hero",
        template_category: "static-ads",
        media_kind: "image",
        visibility: "private",
        label: "Spring looks",
        preview_image_url: "https://cdn.example.com/look-0.jpg",
        video_url: null,
        media_urls: ["https://cdn.example.com/look-0.jpg", "https://cdn.example.com/look-1.jpg"],
        analysis_status: "queued",
        analysis_error: null,
        public_approval_status: "not_requested",
        created_at: "2026-11-22T09:00:00.000Z",
      },
      credits_deducted: 60,
      remaining_credits: 4940,
    });
    expect(await harness.available()).toBe(4940);
    const jobs = harness.queue.pending();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      kind: "reference_analysis",
      organizationId: ORGS.acme,
      resourceId: response.body.reference.id,
      holdId: response.body.reference.id,
      input: { media_urls: response.body.reference.media_urls, video_url: null },
    });
    expect(harness.serverErrors).toEqual([]);
  });

  it("stores PNG, JPEG and WebP inline images by their real type after the given URLs", async () => {
    const harness = await createHarness();
    const response = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: imageUrlsBody(1, {
        images: [
          inlineImage(IMAGE_BYTES.png, "image/png", "a.png"),
          {
            ...inlineImage(IMAGE_BYTES.jpeg, "image/jpeg", "b.jpg"),
            data: `data:image/jpeg;base64,${Buffer.from(IMAGE_BYTES.jpeg).toString("base64")}`,
          },
          inlineImage(IMAGE_BYTES.webp, "image/webp", "c.webp"),
        ],
      }),
    });
    expect(response.status).toBe(200);
    const { reference } = response.body;
    const key = `references/${ORGS.acme}/${reference.id}`;
    expect(reference.media_urls).toEqual([
      "https://cdn.example.com/look-0.jpg",
      harness.storage.urlOf(`${key}/0.png`),
      harness.storage.urlOf(`${key}/1.jpg`),
      harness.storage.urlOf(`${key}/2.webp`),
    ]);
    expect(reference.preview_image_url).toBe("https://cdn.example.com/look-0.jpg");
    expect(response.body.credits_deducted).toBe(120);
    const stored = await readStored(
      harness.storage,
      `references/${ORGS.acme}/${reference.id}/1.jpg`,
    );
    expect(stored?.contentType).toBe("image/jpeg");
    expect([...(stored?.bytes ?? [])]).toEqual([...IMAGE_BYTES.jpeg]);
  });

  it("uses the first inline image as the preview when no URL is given", async () => {
    const harness = await createHarness();
    const response = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: {
        template_slug: "product-hero",
        template_category: "static-ads",
        images: [inlineImage(IMAGE_BYTES.webp, "image/webp")],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.reference.preview_image_url).toBe(response.body.reference.media_urls[0]);
    expect(response.body.reference.label).toBe("Product hero (static ad)");
  });

  it("saves a video reference: 30 credits for the video and 30 per cover image", async () => {
    const harness = await createHarness();
    const response = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: {
        template_slug: "unboxing",
        template_category: "video-templates",
        media_kind: "video",
        visibility: "public",
        video_url: "https://cdn.example.com/unboxing.mp4",
        image_urls: ["https://cdn.example.com/cover.jpg"],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.reference).toMatchObject({
      media_kind: "video",
      visibility: "public",
      public_approval_status: "pending_review",
      video_url: "https://cdn.example.com/unboxing.mp4",
      preview_image_url: "https://cdn.example.com/cover.jpg",
      media_urls: ["https://cdn.example.com/cover.jpg"],
    });
    expect(response.body.credits_deducted).toBe(60);
    expect(await harness.available()).toBe(4940);
  });

  it("a video reference without images has no preview", async () => {
    const harness = await createHarness();
    const response = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: {
        template_slug: "unboxing",
        template_category: "video-templates",
        media_kind: "video",
        video_url: "https://cdn.example.com/unboxing.mp4",
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.reference.preview_image_url).toBeNull();
    expect(response.body.reference.media_urls).toEqual([]);
    expect(response.body.credits_deducted).toBe(30);
  });

  it("accepts 12 image URLs and 12 inline images (24 items, 720 credits)", async () => {
    const harness = await createHarness();
    const images = Array.from({ length: 12 }, () => inlineImage(IMAGE_BYTES.png));
    const response = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: imageUrlsBody(12, {
        media_kind: "slideshow",
        template_slug: "carousel-classic",
        template_category: "slideshow-carousel",
        images,
      }),
    });
    expect(response.status).toBe(200);
    expect(response.body.credits_deducted).toBe(720);
    expect(response.body.reference.media_urls).toHaveLength(24);
    expect(await harness.available()).toBe(4280);
  });

  it("refuses 13 image URLs or 13 inline images with 400 and no charge", async () => {
    const harness = await createHarness();
    const urls = await harness.call("POST", PATH, { key: KEYS.acme, body: imageUrlsBody(13) });
    expect(urls.status).toBe(400);
    expect(urls.body.error.context.fields[0].path).toBe("image_urls");
    const images = Array.from({ length: 13 }, () => inlineImage(IMAGE_BYTES.png));
    const inline = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: { template_slug: "product-hero", template_category: "static-ads", images },
    });
    expect(inline.status).toBe(400);
    expect(inline.body.error.context.fields[0].path).toBe("images");
    expect(await harness.available()).toBe(5000);
    expect(harness.queue.pending()).toHaveLength(0);
  });

  it("requires at least one media item", async () => {
    const harness = await createHarness();
    const response = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: { template_slug: "product-hero", template_category: "static-ads" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("bad_request");
  });
});

describe("POST /reference-inspirations refuses bad images before charging", () => {
  const refusals: [string, Record<string, unknown>, string, string][] = [
    [
      "a GIF labelled PNG",
      inlineImage(IMAGE_BYTES.gif, "image/png"),
      "images.1.data",
      "unsupported_format",
    ],
    [
      "text labelled PNG",
      inlineImage(IMAGE_BYTES.text, "image/png"),
      "images.1.data",
      "unsupported_format",
    ],
    [
      "a JPEG labelled PNG",
      inlineImage(IMAGE_BYTES.jpeg, "image/png"),
      "images.1.content_type",
      "declared_type_differs",
    ],
    [
      "a PNG whose data URL says JPEG",
      {
        ...inlineImage(IMAGE_BYTES.png),
        data: `data:image/jpeg;base64,${Buffer.from(IMAGE_BYTES.png).toString("base64")}`,
      },
      "images.1.data",
      "declared_type_differs",
    ],
    [
      "malformed base64",
      { ...inlineImage(IMAGE_BYTES.png), data: "iVBORw0KGgo" },
      "images.1.data",
      "invalid_base64",
    ],
  ];

  for (const [name, image, field, reason] of refusals) {
    it(`refuses ${name} with 400 naming ${field}, nothing charged, stored or queued`, async () => {
      const storage = recordingStorage();
      const harness = await createHarness({ overrides: { mediaStorage: storage } });
      const response = await harness.call("POST", PATH, {
        key: KEYS.acme,
        body: imageUrlsBody(1, { images: [inlineImage(IMAGE_BYTES.png), image] }),
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: "bad_request",
        retryable: false,
        context: { field, reason },
      });
      expect(response.body.error.message.startsWith(`${field}:`)).toBe(true);
      expect(await harness.available()).toBe(5000);
      expect(harness.queue.pending()).toHaveLength(0);
      expect(storage.puts).toEqual([]);
      const list = await harness.call("GET", PATH, { key: KEYS.acme });
      expect(list.body.references).toEqual([]);
    });
  }

  it("accepts an image of exactly the limit and refuses one byte more", async () => {
    const harness = await createHarness();
    const body = (size: number) => ({
      template_slug: "product-hero",
      template_category: "static-ads",
      images: [inlineImage(pngOfSize(size))],
    });
    const atLimit = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: body(AT_LIMIT_BYTES),
    });
    expect(atLimit.status).toBe(200);
    expect(await harness.available()).toBe(4970);
    const over = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: body(AT_LIMIT_BYTES + 1),
    });
    expect(over.status).toBe(400);
    expect(over.body.error.context).toMatchObject({
      field: "images.0.data",
      reason: "too_large",
      max_bytes: AT_LIMIT_BYTES,
    });
    expect(await harness.available()).toBe(4970);
  });
});

describe("POST /reference-inspirations checks the target", () => {
  it("refuses a target the workspace does not have, naming both fields", async () => {
    const harness = await createHarness();
    const response = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: imageUrlsBody(1, {
        template_slug: "product-hero",
        template_category: "video-templates",
      }),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.context.location).toBe("body");
    expect(response.body.error.context.fields.map((field: { path: string }) => field.path)).toEqual(
      ["template_slug", "template_category"],
    );
    expect(await harness.available()).toBe(5000);
  });

  it("refuses a media kind the target does not accept", async () => {
    const harness = await createHarness();
    const response = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: {
        ...imageUrlsBody(1),
        media_kind: "video",
        video_url: "https://cdn.example.com/v.mp4",
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.context.fields[0].path).toBe("media_kind");
    expect(response.body.error.message).toContain("accepts image media, not video");
  });

  it("refuses media that do not match the media kind", async () => {
    const harness = await createHarness();
    const cases: [Record<string, unknown>, string][] = [
      [{ media_kind: "video", image_urls: ["https://cdn.example.com/a.jpg"] }, "video_url"],
      [{ media_kind: "image", video_url: "https://cdn.example.com/a.mp4" }, "video_url"],
    ];
    for (const [fields, path] of cases) {
      const response = await harness.call("POST", PATH, {
        key: KEYS.acme,
        body: { template_slug: "unboxing", template_category: "video-templates", ...fields },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.context.fields[0].path).toBe(path);
    }
    expect(await harness.available()).toBe(5000);
  });
});
