/**
 * One valid instance of every resource, request, query and path schema of spec sections
 * 2, 4 and 7, keyed by the schema's export name, for reuse by any suite that needs a
 * realistic body (HTTP handler tests, OpenAPI example checks, MCP tool tests).
 *
 * Request-side examples are written as a client sends them (defaults omitted, query and
 * path values as strings); response-side examples are complete records.
 *
 * @module
 */
import type { z } from "zod";
import type * as assets from "../../src/schemas/assets.js";
import type * as catalog from "../../src/schemas/catalog.js";
import type * as editorRevisions from "../../src/schemas/editor-revisions.js";
import type * as editorVideos from "../../src/schemas/editor-videos.js";
import type * as errors from "../../src/schemas/errors.js";
import type * as facelessVideos from "../../src/schemas/faceless-videos.js";
import type * as generations from "../../src/schemas/generations.js";
import type * as media from "../../src/schemas/media.js";
import type * as referenceInspirations from "../../src/schemas/reference-inspirations.js";
import type * as slideshows from "../../src/schemas/slideshows.js";
import type * as videos from "../../src/schemas/videos.js";

type Modules = typeof assets &
  typeof catalog &
  typeof editorRevisions &
  typeof editorVideos &
  typeof errors &
  typeof facelessVideos &
  typeof generations &
  typeof media &
  typeof referenceInspirations &
  typeof slideshows &
  typeof videos;

/** Export names of the schemas (functions and constants that are not schemas excluded). */
type SchemaName = {
  [Name in keyof Modules]: Modules[Name] extends z.ZodType ? Name : never;
}[keyof Modules];

/** What a client sends to the schema named `Name`. */
export type ExampleInput<Name extends SchemaName> = z.input<Modules[Name]>;

const GENERATION_ID = "7d3f2c1e-8a4b-4c5d-9e6f-0a1b2c3d4e5f";
const SLIDESHOW_ID = "0b6c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d";
const REFERENCE_ID = "5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c";
const MEDIA_ID = "4a0c9f1e-2b3d-4e5f-8a6b-7c8d9e0f1a2b";
const CREATED_AT = "2026-01-15T09:30:00.000Z";
const UPDATED_AT = "2026-01-15T09:31:12.000Z";
const CDN = "https://cdn.example.com";

const preset = {
  id: "sunlit-kitchen",
  label: "Sunlit kitchen",
  preview_image_url: `${CDN}/presets/sunlit-kitchen.jpg`,
  poster_image_url: `${CDN}/presets/sunlit-kitchen-poster.jpg`,
} satisfies ExampleInput<"presetSchema">;

const templateItem = {
  slug: "product-hero",
  title: "Product hero",
  preview_image_url: `${CDN}/templates/product-hero.jpg`,
  section: "static_ads",
  default_aspect_ratio: "1:1",
  default_resolution: "1K",
  presets: [preset],
} satisfies ExampleInput<"templateItemSchema">;

const qualityTier = {
  id: "high",
  label: "High",
  model: "video-pro-2",
  default_duration: 8,
  duration_options: [5, 8, 10],
  resolution: "1080p",
  credits: 120,
} satisfies ExampleInput<"qualityTierSchema">;

const videoTemplateItem = {
  slug: "unboxing",
  title: "Unboxing",
  preview_image_url: `${CDN}/templates/unboxing.jpg`,
  section: "video_ads",
  default_aspect_ratio: "9:16",
  default_resolution: "1080p",
  presets: [],
  type: "video_ad",
  quality_tiers: [qualityTier, { ...qualityTier, id: "low", label: "Low", credits: null }],
} satisfies ExampleInput<"videoTemplateItemSchema">;

const aiModelVariant = {
  id: "text-to-image",
  label: "Text to image",
  model: "image-gen-4",
  input_mode: "text",
  default_aspect_ratio: "1:1",
  default_duration: 0,
  default_resolution: "1K",
  credits: 10,
} satisfies ExampleInput<"aiModelVariantSchema">;

const aiModelItem = {
  slug: "image-gen",
  title: "Image Gen",
  description: "Photorealistic stills from a prompt or references.",
  default_variant_id: "text-to-image",
  variants: [aiModelVariant],
} satisfies ExampleInput<"aiModelItemSchema">;

const brandKit = {
  id: 3,
  brand_id: 11,
  kit_name: "Cold Brew Co.",
  kit_data: { colors: ["#1b1b1b", "#f4e9d8"], font: "Inter" },
  training_status: null,
  created_at: CREATED_AT,
  updated_at: UPDATED_AT,
  logo_url: `${CDN}/brand/logo.png`,
} satisfies ExampleInput<"brandKitSchema">;

const avatar = {
  id: "avatar-maya",
  name: "Maya",
  imageUrl: `${CDN}/avatars/maya.jpg`,
  videoUrl: `${CDN}/avatars/maya.mp4`,
  isCustom: false,
} satisfies ExampleInput<"avatarSchema">;

const voice = {
  id: "ash",
  name: "Ash",
  preview_url: `${CDN}/voices/ash.mp3`,
  source: "built_in",
  locale: ["en-US"],
  credits_9_16: 40,
  credits_16_9: 60,
  gender: "male",
  age: "adult",
  style_tags: ["calm", "warm"],
  recommendation_summary: "A calm narrator for explainers.",
} satisfies ExampleInput<"voiceSchema">;

const referenceTemplateTarget = {
  template_slug: "product-hero",
  template_category: "static-ads",
  label: "Product hero",
  accepts_media_kinds: ["image"],
} satisfies ExampleInput<"referenceTemplateTargetSchema">;

const generationError = {
  code: "generation_failed",
  message: "The provider rejected the prompt under its content policy.",
  retryable: false,
  category: "content_policy",
  credits_returned: true,
} satisfies ExampleInput<"generationErrorSchema">;

const referenceInspiration = {
  id: REFERENCE_ID,
  organization_id: 7,
  template_slug: "product-hero",
  template_category: "static-ads",
  media_kind: "image",
  visibility: "private",
  label: "Linen look",
  preview_image_url: `${CDN}/references/linen.jpg`,
  video_url: null,
  media_urls: [`${CDN}/references/linen.jpg`],
  analysis_status: "queued",
  analysis_error: null,
  public_approval_status: "not_requested",
  created_at: CREATED_AT,
} satisfies ExampleInput<"referenceInspirationSchema">;

const editorSummary = {
  trackCount: 2,
  itemCount: 2,
  assetCount: 1,
  fps: 30,
  compositionWidth: 1080,
  compositionHeight: 1920,
  itemTypes: { video: 1, text: 1 },
  totalDurationFrames: 150,
  totalDurationSeconds: 5,
} satisfies ExampleInput<"editorSummarySchema">;

const editorState = {
  title: "Spring launch",
  tracks: [
    { id: "track-text", items: ["title-1"] },
    { id: "track-video", items: ["clip-1"] },
  ],
  items: {
    "title-1": {
      id: "title-1",
      type: "text",
      from: 0,
      durationInFrames: 90,
      text: "Spring launch",
    },
    "clip-1": { id: "clip-1", type: "video", from: 0, durationInFrames: 150, assetId: "asset-1" },
  },
  assets: { "asset-1": { id: "asset-1", type: "video", src: `${CDN}/broll/city.mp4` } },
  fps: 30,
  compositionWidth: 1080,
  compositionHeight: 1920,
} satisfies ExampleInput<"editorStateSchema">;

const editorVideoRecord = {
  id: 42,
  title: "Spring launch",
  status: "ready",
  video_type: "editor",
  aspect_ratio: { width: 1080, height: 1920 },
  created_at: CREATED_AT,
  revision: 2,
  editor_summary: editorSummary,
  editor: editorState,
} satisfies ExampleInput<"editorVideoRecordSchema">;

const mediaItem = {
  id: MEDIA_ID,
  media_type: "video",
  url: `${CDN}/media/city.mp4`,
  filename: "city.mp4",
  status: "completed",
  metadata: { width: 1920, height: 1080, duration_seconds: 12.5 },
  created_at: CREATED_AT,
  updated_at: UPDATED_AT,
} satisfies ExampleInput<"mediaItemSchema">;

const mediaAddition = {
  video_id: 42,
  asset_id: "asset-2",
  item_id: "clip-2",
  editor_summary: { ...editorSummary, itemCount: 3, assetCount: 2 },
} satisfies ExampleInput<"mediaAdditionSchema">;

/** A valid response (or record) for each response-side schema, keyed by export name. */
export const responseExamples = {
  presetSchema: preset,
  qualityTierSchema: qualityTier,
  templateItemSchema: templateItem,
  videoTemplateItemSchema: videoTemplateItem,
  aiModelVariantSchema: aiModelVariant,
  aiModelItemSchema: aiModelItem,
  catalogSchema: {
    object: "catalog",
    static_ads: [templateItem],
    video_ads: [videoTemplateItem],
    ugc_ads: [{ ...videoTemplateItem, slug: "testimonial", section: "ugc_ads", type: "ugc_ad" }],
    ai_models: [aiModelItem],
  } satisfies ExampleInput<"catalogSchema">,
  brandKitSchema: brandKit,
  avatarSchema: avatar,
  voiceSchema: voice,
  referenceTemplateTargetSchema: referenceTemplateTarget,
  workspaceAssetsSchema: {
    object: "workspace_assets",
    brand_kits: [brandKit],
    avatars: [avatar],
    voices: [voice],
    reference_template_targets: [referenceTemplateTarget],
  } satisfies ExampleInput<"workspaceAssetsSchema">,
  generationErrorSchema: generationError,
  generationSchema: {
    id: GENERATION_ID,
    object: "generation",
    type: "static_ad",
    status: "completed",
    url: `${CDN}/generations/${GENERATION_ID}.png`,
    error: null,
    created_at: CREATED_AT,
    updated_at: UPDATED_AT,
  } satisfies ExampleInput<"generationSchema">,
  generationBatchItemSchema: {
    id: GENERATION_ID,
    object: "generation",
    status: "generating",
    credits_deducted: 10,
  } satisfies ExampleInput<"generationBatchItemSchema">,
  generationBatchSchema: {
    object: "generation_batch",
    status: "queued",
    request_count: 1,
    credits_deducted: 10,
    remaining_credits: 490,
    generations: [
      { id: GENERATION_ID, object: "generation", status: "generating", credits_deducted: 10 },
    ],
    error: null,
  } satisfies ExampleInput<"generationBatchSchema">,
  slideshowCreationResultSchema: {
    object: "slideshow_generation",
    status: "queued",
    slideshow_id: SLIDESHOW_ID,
    video_id: 77,
    title: "5 ways to style a linen shirt",
    slide_count: 5,
    credits_deducted: 25,
    remaining_credits: 465,
  } satisfies ExampleInput<"slideshowCreationResultSchema">,
  slideshowSchema: {
    object: "slideshow",
    id: SLIDESHOW_ID,
    video_id: 77,
    status: "processing",
    step: "visuals",
    slides: [
      { number: 1, image_url: "https://cdn.example.com/slides/1.png", text: "Linen, five ways" },
      { number: 2, image_url: null, text: "Roll the sleeves" },
    ],
  } satisfies ExampleInput<"slideshowSchema">,
  slideSchema: {
    number: 3,
    image_url: "https://cdn.example.com/slides/3.png",
    text: null,
  } satisfies ExampleInput<"slideSchema">,
  facelessVideoCreationResultSchema: {
    object: "faceless_video_generation",
    status: "queued",
    video_id: 78,
    credits_deducted: 40,
    remaining_credits: 425,
    script: "Octopuses have three hearts.",
    idempotent_replay: true,
  } satisfies ExampleInput<"facelessVideoCreationResultSchema">,
  videoSchema: {
    object: "video",
    id: 78,
    status: "completed",
    video_url: `${CDN}/videos/78.mp4`,
    url: `${CDN}/videos/78.mp4`,
    title: "Octopus facts",
  } satisfies ExampleInput<"videoSchema">,
  referenceInspirationSchema: referenceInspiration,
  referenceInspirationCreateResultSchema: {
    object: "reference_inspiration",
    reference: referenceInspiration,
    credits_deducted: 30,
    remaining_credits: null,
  } satisfies ExampleInput<"referenceInspirationCreateResultSchema">,
  referenceInspirationListSchema: {
    object: "reference_inspiration_list",
    template_targets: [referenceTemplateTarget],
    references: [referenceInspiration],
  } satisfies ExampleInput<"referenceInspirationListSchema">,
  referenceInspirationRecommendationsSchema: {
    object: "reference_inspiration_recommendations",
    references: [referenceInspiration],
  } satisfies ExampleInput<"referenceInspirationRecommendationsSchema">,
  referenceTargetSuggestionSchema: {
    ...referenceTemplateTarget,
    score: 0.92,
    reason: "Flat-lay product photos suit the product hero layout.",
  } satisfies ExampleInput<"referenceTargetSuggestionSchema">,
  referenceTargetSuggestionsSchema: {
    object: "reference_template_target_suggestions",
    media_kind: "image",
    image_count: 2,
    has_video: false,
    suggestions: [{ ...referenceTemplateTarget, score: 0.92, reason: "Flat-lay product photos." }],
    next_step: "POST /reference-inspirations with template_slug product-hero.",
  } satisfies ExampleInput<"referenceTargetSuggestionsSchema">,
  dimensionsSchema: { width: 1080, height: 1920 } satisfies ExampleInput<"dimensionsSchema">,
  editorSummarySchema: editorSummary,
  editorStateSchema: editorState,
  editorVideoRecordSchema: editorVideoRecord,
  editorVideoSchema: {
    object: "editor_video",
    video: editorVideoRecord,
  } satisfies ExampleInput<"editorVideoSchema">,
  editorVideoListSchema: {
    object: "editor_video_list",
    videos: [editorVideoRecord],
    next_cursor: null,
  } satisfies ExampleInput<"editorVideoListSchema">,
  editOperationResultSchema: {
    type: "remove_item",
    created_item_ids: [],
    removed_item_ids: ["Vq3kX9aL2mPz"],
  } satisfies ExampleInput<"editOperationResultSchema">,
  editResultSchema: {
    object: "editor_edit_result",
    video_id: 42,
    applied: ["set_item_timing", "split_item"],
    operation_results: [
      { type: "set_item_timing", created_item_ids: [], removed_item_ids: [] },
      { type: "split_item", created_item_ids: ["Vq3kX9aL2mPz"], removed_item_ids: [] },
    ],
    instructions_recorded: true,
    revision: 3,
    editor_summary: editorSummary,
  } satisfies ExampleInput<"editResultSchema">,
  mediaItemSchema: mediaItem,
  mediaListSchema: {
    object: "editor_media_list",
    media: [mediaItem],
  } satisfies ExampleInput<"mediaListSchema">,
  mediaAdditionSchema: mediaAddition,
  mediaUploadResultSchema: {
    object: "editor_media_upload",
    media: mediaItem,
    editor: mediaAddition,
  } satisfies ExampleInput<"mediaUploadResultSchema">,
  mediaAdditionResultSchema: {
    object: "editor_media_addition",
    ...mediaAddition,
  } satisfies ExampleInput<"mediaAdditionResultSchema">,
  directUploadDescriptorSchema: {
    object: "editor_media_upload_url",
    upload: {
      method: "PUT",
      url: "https://uploads.example.com/org-7/launch.mp4?X-Signature=abc123",
      headers: { "Content-Type": "video/mp4" },
    },
    source_url: "https://uploads.example.com/org-7/launch.mp4",
    expires_at: "2026-01-15T10:30:00.000Z",
  } satisfies ExampleInput<"directUploadDescriptorSchema">,
  apiErrorSchema: {
    code: "insufficient_credits",
    message: "This request costs 60 credits but only 10 are available.",
    retryable: false,
    context: { credits_required: 60, credits_available: 10 },
  } satisfies ExampleInput<"apiErrorSchema">,
  errorResponseSchema: {
    error: { code: "not_found", message: "No generation with that id.", retryable: false },
  } satisfies ExampleInput<"errorResponseSchema">,
  editorRevisionSchema: {
    revision: 3,
    created_at: CREATED_AT,
    actor: "mcp",
    operation_types: ["set_title", "split_item"],
    instructions: "Tighten the intro",
    target_revision: null,
  } satisfies ExampleInput<"editorRevisionSchema">,
  editorRevisionListSchema: {
    object: "editor_revision_list",
    video_id: 42,
    latest_revision: 4,
    revisions: [
      {
        revision: 4,
        created_at: CREATED_AT,
        actor: "undo",
        operation_types: [],
        instructions: null,
        target_revision: 3,
      },
    ],
    next_cursor: "r4",
  } satisfies ExampleInput<"editorRevisionListSchema">,
  editorRevisionResultSchema: {
    object: "editor_revision_result",
    video_id: 42,
    action: "undo",
    revision: 4,
    target_revision: 3,
    editor_summary: editorSummary,
  } satisfies ExampleInput<"editorRevisionResultSchema">,
};

/** A valid request body, query or path for each request-side schema, keyed by export name. */
export const requestExamples = {
  createGenerationRequestSchema: {
    type: "static_ad",
    template_slug: "product-hero",
    preset_id: "sunlit-kitchen",
    prompt: "Our cold brew on a sunlit kitchen counter",
    aspect_ratio: "1:1",
    resolution: "1K",
    reference_media_ids: [MEDIA_ID],
    request_count: 2,
    idempotency_key: "gen-2026-01-15-kitchen",
  } satisfies ExampleInput<"createGenerationRequestSchema">,
  generationIdParamsSchema: {
    id: GENERATION_ID,
  } satisfies ExampleInput<"generationIdParamsSchema">,
  createSlideshowRequestSchema: {
    prompt: "5 ways to style a linen shirt",
    slide_count: 5,
    aspect_ratio: "9:16",
    product_image_urls: [`${CDN}/products/linen-shirt.jpg`],
    generate_text_overlays: true,
    idempotency_key: "slideshow-linen-1",
  } satisfies ExampleInput<"createSlideshowRequestSchema">,
  slideshowIdParamsSchema: { id: SLIDESHOW_ID } satisfies ExampleInput<"slideshowIdParamsSchema">,
  createFacelessVideoRequestSchema: {
    prompt: "Three facts about deep-sea octopuses",
    duration: "45",
    voice_id: "ash",
    selected_ai_styles: ["cinematic"],
    idempotency_key: "faceless-octopus-1",
  } satisfies ExampleInput<"createFacelessVideoRequestSchema">,
  videoIdParamsSchema: { id: "78" } satisfies ExampleInput<"videoIdParamsSchema">,
  inlineReferenceImageSchema: {
    filename: "look.png",
    content_type: "image/png",
    data: "data:image/png;base64,iVBORw0KGgo=",
  } satisfies ExampleInput<"inlineReferenceImageSchema">,
  createReferenceInspirationRequestSchema: {
    template_slug: "product-hero",
    template_category: "static-ads",
    label: "Linen look",
    image_urls: [`${CDN}/looks/linen.jpg`],
    images: [{ filename: "look.png", content_type: "image/png", data: "iVBORw0KGgo=" }],
    idempotency_key: "reference-linen-1",
  } satisfies ExampleInput<"createReferenceInspirationRequestSchema">,
  referenceInspirationQuerySchema: {
    suggest_targets: "true",
    description: "Flat-lay photos of skincare bottles",
    image_url: [`${CDN}/a.jpg`, `${CDN}/b.jpg`],
    limit: "5",
  } satisfies ExampleInput<"referenceInspirationQuerySchema">,
  createEditorVideoRequestSchema: {
    title: "Spring launch",
    aspect_ratio: "9:16",
    fps: 30,
  } satisfies ExampleInput<"createEditorVideoRequestSchema">,
  listEditorVideosQuerySchema: {
    limit: "10",
  } satisfies ExampleInput<"listEditorVideosQuerySchema">,
  editorVideoIdParamsSchema: { id: "42" } satisfies ExampleInput<"editorVideoIdParamsSchema">,
  patchEditorVideoRequestSchema: {
    instructions: "Tighten the intro",
    operations: [
      { type: "set_item_timing", item_id: "clip-1", from_seconds: 0, duration_seconds: 3 },
      { type: "set_title", title: "Spring launch v2" },
    ],
  } satisfies ExampleInput<"patchEditorVideoRequestSchema">,
  listMediaQuerySchema: {
    media_type: "audio",
    query: "rain",
    limit: "20",
  } satisfies ExampleInput<"listMediaQuerySchema">,
  placementSchema: {
    from_seconds: 2,
    duration_seconds: 5,
    track_id: "track-video",
    fit: "contain",
  } satisfies ExampleInput<"placementSchema">,
  inlineMediaSchema: {
    filename: "logo.png",
    content_type: "image/png",
    data: "iVBORw0KGgo=",
  } satisfies ExampleInput<"inlineMediaSchema">,
  uploadMediaRequestSchema: {
    source_url: "https://uploads.example.com/org-7/launch.mp4",
    filename: "launch.mp4",
    content_type: "video/mp4",
    media_type: "video",
    video_id: 42,
    add_to_editor: true,
    placement: { from_seconds: 2, duration_seconds: 5 },
    preserve_original: true,
  } satisfies ExampleInput<"uploadMediaRequestSchema">,
  uploadMediaMultipartFieldsSchema: {
    media_type: "image",
    title: "Logo",
    video_id: "42",
    add_to_editor: "true",
    placement: '{"from_seconds":1.5,"fit":"contain"}',
  } satisfies ExampleInput<"uploadMediaMultipartFieldsSchema">,
  addEditorMediaRequestSchema: {
    media_id: MEDIA_ID,
    audio_role: "music",
    from_seconds: 0,
    duration_seconds: 12,
  } satisfies ExampleInput<"addEditorMediaRequestSchema">,
  uploadUrlRequestSchema: {
    filename: "launch.mp4",
    content_type: "video/mp4",
    size_bytes: 48_000_000,
  } satisfies ExampleInput<"uploadUrlRequestSchema">,
  editorVideoQuerySchema: { revision: "3" } satisfies ExampleInput<"editorVideoQuerySchema">,
  listEditorRevisionsQuerySchema: {
    limit: "10",
    cursor: "r4",
  } satisfies ExampleInput<"listEditorRevisionsQuerySchema">,
  editorHistoryRequestSchema: {
    expected_revision: 4,
  } satisfies ExampleInput<"editorHistoryRequestSchema">,
};

/** Export name of a schema that has an example in {@link responseExamples}. */
export type ResponseExampleName = keyof typeof responseExamples;
/** Export name of a schema that has an example in {@link requestExamples}. */
export type RequestExampleName = keyof typeof requestExamples;
