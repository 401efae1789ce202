import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  createEditorVideoRequestSchema,
  listEditorVideosQuerySchema,
  patchEditorVideoRequestSchema,
} from "../../src/schemas/editor-videos.js";
import { createFacelessVideoRequestSchema } from "../../src/schemas/faceless-videos.js";
import { createGenerationRequestSchema } from "../../src/schemas/generations.js";
import {
  ASPECT_RATIO_MAX_LENGTH,
  FACELESS_DURATION_MAX_SECONDS,
  FACELESS_DURATION_MIN_SECONDS,
  FPS_MAX,
  FPS_MIN,
  GENERATION_DURATION_MAX_SECONDS,
  GENERATION_DURATION_MIN_SECONDS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IMAGE_AUDIO_IMPORT_MAX_BYTES,
  INLINE_UPLOAD_MAX_BASE64_LENGTH,
  INSTRUCTIONS_MAX_LENGTH,
  LANGUAGE_MAX_LENGTH,
  LONG_TEXT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  OPERATIONS_PER_REQUEST_MAX,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  POSITION_MAX_ABS,
  PRESET_ID_MAX_LENGTH,
  PRODUCT_IMAGE_URLS_MAX,
  PROMPT_MAX_LENGTH,
  REFERENCE_IMAGE_URLS_MAX,
  REFERENCE_IMAGE_URLS_PER_INSPIRATION_MAX,
  REFERENCE_INLINE_IMAGE_MAX_BASE64_LENGTH,
  REFERENCE_INLINE_IMAGES_MAX,
  REFERENCE_MEDIA_IDS_MAX,
  REQUEST_COUNT_MAX,
  REQUEST_COUNT_MIN,
  RESOLUTION_MAX_LENGTH,
  SCRIPT_MAX_LENGTH,
  SELECTED_STYLES_MAX,
  SIZE_MAX,
  SLIDE_COUNT_OPTIONS,
  SLUG_MAX_LENGTH,
  TIMELINE_DURATION_MAX_SECONDS,
  TIMELINE_DURATION_MIN_SECONDS,
  TIMELINE_POSITION_MAX_SECONDS,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  VIDEO_IMPORT_MAX_BYTES,
  VOICE_ID_MAX_LENGTH,
} from "../../src/schemas/limits.js";
import {
  addEditorMediaRequestSchema,
  importMaxBytesForContentType,
  inlineMediaSchema,
  placementSchema,
  uploadMediaRequestSchema,
  uploadUrlRequestSchema,
} from "../../src/schemas/media.js";
import { createReferenceInspirationRequestSchema } from "../../src/schemas/reference-inspirations.js";
import { createSlideshowRequestSchema } from "../../src/schemas/slideshows.js";
import { requestExamples } from "./resource-examples.js";
import {
  dotted,
  type FieldPath,
  issuePaths,
  text,
  urls,
  uuids,
  withField,
} from "./schema-test-support.js";

interface BoundCase {
  readonly schema: z.ZodType;
  readonly base: unknown;
  readonly path: FieldPath;
  readonly atBound: unknown;
  readonly pastBound: unknown;
}

const generation = { type: "static_ad" };
const aiModel = { type: "ai_model" };
const slideshow = {};
const faceless = {};
const reference = {
  template_slug: "product-hero",
  template_category: "static-ads",
  video_url: "https://cdn.example.com/v.mp4",
};
const setTitle = { type: "set_title", title: "Cut" };
const inlineImage = { filename: "a.png", content_type: "image/png", data: "AAAA" };
const inlineMedia = { filename: "a.png", content_type: "image/png", data: "AAAA" };
const addMedia = { url: "https://cdn.example.com/a.mp4" };
const importVideo = { filename: "a.mp4", content_type: "video/mp4", size_bytes: 1 };

function maxLength(schema: z.ZodType, base: unknown, path: FieldPath, maximum: number): BoundCase {
  return { schema, base, path, atBound: text(maximum), pastBound: text(maximum + 1) };
}

function maxItems(
  schema: z.ZodType,
  base: unknown,
  path: FieldPath,
  make: (count: number) => unknown[],
  maximum: number,
): BoundCase {
  return { schema, base, path, atBound: make(maximum), pastBound: make(maximum + 1) };
}

function range(
  schema: z.ZodType,
  base: unknown,
  path: FieldPath,
  atBound: unknown,
  pastBound: unknown,
): BoundCase {
  return { schema, base, path, atBound, pastBound };
}

const BOUND_CASES: Readonly<Record<string, BoundCase>> = {
  // POST /generations (4.4, section 8)
  "generation prompt": maxLength(
    createGenerationRequestSchema,
    generation,
    ["prompt"],
    PROMPT_MAX_LENGTH,
  ),
  "generation template_slug": maxLength(
    createGenerationRequestSchema,
    generation,
    ["template_slug"],
    SLUG_MAX_LENGTH,
  ),
  "generation model_slug": maxLength(
    createGenerationRequestSchema,
    aiModel,
    ["model_slug"],
    SLUG_MAX_LENGTH,
  ),
  "generation variant_id": maxLength(
    createGenerationRequestSchema,
    aiModel,
    ["variant_id"],
    SLUG_MAX_LENGTH,
  ),
  "generation avatar_id": maxLength(
    createGenerationRequestSchema,
    generation,
    ["avatar_id"],
    SLUG_MAX_LENGTH,
  ),
  "generation preset_id": maxLength(
    createGenerationRequestSchema,
    generation,
    ["preset_id"],
    PRESET_ID_MAX_LENGTH,
  ),
  "generation aspect_ratio": maxLength(
    createGenerationRequestSchema,
    generation,
    ["aspect_ratio"],
    ASPECT_RATIO_MAX_LENGTH,
  ),
  "generation resolution": maxLength(
    createGenerationRequestSchema,
    generation,
    ["resolution"],
    RESOLUTION_MAX_LENGTH,
  ),
  "generation idempotency_key": maxLength(
    createGenerationRequestSchema,
    generation,
    ["idempotency_key"],
    IDEMPOTENCY_KEY_MAX_LENGTH,
  ),
  "generation duration minimum": range(
    createGenerationRequestSchema,
    generation,
    ["duration"],
    GENERATION_DURATION_MIN_SECONDS,
    GENERATION_DURATION_MIN_SECONDS - 1,
  ),
  "generation duration maximum": range(
    createGenerationRequestSchema,
    generation,
    ["duration"],
    GENERATION_DURATION_MAX_SECONDS,
    GENERATION_DURATION_MAX_SECONDS + 1,
  ),
  "generation request_count minimum": range(
    createGenerationRequestSchema,
    generation,
    ["request_count"],
    REQUEST_COUNT_MIN,
    REQUEST_COUNT_MIN - 1,
  ),
  "generation request_count maximum": range(
    createGenerationRequestSchema,
    generation,
    ["request_count"],
    REQUEST_COUNT_MAX,
    REQUEST_COUNT_MAX + 1,
  ),
  "generation brand_kit_id minimum": range(
    createGenerationRequestSchema,
    generation,
    ["brand_kit_id"],
    1,
    0,
  ),
  "generation reference_image_urls": maxItems(
    createGenerationRequestSchema,
    generation,
    ["reference_image_urls"],
    urls,
    REFERENCE_IMAGE_URLS_MAX,
  ),
  "generation reference_media_ids": maxItems(
    createGenerationRequestSchema,
    generation,
    ["reference_media_ids"],
    uuids,
    REFERENCE_MEDIA_IDS_MAX,
  ),
  // POST /slideshows (4.6)
  "slideshow product_image_urls": maxItems(
    createSlideshowRequestSchema,
    slideshow,
    ["product_image_urls"],
    urls,
    PRODUCT_IMAGE_URLS_MAX,
  ),
  "slideshow idempotency_key minimum": range(
    createSlideshowRequestSchema,
    slideshow,
    ["idempotency_key"],
    "k",
    "",
  ),
  "slideshow idempotency_key maximum": maxLength(
    createSlideshowRequestSchema,
    slideshow,
    ["idempotency_key"],
    IDEMPOTENCY_KEY_MAX_LENGTH,
  ),
  "slideshow prompt": maxLength(
    createSlideshowRequestSchema,
    slideshow,
    ["prompt"],
    LONG_TEXT_MAX_LENGTH,
  ),
  "slideshow title": maxLength(createSlideshowRequestSchema, slideshow, ["title"], NAME_MAX_LENGTH),
  "slideshow language": maxLength(
    createSlideshowRequestSchema,
    slideshow,
    ["language"],
    LANGUAGE_MAX_LENGTH,
  ),
  "slideshow product_context": maxLength(
    createSlideshowRequestSchema,
    slideshow,
    ["product_context"],
    LONG_TEXT_MAX_LENGTH,
  ),
  "slideshow avatar_id": maxLength(
    createSlideshowRequestSchema,
    slideshow,
    ["avatar_id"],
    SLUG_MAX_LENGTH,
  ),
  "slideshow slide_count above the options": range(
    createSlideshowRequestSchema,
    slideshow,
    ["slide_count"],
    Math.max(...SLIDE_COUNT_OPTIONS),
    Math.max(...SLIDE_COUNT_OPTIONS) + 1,
  ),
  "slideshow slide_count below the options": range(
    createSlideshowRequestSchema,
    slideshow,
    ["slide_count"],
    Math.min(...SLIDE_COUNT_OPTIONS),
    Math.min(...SLIDE_COUNT_OPTIONS) - 1,
  ),
  // POST /faceless-videos (4.8)
  "faceless duration minimum": range(
    createFacelessVideoRequestSchema,
    faceless,
    ["duration"],
    String(FACELESS_DURATION_MIN_SECONDS),
    String(FACELESS_DURATION_MIN_SECONDS - 1),
  ),
  "faceless duration maximum": range(
    createFacelessVideoRequestSchema,
    faceless,
    ["duration"],
    String(FACELESS_DURATION_MAX_SECONDS),
    String(FACELESS_DURATION_MAX_SECONDS + 1),
  ),
  "faceless duration maximum as an integer": range(
    createFacelessVideoRequestSchema,
    faceless,
    ["duration"],
    FACELESS_DURATION_MAX_SECONDS,
    FACELESS_DURATION_MAX_SECONDS + 1,
  ),
  "faceless reference_image_urls": maxItems(
    createFacelessVideoRequestSchema,
    faceless,
    ["reference_image_urls"],
    urls,
    REFERENCE_IMAGE_URLS_MAX,
  ),
  "faceless selected_ai_styles": maxItems(
    createFacelessVideoRequestSchema,
    faceless,
    ["selected_ai_styles"],
    (count) => Array(count).fill("cinematic"),
    SELECTED_STYLES_MAX,
  ),
  "faceless selected_flux_dev_styles": maxItems(
    createFacelessVideoRequestSchema,
    faceless,
    ["selected_flux_dev_styles"],
    (count) => Array(count).fill("noir"),
    SELECTED_STYLES_MAX,
  ),
  "faceless script": maxLength(
    createFacelessVideoRequestSchema,
    faceless,
    ["script"],
    SCRIPT_MAX_LENGTH,
  ),
  "faceless voice_id": maxLength(
    createFacelessVideoRequestSchema,
    faceless,
    ["voice_id"],
    VOICE_ID_MAX_LENGTH,
  ),
  "faceless idempotency_key minimum": range(
    createFacelessVideoRequestSchema,
    faceless,
    ["idempotency_key"],
    "k",
    "",
  ),
  "faceless idempotency_key maximum": maxLength(
    createFacelessVideoRequestSchema,
    faceless,
    ["idempotency_key"],
    IDEMPOTENCY_KEY_MAX_LENGTH,
  ),
  // POST /reference-inspirations (4.11)
  "reference image_urls": maxItems(
    createReferenceInspirationRequestSchema,
    reference,
    ["image_urls"],
    urls,
    REFERENCE_IMAGE_URLS_PER_INSPIRATION_MAX,
  ),
  "reference images": maxItems(
    createReferenceInspirationRequestSchema,
    reference,
    ["images"],
    (count) => Array(count).fill(inlineImage),
    REFERENCE_INLINE_IMAGES_MAX,
  ),
  "reference inline image data": maxLength(
    createReferenceInspirationRequestSchema,
    { ...reference, images: [inlineImage] },
    ["images", 0, "data"],
    REFERENCE_INLINE_IMAGE_MAX_BASE64_LENGTH,
  ),
  "reference template_slug": maxLength(
    createReferenceInspirationRequestSchema,
    reference,
    ["template_slug"],
    SLUG_MAX_LENGTH,
  ),
  "reference label": maxLength(
    createReferenceInspirationRequestSchema,
    reference,
    ["label"],
    NAME_MAX_LENGTH,
  ),
  "reference idempotency_key": maxLength(
    createReferenceInspirationRequestSchema,
    reference,
    ["idempotency_key"],
    IDEMPOTENCY_KEY_MAX_LENGTH,
  ),
  // POST /editor/videos (4.12)
  "editor fps minimum": range(createEditorVideoRequestSchema, {}, ["fps"], FPS_MIN, FPS_MIN - 1),
  "editor fps maximum": range(createEditorVideoRequestSchema, {}, ["fps"], FPS_MAX, FPS_MAX + 1),
  "editor title minimum": range(
    createEditorVideoRequestSchema,
    {},
    ["title"],
    text(TITLE_MIN_LENGTH),
    text(TITLE_MIN_LENGTH - 1),
  ),
  "editor title maximum": maxLength(
    createEditorVideoRequestSchema,
    {},
    ["title"],
    TITLE_MAX_LENGTH,
  ),
  // PATCH /editor/videos/{id} (4.14)
  "patch operations": maxItems(
    patchEditorVideoRequestSchema,
    {},
    ["operations"],
    (count) => Array(count).fill(setTitle),
    OPERATIONS_PER_REQUEST_MAX,
  ),
  "patch instructions": maxLength(
    patchEditorVideoRequestSchema,
    { operations: [setTitle] },
    ["instructions"],
    INSTRUCTIONS_MAX_LENGTH,
  ),
  // POST /editor/media (4.16)
  "inline media data": maxLength(
    inlineMediaSchema,
    inlineMedia,
    ["data"],
    INLINE_UPLOAD_MAX_BASE64_LENGTH,
  ),
  "inline media filename": maxLength(inlineMediaSchema, inlineMedia, ["filename"], NAME_MAX_LENGTH),
  "placement from_seconds minimum": range(placementSchema, {}, ["from_seconds"], 0, -0.001),
  "placement from_seconds maximum": range(
    placementSchema,
    {},
    ["from_seconds"],
    TIMELINE_POSITION_MAX_SECONDS,
    TIMELINE_POSITION_MAX_SECONDS + 0.001,
  ),
  "placement duration_seconds minimum": range(
    placementSchema,
    {},
    ["duration_seconds"],
    TIMELINE_DURATION_MIN_SECONDS,
    TIMELINE_DURATION_MIN_SECONDS - 0.001,
  ),
  "placement duration_seconds maximum": range(
    placementSchema,
    {},
    ["duration_seconds"],
    TIMELINE_DURATION_MAX_SECONDS,
    TIMELINE_DURATION_MAX_SECONDS + 0.001,
  ),
  "placement source_start_seconds minimum": range(
    placementSchema,
    {},
    ["source_start_seconds"],
    0,
    -0.001,
  ),
  "placement playback_rate minimum": range(
    placementSchema,
    {},
    ["playback_rate"],
    PLAYBACK_RATE_MIN,
    PLAYBACK_RATE_MIN - 0.001,
  ),
  "placement playback_rate maximum": range(
    placementSchema,
    {},
    ["playback_rate"],
    PLAYBACK_RATE_MAX,
    PLAYBACK_RATE_MAX + 0.001,
  ),
  "placement width above zero": range(placementSchema, {}, ["width"], 0.001, 0),
  "placement height maximum": range(placementSchema, {}, ["height"], SIZE_MAX, SIZE_MAX + 1),
  "placement left minimum": range(
    placementSchema,
    {},
    ["left"],
    -POSITION_MAX_ABS,
    -POSITION_MAX_ABS - 1,
  ),
  "placement top maximum": range(
    placementSchema,
    {},
    ["top"],
    POSITION_MAX_ABS,
    POSITION_MAX_ABS + 1,
  ),
  "upload placement inside the body": range(
    uploadMediaRequestSchema,
    { media: inlineMedia, video_id: 1, add_to_editor: true, placement: {} },
    ["placement", "playback_rate"],
    PLAYBACK_RATE_MAX,
    PLAYBACK_RATE_MAX + 0.001,
  ),
  "upload video_id minimum": range(
    uploadMediaRequestSchema,
    { media: inlineMedia },
    ["video_id"],
    1,
    0,
  ),
  // POST /editor/media/upload-url (4.17)
  "direct upload video size": range(
    uploadUrlRequestSchema,
    importVideo,
    ["size_bytes"],
    VIDEO_IMPORT_MAX_BYTES,
    VIDEO_IMPORT_MAX_BYTES + 1,
  ),
  "direct upload image size": range(
    uploadUrlRequestSchema,
    { ...importVideo, content_type: "image/png" },
    ["size_bytes"],
    IMAGE_AUDIO_IMPORT_MAX_BYTES,
    IMAGE_AUDIO_IMPORT_MAX_BYTES + 1,
  ),
  "direct upload audio size": range(
    uploadUrlRequestSchema,
    { ...importVideo, content_type: "audio/mpeg" },
    ["size_bytes"],
    IMAGE_AUDIO_IMPORT_MAX_BYTES,
    IMAGE_AUDIO_IMPORT_MAX_BYTES + 1,
  ),
  "direct upload size minimum": range(uploadUrlRequestSchema, importVideo, ["size_bytes"], 1, 0),
  // POST /editor/videos/{id}/media (4.18)
  "add media duration_seconds maximum": range(
    addEditorMediaRequestSchema,
    addMedia,
    ["duration_seconds"],
    TIMELINE_DURATION_MAX_SECONDS,
    TIMELINE_DURATION_MAX_SECONDS + 0.001,
  ),
  "add media duration_seconds minimum": range(
    addEditorMediaRequestSchema,
    addMedia,
    ["duration_seconds"],
    TIMELINE_DURATION_MIN_SECONDS,
    TIMELINE_DURATION_MIN_SECONDS - 0.001,
  ),
  "add media playback_rate minimum": range(
    addEditorMediaRequestSchema,
    addMedia,
    ["playback_rate"],
    PLAYBACK_RATE_MIN,
    PLAYBACK_RATE_MIN - 0.001,
  ),
  "add media from_seconds minimum": range(
    addEditorMediaRequestSchema,
    addMedia,
    ["from_seconds"],
    0,
    -0.001,
  ),
  "add media source_start_seconds minimum": range(
    addEditorMediaRequestSchema,
    addMedia,
    ["source_start_seconds"],
    0,
    -0.001,
  ),
  "add media item_width above zero": range(
    addEditorMediaRequestSchema,
    addMedia,
    ["item_width"],
    0.001,
    0,
  ),
  "add media item_height above zero": range(
    addEditorMediaRequestSchema,
    addMedia,
    ["item_height"],
    0.001,
    0,
  ),
  "add media width above zero": range(addEditorMediaRequestSchema, addMedia, ["width"], 0.001, 0),
  "add media height above zero": range(addEditorMediaRequestSchema, addMedia, ["height"], 0.001, 0),
};

describe("request body bounds", () => {
  it.each(Object.entries(BOUND_CASES))(
    "%s: accepted at the bound, rejected one step past it",
    (_name, bound) => {
      expect(issuePaths(bound.schema, withField(bound.base, bound.path, bound.atBound))).toEqual(
        [],
      );
      expect(issuePaths(bound.schema, withField(bound.base, bound.path, bound.pastBound))).toEqual([
        dotted(bound.path),
      ]);
    },
  );

  it("accepts every slide count option and nothing between them", () => {
    for (const count of SLIDE_COUNT_OPTIONS) {
      expect(createSlideshowRequestSchema.parse({ slide_count: count }).slide_count).toBe(count);
    }
    expect(issuePaths(createSlideshowRequestSchema, { slide_count: 7 })).toEqual(["slide_count"]);
  });

  it("rejects a voiceover patch carrying any other operation", () => {
    expect(
      issuePaths(patchEditorVideoRequestSchema, {
        operations: [{ type: "add_voiceover", text: "Hello there." }, setTitle],
      }),
    ).toEqual(["operations"]);
    expect(
      issuePaths(patchEditorVideoRequestSchema, {
        operations: [{ type: "add_voiceover", text: "Hello there." }],
        idempotency_key: "voice-1",
      }),
    ).toEqual([]);
  });
});

describe("request defaults", () => {
  const cases: ReadonlyArray<[string, z.ZodType, unknown, Record<string, unknown>]> = [
    [
      "POST /generations",
      createGenerationRequestSchema,
      { type: "ai_model" },
      { quality_tier: "high", generate_audio: true, request_count: 1 },
    ],
    [
      "POST /slideshows",
      createSlideshowRequestSchema,
      {},
      { slide_count: 6, aspect_ratio: "4:5", language: "English", generate_text_overlays: false },
    ],
    [
      "POST /faceless-videos",
      createFacelessVideoRequestSchema,
      {},
      {
        aspect_ratio: "9:16",
        duration: "26",
        image_style: "flux-schnell-cinematic",
        voice_id: "ash",
        language: "en",
      },
    ],
    [
      "POST /reference-inspirations",
      createReferenceInspirationRequestSchema,
      reference,
      { media_kind: "image", visibility: "private" },
    ],
    ["POST /editor/videos", createEditorVideoRequestSchema, {}, { aspect_ratio: "9:16", fps: 30 }],
    ["GET /editor/videos", listEditorVideosQuerySchema, {}, { limit: 30 }],
    [
      "placement",
      placementSchema,
      {},
      { from_seconds: 0, source_start_seconds: 0, playback_rate: 1, fit: "cover" },
    ],
    [
      "POST /editor/media",
      uploadMediaRequestSchema,
      { media: inlineMedia },
      { add_to_editor: false },
    ],
    [
      "POST /editor/videos/{id}/media",
      addEditorMediaRequestSchema,
      addMedia,
      { from_seconds: 0, source_start_seconds: 0, playback_rate: 1, fit: "cover" },
    ],
  ];

  it.each(cases)("%s fills the contract defaults", (_name, schema, input, expected) => {
    expect(schema.parse(input)).toMatchObject(expected);
  });
});

describe("request rules", () => {
  it("rejects unknown fields in every request body", () => {
    const bodies: ReadonlyArray<[z.ZodType, unknown]> = [
      [createGenerationRequestSchema, requestExamples.createGenerationRequestSchema],
      [createSlideshowRequestSchema, requestExamples.createSlideshowRequestSchema],
      [createFacelessVideoRequestSchema, requestExamples.createFacelessVideoRequestSchema],
      [
        createReferenceInspirationRequestSchema,
        requestExamples.createReferenceInspirationRequestSchema,
      ],
      [createEditorVideoRequestSchema, requestExamples.createEditorVideoRequestSchema],
      [patchEditorVideoRequestSchema, requestExamples.patchEditorVideoRequestSchema],
      [uploadMediaRequestSchema, requestExamples.uploadMediaRequestSchema],
      [addEditorMediaRequestSchema, requestExamples.addEditorMediaRequestSchema],
      [uploadUrlRequestSchema, requestExamples.uploadUrlRequestSchema],
      [placementSchema, requestExamples.placementSchema],
      [inlineMediaSchema, requestExamples.inlineMediaSchema],
    ];
    for (const [schema, example] of bodies) {
      expect(issuePaths(schema, example)).toEqual([]);
      expect(issuePaths(schema, { ...(example as object), request_cuont: 2 })).toEqual([""]);
    }
  });

  it.each([
    [
      "model_slug on a template type",
      { type: "static_ad", model_slug: "image-gen" },
      ["model_slug"],
    ],
    ["variant_id on a template type", { type: "video_ad", variant_id: "fast" }, ["variant_id"]],
    [
      "template_slug on ai_model",
      { type: "ai_model", template_slug: "product-hero" },
      ["template_slug"],
    ],
    ["preset_id on ai_model", { type: "ai_model", preset_id: "sunlit" }, ["preset_id"]],
    ["a null preset_id on ai_model", { type: "ai_model", preset_id: null }, []],
    [
      "source video by URL and by id",
      {
        type: "ai_model",
        source_video_url: "https://cdn.example.com/a.mp4",
        source_video_media_id: uuids(1)[0],
      },
      ["source_video_media_id"],
    ],
    [
      "motion video by URL and by id",
      {
        type: "ai_model",
        motion_video_url: "https://cdn.example.com/a.mp4",
        motion_video_media_id: uuids(1)[0],
      },
      ["motion_video_media_id"],
    ],
    [
      "audio by URL and by id",
      { type: "ai_model", audio_url: "https://cdn.example.com/a.mp3", audio_media_id: uuids(1)[0] },
      ["audio_media_id"],
    ],
    ["an unknown type", { type: "banner" }, ["type"]],
    ["a fractional duration", { type: "video_ad", duration: 5.5 }, ["duration"]],
  ])("POST /generations: %s", (_name, body, paths) => {
    expect(issuePaths(createGenerationRequestSchema, body)).toEqual(paths);
  });

  it.each([
    ["a string", "45", "45"],
    ["an integer", 45, "45"],
  ])(
    "POST /faceless-videos reads duration given as %s as the canonical string",
    (_name, duration, expected) => {
      expect(createFacelessVideoRequestSchema.parse({ duration }).duration).toBe(expected);
    },
  );

  it.each(["045", "4.5", "abc", " 45", "", "-45", "1e2"])(
    "POST /faceless-videos rejects duration %j",
    (duration) => {
      expect(issuePaths(createFacelessVideoRequestSchema, { duration })).toEqual(["duration"]);
    },
  );

  it.each([
    ["no media source at all", { template_slug: "a", template_category: "static-ads" }, [""]],
    [
      "only empty media lists",
      { template_slug: "a", template_category: "static-ads", image_urls: [], images: [] },
      [""],
    ],
    [
      "a video alone",
      {
        template_slug: "a",
        template_category: "video-templates",
        media_kind: "video",
        video_url: "https://cdn.example.com/v.mp4",
      },
      [],
    ],
    [
      "an inline GIF",
      { ...reference, images: [{ ...inlineImage, content_type: "image/gif" }] },
      ["images.0.content_type"],
    ],
    [
      "an inline image with empty data",
      { ...reference, images: [{ ...inlineImage, data: "" }] },
      ["images.0.data"],
    ],
    ["an unknown category", { ...reference, template_category: "banners" }, ["template_category"]],
  ])("POST /reference-inspirations: %s", (_name, body, paths) => {
    expect(issuePaths(createReferenceInspirationRequestSchema, body)).toEqual(paths);
  });

  it.each([
    ["an empty body", {}, [""]],
    ["no operations and no instructions", { operations: [] }, [""]],
    ["empty instructions alone", { instructions: "" }, [""]],
    ["instructions alone", { instructions: "Make it punchier" }, []],
    ["an unknown operation", { operations: [{ type: "warp_item" }] }, ["operations.0.type"]],
  ])("PATCH /editor/videos/{id}: %s", (_name, body, paths) => {
    expect(issuePaths(patchEditorVideoRequestSchema, body)).toEqual(paths);
  });

  it.each([
    ["neither source", { media_type: "image" }, [""]],
    [
      "both sources",
      { media: inlineMedia, source_url: "https://cdn.example.com/a.png" },
      ["source_url"],
    ],
    ["an ftp source_url", { source_url: "ftp://cdn.example.com/a.png" }, ["source_url"]],
    [
      "preserve_original with inline media",
      { media: inlineMedia, preserve_original: true },
      ["preserve_original"],
    ],
    [
      "preserve_original with source_url",
      { source_url: "https://cdn.example.com/a.mp4", preserve_original: false },
      [],
    ],
    ["add_to_editor without video_id", { media: inlineMedia, add_to_editor: true }, ["video_id"]],
    [
      "placement without add_to_editor",
      { media: inlineMedia, video_id: 4, placement: {} },
      ["placement"],
    ],
    ["media_type voice", { media: inlineMedia, media_type: "voice" }, ["media_type"]],
    [
      "a non-media inline content type",
      { media: { ...inlineMedia, content_type: "application/pdf" } },
      ["media.content_type"],
    ],
  ])("POST /editor/media: %s", (_name, body, paths) => {
    expect(issuePaths(uploadMediaRequestSchema, body)).toEqual(paths);
  });

  it.each([
    ["neither media_id nor url", {}, [""]],
    ["both media_id and url", { ...addMedia, media_id: uuids(1)[0] }, ["url"]],
    ["media_id alone", { media_id: uuids(1)[0], media_type: "voice" }, []],
    ["an unknown fit", { ...addMedia, fit: "stretch" }, ["fit"]],
    ["an unknown audio role", { ...addMedia, audio_role: "dialogue" }, ["audio_role"]],
  ])("POST /editor/videos/{id}/media: %s", (_name, body, paths) => {
    expect(issuePaths(addEditorMediaRequestSchema, body)).toEqual(paths);
  });

  it.each([
    ["a document", "application/pdf", ["content_type"]],
    ["a malformed type", "video", ["content_type"]],
    ["an upper-case video type", "VIDEO/MP4", []],
    ["a type with parameters", "audio/ogg; codecs=opus", []],
  ])("POST /editor/media/upload-url: %s", (_name, contentType, paths) => {
    expect(
      issuePaths(uploadUrlRequestSchema, { ...importVideo, content_type: contentType }),
    ).toEqual(paths);
  });
});

describe("request properties", () => {
  it("reads a faceless duration alike as digits or as an integer, within its range only", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 * FACELESS_DURATION_MAX_SECONDS }), (seconds) => {
        const inRange =
          seconds >= FACELESS_DURATION_MIN_SECONDS && seconds <= FACELESS_DURATION_MAX_SECONDS;
        for (const duration of [seconds, String(seconds)]) {
          const result = createFacelessVideoRequestSchema.safeParse({ duration });
          expect(result.success).toBe(inRange);
          if (result.success) expect(result.data.duration).toBe(String(seconds));
        }
      }),
      { seed: 4242, numRuns: 300 },
    );
  });

  it("accepts a direct upload exactly when its size fits the limit of its kind", () => {
    const contentTypes = fc.constantFrom(
      "video/mp4",
      "video/quicktime",
      "image/jpeg",
      "image/webp",
      "audio/mpeg",
      "audio/wav",
    );
    const sizes = fc.integer({ min: 1, max: 2 * VIDEO_IMPORT_MAX_BYTES });
    fc.assert(
      fc.property(contentTypes, sizes, (contentType, sizeBytes) => {
        const limit = importMaxBytesForContentType(contentType) ?? 0;
        const paths = issuePaths(uploadUrlRequestSchema, {
          filename: "f",
          content_type: contentType,
          size_bytes: sizeBytes,
        });
        expect(paths).toEqual(sizeBytes <= limit ? [] : ["size_bytes"]);
      }),
      { seed: 1979, numRuns: 300 },
    );
  });
});
