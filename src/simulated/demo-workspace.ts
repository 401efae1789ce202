/**
 * The demo workspace the reference host starts with: a small catalog (templates with
 * presets and quality tiers, AI models with variants), brand kits, avatars, voices
 * (including the faceless-video default `ash`), reference template targets and a
 * sound-effect library. Its URLs point at an example CDN; they are placeholders, except
 * where the host replaces them: the sounds are real files once `storeDemoSounds` has
 * stored them, and the voices once local speech has rendered their previews.
 *
 * @module
 */

import type { SoundEffect } from "../ports/workspace.js";
import type { WorkspaceAssets } from "../schemas/assets.js";
import type { Catalog } from "../schemas/catalog.js";
import { DEMO_SOUNDS } from "./demo-sounds.js";

const CDN = "https://cdn.example.com/reelkit-demo";
const DEMO_TIMESTAMP = "2026-01-01T00:00:00.000Z";

function preset(id: string, label: string) {
  return {
    id,
    label,
    preview_image_url: `${CDN}/presets/${id}.png`,
    poster_image_url: `${CDN}/presets/${id}-poster.png`,
  };
}

function videoTiers(highCredits: number, lowCredits: number) {
  return [
    {
      id: "high",
      label: "High quality",
      model: "sim-video-pro",
      default_duration: 8,
      duration_options: [5, 8, 10],
      resolution: "1080p",
      credits: highCredits,
    },
    {
      id: "low",
      label: "Fast",
      model: "sim-video-lite",
      default_duration: 5,
      duration_options: [5, 8],
      resolution: "720p",
      credits: lowCredits,
    },
  ];
}

/** The demo catalog (spec 2.1). */
export const DEMO_CATALOG: Catalog = {
  object: "catalog",
  static_ads: [
    {
      slug: "product-hero",
      title: "Product hero",
      preview_image_url: `${CDN}/templates/product-hero.png`,
      section: "static_ads",
      default_aspect_ratio: "1:1",
      default_resolution: "1K",
      presets: [preset("studio-light", "Studio light"), preset("sunset-pop", "Sunset pop")],
    },
    {
      slug: "sale-banner",
      title: "Sale banner",
      preview_image_url: `${CDN}/templates/sale-banner.png`,
      section: "static_ads",
      default_aspect_ratio: "4:5",
      default_resolution: "1K",
      presets: [preset("bold-red", "Bold red")],
    },
  ],
  video_ads: [
    {
      slug: "unboxing",
      title: "Unboxing",
      preview_image_url: `${CDN}/templates/unboxing.png`,
      section: "video_ads",
      default_aspect_ratio: "9:16",
      default_resolution: "1080p",
      presets: [preset("cozy-desk", "Cozy desk")],
      type: "video_ad",
      quality_tiers: videoTiers(120, 60),
    },
  ],
  ugc_ads: [
    {
      slug: "testimonial",
      title: "Testimonial",
      preview_image_url: `${CDN}/templates/testimonial.png`,
      section: "ugc_ads",
      default_aspect_ratio: "9:16",
      default_resolution: "1080p",
      presets: [],
      type: "ugc_ad",
      quality_tiers: videoTiers(150, 80),
    },
  ],
  ai_models: [
    {
      slug: "sim-image",
      title: "Simulated image model",
      description: "Still images from a prompt and optional reference images.",
      default_variant_id: "standard",
      variants: [
        {
          id: "standard",
          label: "Standard",
          model: "sim-image-1",
          input_mode: "text_to_image",
          default_aspect_ratio: "1:1",
          default_duration: 0,
          default_resolution: "1K",
          credits: 10,
        },
      ],
    },
    {
      slug: "sim-video",
      title: "Simulated video model",
      description: "Short clips from a prompt, a source video or an audio track.",
      default_variant_id: "text-to-video",
      variants: [
        {
          id: "text-to-video",
          label: "Text to video",
          model: "sim-video-1",
          input_mode: "text_to_video",
          default_aspect_ratio: "9:16",
          default_duration: 5,
          default_resolution: "720p",
          credits: 90,
        },
        {
          id: "video-to-video",
          label: "Video to video",
          model: "sim-video-1-edit",
          input_mode: "video_to_video",
          default_aspect_ratio: "9:16",
          default_duration: 5,
          default_resolution: "720p",
          credits: null,
        },
      ],
    },
  ],
};

function voice(
  id: string,
  name: string,
  details: { locale: string[]; gender: string; age: string; style_tags: string[]; summary: string },
) {
  return {
    id,
    name,
    preview_url: `${CDN}/voices/${id}.mp3`,
    source: "built_in" as const,
    locale: details.locale,
    credits_9_16: 60,
    credits_16_9: 80,
    gender: details.gender,
    age: details.age,
    style_tags: details.style_tags,
    recommendation_summary: details.summary,
  };
}

/** The demo workspace assets (spec 2.2). */
export const DEMO_ASSETS: WorkspaceAssets = {
  object: "workspace_assets",
  brand_kits: [
    {
      id: 1,
      brand_id: 1,
      kit_name: "Demo brand",
      kit_data: { colors: ["#111827", "#f97316"], fonts: ["Inter"] },
      training_status: null,
      created_at: DEMO_TIMESTAMP,
      updated_at: DEMO_TIMESTAMP,
    },
  ],
  avatars: [
    {
      id: "avatar-maya",
      name: "Maya",
      imageUrl: `${CDN}/avatars/maya.png`,
      videoUrl: `${CDN}/avatars/maya.mp4`,
      isCustom: false,
    },
    {
      id: "avatar-leo",
      name: "Leo",
      imageUrl: `${CDN}/avatars/leo.png`,
      videoUrl: `${CDN}/avatars/leo.mp4`,
      isCustom: false,
    },
  ],
  voices: [
    voice("ash", "Ash", {
      locale: ["en-US"],
      gender: "male",
      age: "adult",
      style_tags: ["calm", "warm", "narration"],
      summary: "A calm, warm narrator for explainers and faceless videos.",
    }),
    voice("nova", "Nova", {
      locale: ["en-US", "en-GB"],
      gender: "female",
      age: "young_adult",
      style_tags: ["energetic", "upbeat", "ads"],
      summary: "An upbeat voice for short ads and product launches.",
    }),
    voice("sol", "Sol", {
      locale: ["es-ES", "es-MX"],
      gender: "female",
      age: "adult",
      style_tags: ["friendly", "conversational"],
      summary: "A friendly Spanish voice for conversational content.",
    }),
  ],
  reference_template_targets: [
    {
      template_slug: "product-hero",
      template_category: "static-ads",
      label: "Product hero (static ad)",
      accepts_media_kinds: ["image"],
    },
    {
      template_slug: "unboxing",
      template_category: "video-templates",
      label: "Unboxing (video ad)",
      accepts_media_kinds: ["image", "video"],
    },
    {
      template_slug: "carousel-classic",
      template_category: "slideshow-carousel",
      label: "Classic carousel (slideshow)",
      accepts_media_kinds: ["image", "slideshow"],
    },
  ],
};

/**
 * The demo sound-effect library, ids as `add_sound_effect` takes them: the effects and
 * music beds of `demo-sounds.ts`, listed at placeholder URLs. `storeDemoSounds` makes
 * and stores the real files and answers the same list at their URLs, as the reference
 * host does at start.
 */
export const DEMO_SOUND_EFFECTS: readonly SoundEffect[] = DEMO_SOUNDS.map((sound) => ({
  id: sound.id,
  name: sound.name,
  url: `${CDN}/sfx/${sound.id}.wav`,
  durationSeconds: sound.durationSeconds,
  tags: sound.tags,
}));
