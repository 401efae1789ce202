/**
 * My Media (spec 2.8, 4.15 to 4.18): media items and their list, the three upload forms
 * (inline JSON, HTTPS import, multipart), the direct-upload handshake, and adding media
 * to an editor timeline.
 *
 * @module
 */
import { z } from "zod";
import {
  audioRoleSchema,
  mediaTypeSchema,
  queryBooleanSchema,
  timestampSchema,
  urlSchema,
  uuidSchema,
} from "./common.js";
import {
  editorIdSchema,
  playbackRateSchema,
  positionPixelsSchema,
  sizePixelsSchema,
  timelineDurationSecondsSchema,
  timelinePositionSecondsSchema,
} from "./edit-values.js";
import { editorListLimitSchema, editorSummarySchema } from "./editor-videos.js";
import {
  BYTES_PER_MEBIBYTE,
  CONTENT_TYPE_MAX_LENGTH,
  IMAGE_AUDIO_IMPORT_MAX_BYTES,
  INLINE_UPLOAD_MAX_BASE64_LENGTH,
  INLINE_UPLOAD_MAX_BYTES,
  LONG_TEXT_MAX_LENGTH,
  MEDIA_QUERY_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PLAYBACK_RATE_DEFAULT,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  TIMELINE_DURATION_MAX_SECONDS,
  TIMELINE_DURATION_MIN_SECONDS,
  URL_MAX_LENGTH,
  VIDEO_ID_MIN,
  VIDEO_IMPORT_MAX_BYTES,
} from "./limits.js";
import { decimalIntegerSchema } from "./videos.js";

// ---------------------------------------------------------------------------
// Media items and the list
// ---------------------------------------------------------------------------

/** A My Media item. Extra properties are allowed. */
export const mediaItemSchema = z
  .looseObject({
    id: uuidSchema.describe(
      "Media id: usable in generation media-id fields, POST /editor/videos/{id}/media and social publishing once completed.",
    ),
    media_type: mediaTypeSchema.describe("image, video, audio or voice."),
    url: urlSchema.describe("Where the media is served from."),
    filename: z.string().describe("File name."),
    status: z.string().describe("Processing status; completed once usable."),
    metadata: z
      .record(z.string(), z.unknown())
      .describe(
        "Free-form details such as dimensions, duration and codec. Extension: every import records what probing found: duration_seconds, width and height (null where they do not apply or the file does not tell), streams (video, audio), codecs and probed_by (header or ffprobe), beside content_type, size_bytes and format.",
      ),
    created_at: timestampSchema.describe("When the item was created."),
    updated_at: timestampSchema.describe("When the item last changed."),
  })
  .describe("A My Media item; extra properties allowed.");
/**
 * A My Media item record. Named apart from the editor's `MediaItem`, which is a media item
 * on a timeline.
 */
export type MediaItemRecord = z.output<typeof mediaItemSchema>;

/** The response of GET /editor/media. */
export const mediaListSchema = z
  .object({
    object: z.literal("editor_media_list").describe("Always editor_media_list."),
    media: z.array(mediaItemSchema).describe("Media items, newest first."),
  })
  .describe("A list of My Media items.");
/** A list of My Media items. */
export type MediaList = z.output<typeof mediaListSchema>;

/**
 * The query of GET /editor/media.
 *
 * @example
 * ```ts
 * listMediaQuerySchema.parse({ media_type: "audio", query: "rain" });
 * // { media_type: "audio", query: "rain", limit: 30 }
 * ```
 */
export const listMediaQuerySchema = z
  .strictObject({
    media_type: mediaTypeSchema
      .optional()
      .describe("Filter: image, video, audio (includes voice assets) or voice (voice only)."),
    query: z
      .string()
      .max(MEDIA_QUERY_MAX_LENGTH)
      .optional()
      .describe("Search text, matched against file names and indexed text."),
    limit: editorListLimitSchema,
  })
  .describe("Query of GET /editor/media.");
/** A parsed GET /editor/media query. */
export type ListMediaQuery = z.output<typeof listMediaQuerySchema>;

// ---------------------------------------------------------------------------
// Content types and size limits
// ---------------------------------------------------------------------------

// type "/" subtype, each an RFC 6838 restricted name, optionally followed by parameters.
const MIME_TYPE = /^([a-z0-9][a-z0-9!#$&^_.+-]*)\/[a-z0-9][a-z0-9!#$&^_.+-]*\s*(;.*)?$/i;

const IMPORT_MAX_BYTES_BY_KIND: Readonly<Record<string, number>> = {
  video: VIDEO_IMPORT_MAX_BYTES,
  image: IMAGE_AUDIO_IMPORT_MAX_BYTES,
  audio: IMAGE_AUDIO_IMPORT_MAX_BYTES,
};

/**
 * The largest file, in bytes, that may be imported by `source_url` or direct upload for
 * a MIME type: 200 MiB for `video/*`, 50 MiB for `image/*` and `audio/*`. Undefined for
 * any other or malformed type, which cannot be imported at all.
 *
 * @example
 * ```ts
 * importMaxBytesForContentType("video/mp4"); // 209715200
 * importMaxBytesForContentType("application/pdf"); // undefined
 * ```
 */
export function importMaxBytesForContentType(contentType: string): number | undefined {
  const kind = MIME_TYPE.exec(contentType)?.[1]?.toLowerCase();
  return kind === undefined ? undefined : IMPORT_MAX_BYTES_BY_KIND[kind];
}

function mebibytes(bytes: number): string {
  return `${bytes / BYTES_PER_MEBIBYTE} MiB`;
}

const IMPORT_LIMITS_TEXT = `video at most ${mebibytes(VIDEO_IMPORT_MAX_BYTES)}, image and audio at most ${mebibytes(IMAGE_AUDIO_IMPORT_MAX_BYTES)}`;

const mediaContentTypeSchema = z
  .string()
  .max(CONTENT_TYPE_MAX_LENGTH)
  .refine((value) => importMaxBytesForContentType(value) !== undefined, {
    message: "Expected an image/*, video/* or audio/* MIME type.",
  });

const filenameSchema = z.string().min(1).max(NAME_MAX_LENGTH);

// The service downloads imports itself over HTTPS only (spec 4.16), and its URL fetcher
// refuses any other scheme with `scheme_not_allowed`. The schema also admits http because
// a host served over plain http (the reference host on 127.0.0.1) signs its own direct
// upload URLs with its origin, and those are read from storage, never downloaded.
const importUrlSchema = z.url({ protocol: /^https?$/ }).max(URL_MAX_LENGTH);

// ---------------------------------------------------------------------------
// Placement on a timeline
// ---------------------------------------------------------------------------

/**
 * How visual media fills its box on the timeline. Its type is the editor's `MediaFit`, so
 * no second alias is exported here.
 */
export const mediaFitSchema = z
  .enum(["cover", "contain"])
  .describe("cover fills the box and crops; contain fits inside it.");

// The bare rule of each placement field, shared by the JSON object and the multipart
// form fields so that both enforce the same ranges.
const placementFieldRules = {
  from_seconds: timelinePositionSecondsSchema,
  duration_seconds: timelineDurationSecondsSchema,
  source_start_seconds: timelinePositionSecondsSchema,
  playback_rate: playbackRateSchema,
  left: positionPixelsSchema,
  top: positionPixelsSchema,
  width: sizePixelsSchema,
  height: sizePixelsSchema,
} as const;

const PLACEMENT_FIELD_DESCRIPTIONS = {
  from_seconds: "Where the item starts on the timeline, in seconds; default 0.",
  duration_seconds: `How long the item shows or plays, ${TIMELINE_DURATION_MIN_SECONDS} to ${TIMELINE_DURATION_MAX_SECONDS} seconds; the media's length when omitted.`,
  source_start_seconds: "How far into the media playback begins, in seconds; default 0.",
  playback_rate: `Speed, ${PLAYBACK_RATE_MIN} to ${PLAYBACK_RATE_MAX}; default ${PLAYBACK_RATE_DEFAULT} (normal).`,
  track_id:
    "Track to place the item on; omit to reuse a compatible track where it does not overlap.",
  audio_role: "Audio role of the item; music for background music.",
  fit: "cover or contain; default cover.",
  left: "Left edge in composition pixels.",
  top: "Top edge in composition pixels.",
  width: "Box width in composition pixels, > 0.",
  height: "Box height in composition pixels, > 0.",
} as const;

/** Where and how uploaded media is placed when it is added to an editor video (spec 4.16). */
export const placementSchema = z
  .strictObject({
    from_seconds: placementFieldRules.from_seconds
      .default(0)
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.from_seconds),
    duration_seconds: placementFieldRules.duration_seconds
      .optional()
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.duration_seconds),
    source_start_seconds: placementFieldRules.source_start_seconds
      .default(0)
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.source_start_seconds),
    playback_rate: placementFieldRules.playback_rate
      .default(PLAYBACK_RATE_DEFAULT)
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.playback_rate),
    track_id: editorIdSchema.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.track_id),
    audio_role: audioRoleSchema.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.audio_role),
    fit: mediaFitSchema.default("cover").describe(PLACEMENT_FIELD_DESCRIPTIONS.fit),
    left: placementFieldRules.left.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.left),
    top: placementFieldRules.top.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.top),
    width: placementFieldRules.width.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.width),
    height: placementFieldRules.height.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.height),
  })
  .describe("Where and how the media is placed on the editor timeline.");
/** A parsed placement, defaults applied. */
export type Placement = z.output<typeof placementSchema>;
/** A placement as a client writes it (defaults optional). */
export type PlacementInput = z.input<typeof placementSchema>;

// ---------------------------------------------------------------------------
// POST /editor/media: JSON body
// ---------------------------------------------------------------------------

/** An inline upload: the file itself, base64-encoded, within the inline upload limit. */
export const inlineMediaSchema = z
  .strictObject({
    filename: filenameSchema.describe("File name, such as clip.mp4."),
    content_type: mediaContentTypeSchema.describe("MIME type: image/*, video/* or audio/*."),
    data: z
      .string()
      .min(1)
      .max(INLINE_UPLOAD_MAX_BASE64_LENGTH)
      .describe(
        `Base64 file bytes or a data URL; at most ${mebibytes(INLINE_UPLOAD_MAX_BYTES)} decoded. Larger files use POST /editor/media/upload-url.`,
      ),
  })
  .describe("An inline file upload.");
/** An inline file upload. */
export type InlineMedia = z.output<typeof inlineMediaSchema>;

const uploadMediaTypeSchema = mediaTypeSchema
  .exclude(["voice"])
  .describe("Kind of media: image, video or audio; inferred from the content type when omitted.");

type EditorTarget = {
  readonly video_id?: number | undefined;
  readonly add_to_editor: boolean;
};

// Adding needs a project, and a placement is only read when adding; either mistake would
// otherwise be silently ignored.
function checkEditorTarget(
  body: EditorTarget,
  placementPath: string | undefined,
  context: z.RefinementCtx,
): void {
  if (body.add_to_editor && body.video_id === undefined) {
    context.addIssue({
      code: "custom",
      path: ["video_id"],
      message: "add_to_editor=true needs video_id: the editor video to add the media to.",
    });
  }
  if (!body.add_to_editor && placementPath !== undefined) {
    context.addIssue({
      code: "custom",
      path: [placementPath],
      message: `${placementPath} is read only with add_to_editor=true.`,
    });
  }
}

/**
 * The JSON body of POST /editor/media. Exactly one source: `media` (inline, at most
 * 3 MiB) or `source_url` (an HTTPS URL the service downloads). `preserve_original` only
 * applies to `source_url` imports, and `placement` only when `add_to_editor` is true.
 *
 * @example
 * ```ts
 * const body = uploadMediaRequestSchema.parse({
 *   source_url: "https://cdn.example.com/broll/city.mp4",
 *   media_type: "video",
 *   video_id: 42,
 *   add_to_editor: true,
 *   placement: { from_seconds: 2, duration_seconds: 5 },
 * });
 * body.placement?.fit; // "cover"
 * ```
 */
export const uploadMediaRequestSchema = z
  .strictObject({
    media: inlineMediaSchema.optional().describe("Inline file; give this or source_url."),
    source_url: importUrlSchema
      .optional()
      .describe(
        `HTTPS URL the service downloads, or the source_url of a direct upload; ${IMPORT_LIMITS_TEXT}. Give this or media.`,
      ),
    filename: filenameSchema
      .optional()
      .describe("File name to store, overriding the one in source_url."),
    content_type: mediaContentTypeSchema
      .optional()
      .describe("MIME type hint for source_url, such as video/mp4."),
    media_type: uploadMediaTypeSchema.optional(),
    title: z.string().max(NAME_MAX_LENGTH).optional().describe("Display title of the media item."),
    video_id: z
      .int()
      .min(VIDEO_ID_MIN)
      .optional()
      .describe("Editor video to add the media to; required with add_to_editor=true."),
    add_to_editor: z
      .boolean()
      .default(false)
      .describe("Also add the media to the editor video video_id; default false."),
    placement: placementSchema
      .optional()
      .describe("Placement on the timeline; only with add_to_editor=true."),
    preserve_original: z
      .boolean()
      .optional()
      .describe(
        "source_url only: true skips transcoding and keeps the original MP4 or WebM (no thumbnail, no codec check); use only for files already checked for playback compatibility.",
      ),
  })
  .superRefine((body, context) => {
    if (body.media === undefined && body.source_url === undefined) {
      context.addIssue({
        code: "custom",
        path: [],
        message: "Give exactly one source: media or source_url.",
      });
    }
    if (body.media !== undefined && body.source_url !== undefined) {
      context.addIssue({
        code: "custom",
        path: ["source_url"],
        message: "Give exactly one source: media or source_url, not both.",
      });
    }
    if (body.preserve_original !== undefined && body.source_url === undefined) {
      context.addIssue({
        code: "custom",
        path: ["preserve_original"],
        message: "preserve_original applies only to source_url imports.",
      });
    }
    checkEditorTarget(body, body.placement === undefined ? undefined : "placement", context);
  })
  .describe("JSON body of POST /editor/media.");
/** A parsed JSON body of POST /editor/media, defaults applied. */
export type UploadMediaRequest = z.output<typeof uploadMediaRequestSchema>;
/** A JSON body of POST /editor/media as a client writes it (defaults optional). */
export type UploadMediaRequestInput = z.input<typeof uploadMediaRequestSchema>;

// ---------------------------------------------------------------------------
// POST /editor/media: multipart form fields
// ---------------------------------------------------------------------------

// A decimal number as a form field carries it: optional minus, digits, optional fraction.
const FORM_NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

function formNumber(rule: z.ZodNumber) {
  return z.string().regex(FORM_NUMBER, "Expected a decimal number.").transform(Number).pipe(rule);
}

const placementJsonSchema = z
  .string()
  .max(LONG_TEXT_MAX_LENGTH)
  .transform((text, context): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      context.addIssue({ code: "custom", message: "placement is not valid JSON." });
      return z.NEVER;
    }
  })
  .pipe(placementSchema);

const INDIVIDUAL_PLACEMENT_FIELDS = [
  "from_seconds",
  "duration_seconds",
  "source_start_seconds",
  "playback_rate",
  "track_id",
  "audio_role",
  "fit",
  "left",
  "top",
  "width",
  "height",
] as const;

/**
 * The text fields of a multipart POST /editor/media, converted from strings to their
 * types. The `file` part is binary and is read by the adapter, not here. Placement comes
 * either as one `placement` field holding JSON or as individual fields, never both; the
 * output always carries it as one `placement` object.
 *
 * @example
 * ```ts
 * const fields = uploadMediaMultipartFieldsSchema.parse({
 *   media_type: "image",
 *   video_id: "42",
 *   add_to_editor: "true",
 *   from_seconds: "1.5",
 *   fit: "contain",
 * });
 * fields.placement?.from_seconds; // 1.5
 * ```
 */
export const uploadMediaMultipartFieldsSchema = z
  .strictObject({
    media_type: uploadMediaTypeSchema.optional(),
    title: z.string().max(NAME_MAX_LENGTH).optional().describe("Display title of the media item."),
    filename: filenameSchema.optional().describe("File name to store instead of the part's own."),
    content_type: mediaContentTypeSchema
      .optional()
      .describe("MIME type to store instead of the part's own."),
    video_id: decimalIntegerSchema(VIDEO_ID_MIN)
      .optional()
      .describe("Editor video to add the media to; required with add_to_editor=true."),
    add_to_editor: queryBooleanSchema
      .default(false)
      .describe("true or false: also add the media to video_id; default false."),
    placement: placementJsonSchema
      .optional()
      .describe("The placement object as a JSON string; or send its fields individually."),
    from_seconds: formNumber(placementFieldRules.from_seconds)
      .optional()
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.from_seconds),
    duration_seconds: formNumber(placementFieldRules.duration_seconds)
      .optional()
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.duration_seconds),
    source_start_seconds: formNumber(placementFieldRules.source_start_seconds)
      .optional()
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.source_start_seconds),
    playback_rate: formNumber(placementFieldRules.playback_rate)
      .optional()
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.playback_rate),
    track_id: editorIdSchema.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.track_id),
    audio_role: audioRoleSchema.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.audio_role),
    fit: mediaFitSchema.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.fit),
    left: formNumber(placementFieldRules.left)
      .optional()
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.left),
    top: formNumber(placementFieldRules.top).optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.top),
    width: formNumber(placementFieldRules.width)
      .optional()
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.width),
    height: formNumber(placementFieldRules.height)
      .optional()
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.height),
  })
  .superRefine((fields, context) => {
    const individual = INDIVIDUAL_PLACEMENT_FIELDS.filter((name) => fields[name] !== undefined);
    if (fields.placement !== undefined) {
      for (const name of individual) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `Send placement as JSON or as individual fields, not both (${name}).`,
        });
      }
    }
    const placementPath = fields.placement !== undefined ? "placement" : individual[0];
    checkEditorTarget(fields, placementPath, context);
  })
  .transform((fields) => {
    const { media_type, title, filename, content_type, video_id, add_to_editor } = fields;
    const individual: Record<string, unknown> = {};
    for (const name of INDIVIDUAL_PLACEMENT_FIELDS) {
      if (fields[name] !== undefined) individual[name] = fields[name];
    }
    // Every individual field was validated above, so applying the defaults cannot fail.
    const placement =
      fields.placement ??
      (Object.keys(individual).length > 0 ? placementSchema.parse(individual) : undefined);
    return { media_type, title, filename, content_type, video_id, add_to_editor, placement };
  })
  .describe("Text fields of a multipart POST /editor/media; the file part is named file.");
/** The parsed text fields of a multipart upload, placement gathered into one object. */
export type UploadMediaMultipartFields = z.output<typeof uploadMediaMultipartFieldsSchema>;

// ---------------------------------------------------------------------------
// Results of adding and uploading
// ---------------------------------------------------------------------------

/** What adding media to an editor video produced. */
export const mediaAdditionSchema = z
  .object({
    video_id: z.int().min(VIDEO_ID_MIN).describe("Editor video the media was added to."),
    asset_id: z.string().describe("Asset created for the media in the editor state."),
    item_id: z.string().describe("Timeline item created; use it as item_id in edit operations."),
    editor_summary: editorSummarySchema,
  })
  .describe("The asset and timeline item created by adding media.");
/** The asset and timeline item created by adding media. */
export type MediaAddition = z.output<typeof mediaAdditionSchema>;

/** The response of POST /editor/media. */
export const mediaUploadResultSchema = z
  .object({
    object: z.literal("editor_media_upload").describe("Always editor_media_upload."),
    media: mediaItemSchema,
    editor: mediaAdditionSchema
      .nullable()
      .describe("The addition when add_to_editor was true; null otherwise."),
  })
  .describe("An uploaded media item, and its addition to an editor video if requested.");
/** An uploaded media item and its optional addition. */
export type MediaUploadResult = z.output<typeof mediaUploadResultSchema>;

// ---------------------------------------------------------------------------
// POST /editor/videos/{id}/media
// ---------------------------------------------------------------------------

/**
 * The body of POST /editor/videos/{id}/media. Exactly one of `media_id` (an existing My
 * Media item) and `url` (a direct URL). `width`/`height` describe the media itself;
 * `item_width`/`item_height` size the item on the timeline.
 *
 * @example
 * ```ts
 * const body = addEditorMediaRequestSchema.parse({
 *   media_id: "4a0c9f1e-2b3d-4e5f-8a6b-7c8d9e0f1a2b",
 *   audio_role: "music",
 *   from_seconds: 0,
 * });
 * body.playback_rate; // 1
 * ```
 */
export const addEditorMediaRequestSchema = z
  .strictObject({
    media_id: uuidSchema.optional().describe("Existing My Media item; give this or url."),
    url: urlSchema.optional().describe("Direct media URL; give this or media_id."),
    media_type: mediaTypeSchema
      .optional()
      .describe("image, video, audio or voice; inferred when omitted."),
    filename: filenameSchema.optional().describe("File name for media added by url."),
    width: placementFieldRules.width
      .optional()
      .describe("Intrinsic width of the media in pixels, > 0."),
    height: placementFieldRules.height
      .optional()
      .describe("Intrinsic height of the media in pixels, > 0."),
    duration_seconds: placementFieldRules.duration_seconds
      .optional()
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.duration_seconds),
    from_seconds: placementFieldRules.from_seconds
      .default(0)
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.from_seconds),
    source_start_seconds: placementFieldRules.source_start_seconds
      .default(0)
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.source_start_seconds),
    playback_rate: placementFieldRules.playback_rate
      .default(PLAYBACK_RATE_DEFAULT)
      .describe(PLACEMENT_FIELD_DESCRIPTIONS.playback_rate),
    track_id: editorIdSchema.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.track_id),
    audio_role: audioRoleSchema.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.audio_role),
    fit: mediaFitSchema.default("cover").describe(PLACEMENT_FIELD_DESCRIPTIONS.fit),
    left: placementFieldRules.left.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.left),
    top: placementFieldRules.top.optional().describe(PLACEMENT_FIELD_DESCRIPTIONS.top),
    item_width: placementFieldRules.width
      .optional()
      .describe("Width of the timeline item in composition pixels, > 0."),
    item_height: placementFieldRules.height
      .optional()
      .describe("Height of the timeline item in composition pixels, > 0."),
  })
  .superRefine((body, context) => {
    if (body.media_id === undefined && body.url === undefined) {
      context.addIssue({
        code: "custom",
        path: [],
        message: "Give exactly one of media_id or url.",
      });
    }
    if (body.media_id !== undefined && body.url !== undefined) {
      context.addIssue({
        code: "custom",
        path: ["url"],
        message: "Give exactly one of media_id or url, not both.",
      });
    }
  })
  .describe("Request body of POST /editor/videos/{id}/media.");
/** A parsed POST /editor/videos/{id}/media body, defaults applied. */
export type AddEditorMediaRequest = z.output<typeof addEditorMediaRequestSchema>;
/** A POST /editor/videos/{id}/media body as a client writes it (defaults optional). */
export type AddEditorMediaRequestInput = z.input<typeof addEditorMediaRequestSchema>;

/** The response of POST /editor/videos/{id}/media. */
export const mediaAdditionResultSchema = z
  .object({
    object: z.literal("editor_media_addition").describe("Always editor_media_addition."),
    ...mediaAdditionSchema.shape,
  })
  .describe("The asset and timeline item created by adding media.");
/** The response of POST /editor/videos/{id}/media. */
export type MediaAdditionResult = z.output<typeof mediaAdditionResultSchema>;

// ---------------------------------------------------------------------------
// POST /editor/media/upload-url
// ---------------------------------------------------------------------------

/**
 * The body of POST /editor/media/upload-url. The size must fit the limit of the file's
 * kind, read from `content_type`: `video/*` up to 200 MiB, `image/*` and `audio/*` up to
 * 50 MiB; other types are refused.
 *
 * @example
 * ```ts
 * uploadUrlRequestSchema.parse({ filename: "launch.mp4", content_type: "video/mp4", size_bytes: 48_000_000 });
 * uploadUrlRequestSchema.safeParse({ filename: "a.png", content_type: "image/png", size_bytes: 60_000_000 })
 *   .error?.issues[0]?.path; // ["size_bytes"]
 * ```
 */
export const uploadUrlRequestSchema = z
  .strictObject({
    filename: filenameSchema.describe("Name of the file to upload."),
    content_type: z
      .string()
      .max(CONTENT_TYPE_MAX_LENGTH)
      .describe("MIME type of the file: image/*, video/* or audio/*. Send it again on import."),
    size_bytes: z.int().min(1).describe(`Exact file size in bytes; ${IMPORT_LIMITS_TEXT}.`),
  })
  .superRefine((body, context) => {
    const maximum = importMaxBytesForContentType(body.content_type);
    if (maximum === undefined) {
      context.addIssue({
        code: "custom",
        path: ["content_type"],
        message: "Only image/*, video/* and audio/* files can be uploaded.",
      });
    } else if (body.size_bytes > maximum) {
      context.addIssue({
        code: "too_big",
        origin: "number",
        maximum,
        inclusive: true,
        input: body.size_bytes,
        path: ["size_bytes"],
        message: `A ${body.content_type} file may be at most ${maximum} bytes.`,
      });
    }
  })
  .describe("Request body of POST /editor/media/upload-url.");
/** A parsed POST /editor/media/upload-url body. */
export type UploadUrlRequest = z.output<typeof uploadUrlRequestSchema>;

/**
 * The response of POST /editor/media/upload-url: where to PUT the bytes, and the URL to
 * import afterwards with POST /editor/media. The upload URL is pre-signed and expires.
 */
export const directUploadDescriptorSchema = z
  .object({
    object: z.literal("editor_media_upload_url").describe("Always editor_media_upload_url."),
    upload: z
      .object({
        method: z.literal("PUT").describe("Always PUT."),
        url: z
          .url({ protocol: /^https?$/ })
          .max(LONG_TEXT_MAX_LENGTH)
          .describe(
            "Pre-signed URL to PUT the raw bytes to, without multipart and without the API key.",
          ),
        headers: z
          .record(z.string(), z.string())
          .describe("Headers to send with the PUT exactly as given, such as Content-Type."),
      })
      .describe("How to send the file bytes."),
    source_url: importUrlSchema.describe(
      "URL to import with POST /editor/media (source_url) once the PUT succeeded.",
    ),
    expires_at: timestampSchema.describe("When upload.url stops accepting the PUT."),
  })
  .describe("A prepared direct upload.");
/** A prepared direct upload. */
export type DirectUploadDescriptor = z.output<typeof directUploadDescriptorSchema>;
