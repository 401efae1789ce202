/**
 * Primitive schemas shared by every resource group: URLs, ids, timestamps, idempotency
 * keys and the small enumerations that several endpoints reuse.
 *
 * @module
 */
import { z } from "zod";
import {
  AUDIO_ROLES,
  type AudioRole,
  EDITOR_ASPECT_RATIOS,
  type EditorAspectRatio,
  MEDIA_TYPES,
  type MediaType,
} from "../vocabulary.js";

export type { AudioRole, EditorAspectRatio, MediaType };

import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_MIN_LENGTH,
  URL_MAX_LENGTH,
} from "./limits.js";

/** An absolute `http` or `https` URL (spec 2: "Uri fields are absolute URLs"). */
export const urlSchema = z.url({ protocol: /^https?$/ }).max(URL_MAX_LENGTH);

/**
 * A UUID string (spec 2: "Ids typed uuid are UUID strings"), in either case on the way in
 * and in its canonical lower case once parsed (RFC 9562 section 4: UUIDs compare
 * case-insensitively), so every lookup by id finds the record however the id was typed.
 * The service mints its ids in lower case too.
 */
export const uuidSchema = z.uuid().overwrite((uuid) => uuid.toLowerCase());

/** A timestamp string in ISO 8601 form with an offset or `Z`. */
export const timestampSchema = z.iso.datetime({ offset: true });

/** A positive integer id as used by videos, editor projects and brand kits. */
export const integerIdSchema = z.int().min(1);

/**
 * The body field `idempotency_key` of POST /generations, POST /reference-inspirations
 * and `add_voiceover`: at most 160 characters.
 */
export const idempotencyKeySchema = z.string().max(IDEMPOTENCY_KEY_MAX_LENGTH);

/**
 * The body field `idempotency_key` of POST /slideshows and POST /faceless-videos: 1 to 160
 * characters.
 */
export const strictIdempotencyKeySchema = z
  .string()
  .min(IDEMPOTENCY_KEY_MIN_LENGTH)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH);

/**
 * The optional body field `idempotency_key` of POST /slideshows and POST /faceless-videos,
 * as their request schemas declare it: a {@link strictIdempotencyKeySchema} that the
 * Idempotency-Key header overrides.
 */
export const strictIdempotencyKeyFieldSchema = strictIdempotencyKeySchema
  .optional()
  .describe(
    `Idempotency key, used when the Idempotency-Key header is absent; ${IDEMPOTENCY_KEY_MIN_LENGTH} to ${IDEMPOTENCY_KEY_MAX_LENGTH} chars.`,
  );

/** The audio role of an audio timeline item (spec 4.14 `audio_role`). */
export const audioRoleSchema = z.enum(AUDIO_ROLES);

/** Aspect ratios an editor project can have (spec 4.12). */
export const editorAspectRatioSchema = z.enum(EDITOR_ASPECT_RATIOS);

/** Kinds of media in My Media (spec 2.8). `voice` is a subset of audio. */
export const mediaTypeSchema = z.enum(MEDIA_TYPES);

/** Template categories a reference inspiration can target (spec 2.2, 2.6). */
export const templateCategorySchema = z.enum([
  "static-ads",
  "video-templates",
  "slideshow-carousel",
]);
/** Template category of a reference target. */
export type TemplateCategory = z.output<typeof templateCategorySchema>;

/** Media kinds a reference inspiration can hold (spec 2.6). */
export const referenceMediaKindSchema = z.enum(["image", "slideshow", "video"]);
/** Media kind of a reference inspiration. */
export type ReferenceMediaKind = z.output<typeof referenceMediaKindSchema>;

/**
 * A boolean carried in a query string: `true`/`false` (also `1`/`0`), anything else is
 * rejected rather than read as truthy.
 */
export const queryBooleanSchema = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");
