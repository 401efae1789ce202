/**
 * reelkit/schemas: the contract. The zod schemas of every request and response, the
 * limits, the closed word lists, the API key scopes, and the builders of the OpenAPI
 * document and `skill.md` generated from them. Hosts validate untrusted input here before
 * it reaches the service or `reelkit/editor`.
 *
 * @example
 * ```ts
 * import { buildOpenApiDocument, buildSkillMarkdown, editOperationSchema } from "reelkit/schemas";
 *
 * const parsed = editOperationSchema.safeParse({ type: "set_title", title: "Teaser" });
 * if (parsed.success) console.log(parsed.data.type); // "set_title"
 * const openapi = buildOpenApiDocument({ serverUrl: "https://api.example.com/v1" });
 * const skill = buildSkillMarkdown({ baseUrl: "https://api.example.com/v1" });
 * ```
 *
 * @packageDocumentation
 */

// The closed word lists of the contract, free of zod; the schemas wrap them with `z.enum`.
export {
  ANIMATION_DIRECTIONS,
  ANIMATION_TYPES,
  CAPTION_DISPLAYS,
  CAPTION_PRESETS,
  type CaptionDisplay,
  type CaptionPreset,
  EDITOR_ASPECT_RATIOS,
  EDITOR_ASSET_TYPES,
  EDITOR_ITEM_TYPES,
  FACELESS_STEPS,
  type FacelessStep,
  MEDIA_TYPES,
  MOTION_TYPES,
  PRODUCT_STEPS,
  type ProductStep,
  SLIDESHOW_STEPS,
  type SlideshowStep,
  SOUND_ITEM_TYPES,
  type SoundItemType,
  TEXT_TRANSFORMS,
  type TextTransform,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from "../vocabulary.js";
export * from "./assets.js";
export * from "./catalog.js";
export * from "./common.js";
export * from "./credits.js";
export * from "./edit-operations.js";
export * from "./edit-values.js";
export * from "./editor-fonts.js";
export * from "./editor-render.js";
export * from "./editor-videos.js";
export * from "./endpoints.js";
export * from "./errors.js";
export * from "./faceless-videos.js";
export * from "./font-weights.js";
export * from "./generations.js";
export * from "./json-schema.js";
export * from "./limits.js";
export * from "./media.js";
export * from "./openapi.js";
export * from "./reference-inspirations.js";
export * from "./scopes.js";
export * from "./skill.js";
export * from "./slideshows.js";
export * from "./videos.js";
