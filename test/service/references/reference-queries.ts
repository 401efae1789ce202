/** Saved references and queries shared by the tests of the three GET modes. */
import { expect } from "vitest";
import { type Harness, KEYS } from "../support/harness.js";

export const PATH = "/reference-inspirations";

export const BODIES = {
  heroImage: {
    template_slug: "product-hero",
    template_category: "static-ads",
    image_urls: ["https://cdn.example.com/a.jpg"],
  },
  unboxingVideo: {
    template_slug: "unboxing",
    template_category: "video-templates",
    media_kind: "video",
    video_url: "https://cdn.example.com/b.mp4",
  },
  carouselSlides: {
    template_slug: "carousel-classic",
    template_category: "slideshow-carousel",
    media_kind: "slideshow",
    image_urls: ["https://cdn.example.com/c1.jpg", "https://cdn.example.com/c2.jpg"],
  },
  unboxingImage: {
    template_slug: "unboxing",
    template_category: "video-templates",
    image_urls: ["https://cdn.example.com/d.jpg"],
  },
} as const;

/** Saves the four references a minute apart, oldest first; returns their ids by name. */
export async function saveAll(harness: Harness): Promise<Record<keyof typeof BODIES, string>> {
  const ids: Partial<Record<keyof typeof BODIES, string>> = {};
  for (const name of Object.keys(BODIES) as (keyof typeof BODIES)[]) {
    harness.clock.advance(60_000);
    const response = await harness.call("POST", PATH, { key: KEYS.acme, body: BODIES[name] });
    expect(response.status).toBe(200);
    ids[name] = response.body.reference.id;
  }
  return ids as Record<keyof typeof BODIES, string>;
}

export async function get(harness: Harness, query = "", key: string = KEYS.acme) {
  return harness.call("GET", `${PATH}${query === "" ? "" : `?${query}`}`, { key });
}

export const idsOf = (body: { references: { id: string }[] }) =>
  body.references.map((reference) => reference.id);
export const slugsOf = (targets: { template_slug: string }[]) =>
  targets.map((target) => target.template_slug);
