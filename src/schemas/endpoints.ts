/**
 * The endpoint table: every path and method of the spec 4.0 summary, and the documented
 * extensions beyond it, declared once with its schemas, scopes, statuses and idempotency
 * rules. The OpenAPI document, `skill.md`
 * and the HTTP route table are all read from here, so they cannot disagree.
 *
 * @module
 */
import type { z } from "zod";
import { workspaceAssetsSchema } from "./assets.js";
import { catalogSchema } from "./catalog.js";
import { creditBalanceSchema } from "./credits.js";
import { editorFontsSchema } from "./editor-fonts.js";
import {
  editorFrameQuerySchema,
  editorVideoExportSchema,
  exportEditorVideoRequestSchema,
} from "./editor-render.js";
import {
  editorHistoryRequestSchema,
  editorRevisionListSchema,
  editorRevisionResultSchema,
  editorVideoQuerySchema,
  listEditorRevisionsQuerySchema,
} from "./editor-revisions.js";
import {
  createEditorVideoRequestSchema,
  editorVideoIdParamsSchema,
  editorVideoListSchema,
  editorVideoSchema,
  editResultSchema,
  listEditorVideosQuerySchema,
  patchEditorVideoRequestSchema,
} from "./editor-videos.js";
import {
  createFacelessVideoRequestSchema,
  facelessVideoCreationResultSchema,
} from "./faceless-videos.js";
import {
  createGenerationRequestSchema,
  generationBatchSchema,
  generationIdParamsSchema,
  generationSchema,
} from "./generations.js";
import {
  EDITOR_LIST_RESPONSE_MAX_BYTES,
  FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
  FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
  IDEMPOTENCY_KEY_MIN_LENGTH,
  IMAGE_PIXELS_MAX,
  IMAGE_SIDE_MAX_PIXELS,
  PROJECT_ITEMS_MAX,
  PROJECT_STATE_MAX_BYTES,
  TIMELINE_DURATION_MAX_SECONDS,
} from "./limits.js";
import {
  addEditorMediaRequestSchema,
  directUploadDescriptorSchema,
  listMediaQuerySchema,
  mediaAdditionResultSchema,
  mediaListSchema,
  mediaUploadResultSchema,
  uploadMediaMultipartFieldsSchema,
  uploadMediaRequestSchema,
  uploadUrlRequestSchema,
} from "./media.js";
import {
  createReferenceInspirationRequestSchema,
  referenceInspirationCreateResultSchema,
  referenceInspirationListSchema,
  referenceInspirationQuerySchema,
  referenceInspirationRecommendationsSchema,
  referenceTargetSuggestionsSchema,
} from "./reference-inspirations.js";
import { type ApiScope, READ_OR_WRITE_SCOPES, WRITE_SCOPES } from "./scopes.js";
import {
  createSlideshowRequestSchema,
  slideshowCreationResultSchema,
  slideshowIdParamsSchema,
  slideshowSchema,
} from "./slideshows.js";
import { videoIdParamsSchema, videoSchema } from "./videos.js";

/** HTTP methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PATCH";

/** How an endpoint authenticates. */
export type EndpointAuth = "none" | "bearer";

/** A request body the endpoint accepts under one media type. */
export interface EndpointBody {
  /** Media type of the body, such as `application/json`. */
  readonly contentType: "application/json" | "multipart/form-data";
  /**
   * Schema of the body. For multipart forms it covers the text fields; the binary parts
   * are named by {@link EndpointBody.binaryFields}.
   */
  readonly schema: z.ZodType;
  /** Multipart parts that carry file bytes. */
  readonly binaryFields?: readonly string[];
}

/** The success response of an endpoint. */
export interface EndpointSuccess {
  /** Media type of the success body. */
  readonly contentType: "application/json" | "text/markdown" | "image/png";
  /** Schema of a JSON success body; several schemas mean "one of these". */
  readonly schemas: readonly z.ZodType[];
  /** What the success body is, in a few words. */
  readonly description: string;
}

/** How an endpoint takes an idempotency key (spec 4.0). */
export interface EndpointIdempotency {
  /** Shortest key accepted; 0 where the contract sets no minimum. */
  readonly minLength: number;
}

/** One endpoint of the API; `Id` narrows the operation id, as {@link ENDPOINTS} does. */
export interface EndpointDefinition<Id extends string = string> {
  /** Stable camelCase name, used as the OpenAPI `operationId` and in route tables. */
  readonly operationId: Id;
  /** HTTP method. */
  readonly method: HttpMethod;
  /** Path relative to the base URL, with `{name}` placeholders. */
  readonly path: string;
  /** Groups endpoints in the documentation. */
  readonly tag: EndpointTag;
  /** One line saying what the endpoint does. */
  readonly summary: string;
  /** What a caller needs to know beyond the summary. */
  readonly description: string;
  /** Whether a bearer API key is required. */
  readonly auth: EndpointAuth;
  /** The key must carry at least one of these scopes; empty when no key is needed. */
  readonly scopes: readonly ApiScope[];
  /** Schema of the path parameters, when the path has any. */
  readonly pathParams?: z.ZodType;
  /** Schema of the query string, when the endpoint reads one. */
  readonly query?: z.ZodType;
  /** Accepted request bodies, one per media type. */
  readonly bodies?: readonly EndpointBody[];
  /**
   * True when the body may be left out (every field is optional and a bare request means
   * the empty object); the OpenAPI document then marks the request body not required.
   */
  readonly bodyOptional?: boolean;
  /** The 200 response. */
  readonly success: EndpointSuccess;
  /** Error statuses the endpoint can answer with, ascending. */
  readonly errorStatuses: readonly number[];
  /** Present when the endpoint is a paid creation that takes an idempotency key. */
  readonly idempotency?: EndpointIdempotency;
  /** Whether the request spends credits and counts against the rate limit. */
  readonly paid: boolean;
  /**
   * True for an endpoint beyond the API contract: an additive extension, recorded in
   * `docs/spec-decisions.md` and marked `x-reelkit-extension` in the OpenAPI document.
   */
  readonly extension?: boolean;
  /**
   * How the endpoint takes entity tags of editor revisions: `if-none-match` for a read
   * that answers 304 to a tag the client holds, `if-match` for a change that applies only
   * on the tagged revision (409 `revision_conflict` otherwise). Either way its 200 carries
   * the `ETag` of the revision it answers about.
   */
  readonly conditional?: "if-none-match" | "if-match";
}

/** Documentation groups, in reading order. */
export const ENDPOINT_TAGS = [
  "Self-description",
  "Catalog and assets",
  "Generations",
  "Slideshows and videos",
  "Reference inspirations",
  "Editor",
  "My Media",
] as const;

/** One documentation group of {@link ENDPOINT_TAGS}. */
export type EndpointTag = (typeof ENDPOINT_TAGS)[number];

const AUTHENTICATED_ERRORS = [401, 402, 403, 500] as const;
const PAID_CREATION_ERRORS = [400, 401, 402, 403, 404, 409, 429, 500] as const;
const VALIDATED_ERRORS = [400, 401, 402, 403, 500] as const;
// A malformed id is a 400 too, though sections 4.5 and 4.7 list only 404 for their ids.
const VALIDATED_BY_ID_ERRORS = [400, 401, 402, 403, 404, 500] as const;
// Changes of editor projects count against the organization's edit limit, and previews
// against its limit of previews (extensions).
const EDIT_ERRORS = [400, 401, 402, 403, 429, 500] as const;
const EDIT_BY_ID_ERRORS = [400, 401, 402, 403, 404, 429, 500] as const;
const LOOSE_IDEMPOTENCY: EndpointIdempotency = { minLength: 0 };
const STRICT_IDEMPOTENCY: EndpointIdempotency = { minLength: IDEMPOTENCY_KEY_MIN_LENGTH };

function json(schema: z.ZodType): readonly EndpointBody[] {
  return [{ contentType: "application/json", schema }];
}

// Every import is probed whole before it is stored (an extension).
const PROBE_EXTENSION = `Extension: every file is probed whole before it is stored: one that does not decode is a 400 (context.reason media_undecodable or media_unsupported, naming the field), a picture or video frame past ${IMAGE_SIDE_MAX_PIXELS} pixels a side or ${IMAGE_PIXELS_MAX} pixels in all is a 400 image_too_large with its width and height, and a filename whose extension names another kind than the bytes is a 400 filename_kind_mismatch; nothing is stored. metadata records duration_seconds, width, height, streams, codecs and probed_by.`;

function ok(description: string, ...schemas: z.ZodType[]): EndpointSuccess {
  return { contentType: "application/json", schemas, description };
}

// The table keeps its literal types, so the operation ids are derived from it.
const ENDPOINT_TABLE = [
  {
    operationId: "getCatalog",
    method: "GET",
    path: "/models",
    tag: "Catalog and assets",
    summary: "List templates, presets and AI models.",
    description:
      "The generation catalog: static ad, video ad and UGC ad templates with their presets and quality tiers, and AI models with their variants. Credit amounts here are estimates; the server computes the charge.",
    auth: "none",
    scopes: [],
    success: ok("The catalog.", catalogSchema),
    errorStatuses: [500],
    paid: false,
  },
  {
    operationId: "getOpenApiDocument",
    method: "GET",
    path: "/openapi.json",
    tag: "Self-description",
    summary: "The OpenAPI 3.1 document of this API.",
    description:
      "Machine-readable description of every endpoint, generated from the same schemas that validate requests.",
    auth: "none",
    scopes: [],
    success: {
      contentType: "application/json",
      schemas: [],
      description: "An OpenAPI 3.1 document.",
    },
    errorStatuses: [500],
    paid: false,
  },
  {
    operationId: "getSkillMarkdown",
    method: "GET",
    path: "/skill.md",
    tag: "Self-description",
    summary: "Instructions for AI agents, in Markdown.",
    description:
      "How an agent authenticates, polls, retries and edits, with every endpoint and edit operation.",
    auth: "none",
    scopes: [],
    success: {
      contentType: "text/markdown",
      schemas: [],
      description: "The agent instruction file.",
    },
    errorStatuses: [500],
    paid: false,
  },
  {
    operationId: "listWorkspaceAssets",
    method: "GET",
    path: "/assets",
    tag: "Catalog and assets",
    summary: "List brand kits, avatars, voices and reference template targets.",
    description:
      "Ids from this list are used as brand_kit_id, avatar_id, voice_id and reference targets.",
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    success: ok("The workspace assets.", workspaceAssetsSchema),
    errorStatuses: AUTHENTICATED_ERRORS,
    paid: false,
  },
  {
    operationId: "getCreditBalance",
    method: "GET",
    path: "/credits",
    tag: "Catalog and assets",
    summary: "Read the organization's credit balance.",
    description:
      "An extension beyond the API contract. available is what a new paid request may use (the remaining_credits of paid responses); pending is held for queued work and is charged when it completes or returned when it fails; posted is settled.",
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    success: ok("The credit balance.", creditBalanceSchema),
    errorStatuses: AUTHENTICATED_ERRORS,
    paid: false,
    extension: true,
  },
  {
    operationId: "createGeneration",
    method: "POST",
    path: "/generations",
    tag: "Generations",
    summary: "Queue 1 to 10 generations.",
    description:
      "Static ads, video ads and UGC ads use template_slug; ai_model uses model_slug. Credits are deducted before queueing. Poll each generation with GET /generations/{id}.",
    auth: "bearer",
    scopes: WRITE_SCOPES,
    bodies: json(createGenerationRequestSchema),
    success: ok("The queued batch.", generationBatchSchema),
    errorStatuses: PAID_CREATION_ERRORS,
    idempotency: LOOSE_IDEMPOTENCY,
    paid: true,
  },
  {
    operationId: "getGeneration",
    method: "GET",
    path: "/generations/{id}",
    tag: "Generations",
    summary: "Read a generation's status.",
    description:
      "Poll until status is completed (url is set) or error (error explains the failure and whether credits were returned).",
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    pathParams: generationIdParamsSchema,
    success: ok("The generation.", generationSchema),
    errorStatuses: VALIDATED_BY_ID_ERRORS,
    paid: false,
  },
  {
    operationId: "createSlideshow",
    method: "POST",
    path: "/slideshows",
    tag: "Slideshows and videos",
    summary: "Queue a slideshow or carousel.",
    description:
      "Credits are deducted before queueing. Poll with GET /slideshows/{id}. The service plans the slides (a headline and a picture each), generates and stores one picture per slide, builds them into the editor project video_id (one picture per slide on one track, and with generate_text_overlays one editable text item per slide on a front text track), and renders it; one hold pays for all of it, refunded once if any step fails.",
    auth: "bearer",
    scopes: WRITE_SCOPES,
    bodies: json(createSlideshowRequestSchema),
    success: ok("The queued slideshow.", slideshowCreationResultSchema),
    errorStatuses: PAID_CREATION_ERRORS,
    idempotency: STRICT_IDEMPOTENCY,
    paid: true,
  },
  {
    operationId: "getSlideshow",
    method: "GET",
    path: "/slideshows/{id}",
    tag: "Slideshows and videos",
    summary: "Read a slideshow's status.",
    description:
      "Poll until status is completed (url is set) or error (error explains the failure). step names the workflow step (slides, visuals, project, render; done once rendered) and slides lists each slide's stored picture and text as they are made (extensions of the contract).",
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    pathParams: slideshowIdParamsSchema,
    success: ok("The slideshow.", slideshowSchema),
    errorStatuses: VALIDATED_BY_ID_ERRORS,
    paid: false,
  },
  {
    operationId: "createFacelessVideo",
    method: "POST",
    path: "/faceless-videos",
    tag: "Slideshows and videos",
    summary: "Queue a faceless video: script, visuals, voiceover, captions and final video.",
    description:
      "Credits follow the chosen voice and aspect ratio. The script (given, or written from prompt at the voice's pace, returned here) is narrated whole, so it holds at most 465 spoken words and 12000 characters (400 script_too_long otherwise). The service then runs the workflow scenes, visuals, voice, word_timing, project, render: the video becomes an editor project of the same id (scene pictures with motion and fades, the voiceover, word-highlighted captions, music_url under the voice) and is rendered at 720p. Poll with GET /videos/{id}, whose step says where it is; one hold pays for all of it, refunded once if any step fails.",
    auth: "bearer",
    scopes: WRITE_SCOPES,
    bodies: json(createFacelessVideoRequestSchema),
    success: ok("The queued faceless video.", facelessVideoCreationResultSchema),
    errorStatuses: PAID_CREATION_ERRORS,
    idempotency: STRICT_IDEMPOTENCY,
    paid: true,
  },
  {
    operationId: "getVideo",
    method: "GET",
    path: "/videos/{id}",
    tag: "Slideshows and videos",
    summary: "Read a video's status.",
    description:
      "Videos made by faceless-video, slideshow or editor endpoints. When complete, url holds the final video. A faceless video or a slideshow's video reports its workflow's step (an extension); once its project is built it opens with GET /editor/videos/{id}, and a later POST /editor/videos/{id}/export of it is what status and url then report. An editor project also says (an extension) which revision its latest export renders (export_revision), its current revision (project_revision), and whether it has moved past the export since (export_outdated).",
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    pathParams: videoIdParamsSchema,
    success: ok("The video.", videoSchema),
    errorStatuses: VALIDATED_BY_ID_ERRORS,
    paid: false,
  },
  {
    operationId: "listReferenceInspirations",
    method: "GET",
    path: "/reference-inspirations",
    tag: "Reference inspirations",
    summary: "List saved references, recommend references, or suggest template targets.",
    description:
      "Default: saved references. recommend=true: recommendations (limit up to 20). suggest_targets=true: template targets for described media (limit up to 12).",
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    query: referenceInspirationQuerySchema,
    success: ok(
      "One of the three results, by mode.",
      referenceInspirationListSchema,
      referenceInspirationRecommendationsSchema,
      referenceTargetSuggestionsSchema,
    ),
    errorStatuses: VALIDATED_ERRORS,
    paid: false,
  },
  {
    operationId: "createReferenceInspiration",
    method: "POST",
    path: "/reference-inspirations",
    tag: "Reference inspirations",
    summary: "Save reference media to a template target and queue its analysis.",
    description: `30 credits per media item, deducted before inline uploads and queueing. Usable once its analysis is ready. Extension: inline images are probed before any credit is held, as uploads are (400 media_undecodable or image_too_large on images.N.data, past ${IMAGE_SIDE_MAX_PIXELS} pixels a side or ${IMAGE_PIXELS_MAX} in all).`,
    auth: "bearer",
    scopes: WRITE_SCOPES,
    bodies: json(createReferenceInspirationRequestSchema),
    success: ok("The saved reference.", referenceInspirationCreateResultSchema),
    errorStatuses: [400, 401, 402, 403, 409, 429, 500],
    idempotency: LOOSE_IDEMPOTENCY,
    paid: true,
  },
  {
    operationId: "createEditorVideo",
    method: "POST",
    path: "/editor/videos",
    tag: "Editor",
    summary: "Create an empty editor project.",
    description: "The project is ready at once; ready does not mean an MP4 was exported.",
    auth: "bearer",
    scopes: WRITE_SCOPES,
    bodies: json(createEditorVideoRequestSchema),
    success: ok("The new project.", editorVideoSchema),
    errorStatuses: EDIT_ERRORS,
    paid: false,
  },
  {
    operationId: "listEditorVideos",
    method: "GET",
    path: "/editor/videos",
    tag: "Editor",
    summary: "List editor projects, newest first.",
    description: `Each record carries its editor summary and state. Extension: a page holds at most limit projects and at most ${EDITOR_LIST_RESPONSE_MAX_BYTES} bytes of JSON (always at least one project while any is left); pass next_cursor as cursor to read the next page, until next_cursor is null.`,
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    query: listEditorVideosQuerySchema,
    success: ok("The projects.", editorVideoListSchema),
    errorStatuses: VALIDATED_ERRORS,
    paid: false,
  },
  {
    operationId: "getEditorVideo",
    method: "GET",
    path: "/editor/videos/{id}",
    tag: "Editor",
    summary: "Read an editor project with its timeline state.",
    description:
      "Item ids for edit operations are read from editor.items. Extensions: revision says which revision this is, the ETag header names it, and If-None-Match with that ETag answers 304 without a body; ?revision=N reads the project as it was at a kept revision (at least the last 100).",
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    pathParams: editorVideoIdParamsSchema,
    query: editorVideoQuerySchema,
    success: ok("The project.", editorVideoSchema),
    errorStatuses: VALIDATED_BY_ID_ERRORS,
    paid: false,
    conditional: "if-none-match",
  },
  {
    operationId: "updateEditorVideo",
    method: "PATCH",
    path: "/editor/videos/{id}",
    tag: "Editor",
    summary: "Apply up to 50 edit operations atomically.",
    description: `All operations apply or none do, as one new revision. A voiceover request holds exactly one add_voiceover and nothing else; it is paid and takes its own idempotency key. Extensions: If-Match (an ETag) or expected_revision applies the batch only on that revision, else 409 revision_conflict with context.current_revision and nothing changed or charged; without either the batch applies to the latest revision. Extensions: a project holds at most ${PROJECT_ITEMS_MAX} items and ${PROJECT_STATE_MAX_BYTES} bytes of timeline JSON, and a batch that would pass either is a 400 (context.reason project_too_many_items or project_too_large) that changes nothing; free edits count against the organization's limit of changes of editor projects (429 rate_limited, context.limit_name edits).`,
    auth: "bearer",
    scopes: WRITE_SCOPES,
    pathParams: editorVideoIdParamsSchema,
    bodies: json(patchEditorVideoRequestSchema),
    success: ok("What was applied.", editResultSchema),
    errorStatuses: PAID_CREATION_ERRORS,
    idempotency: LOOSE_IDEMPOTENCY,
    paid: true,
    conditional: "if-match",
  },
  {
    operationId: "listEditorFonts",
    method: "GET",
    path: "/editor/fonts",
    tag: "Editor",
    summary: "List the font families text and captions may be set in.",
    description:
      "An extension beyond the API contract. Each family a text or caption style's font_family may name, with the weights it has faces for, its styles and its licence; the default family (used when a style names none) comes first. A style naming another family is refused at edit time: 400 bad_request with context.edit_code unknown_font_family. A font_weight the family has no face for is drawn with the nearest one. restricted is false, and families empty, when this server has no renderer listing its fonts: then any family is accepted.",
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    success: ok("The font families.", editorFontsSchema),
    errorStatuses: AUTHENTICATED_ERRORS,
    paid: false,
    extension: true,
  },
  {
    operationId: "listEditorMedia",
    method: "GET",
    path: "/editor/media",
    tag: "My Media",
    summary: "List or search My Media.",
    description:
      "media_type=audio includes voice assets; voice is voice-only. query searches filenames and indexed text.",
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    query: listMediaQuerySchema,
    success: ok("The media items.", mediaListSchema),
    errorStatuses: VALIDATED_ERRORS,
    paid: false,
  },
  {
    operationId: "uploadEditorMedia",
    method: "POST",
    path: "/editor/media",
    tag: "My Media",
    summary: "Upload media to My Media, optionally adding it to a project.",
    description: `Exactly one source: inline base64 (media, up to 3 MiB), an HTTPS source_url (video up to 200 MiB, image and audio up to 50 MiB), or a multipart file (up to 3 MiB). ${PROBE_EXTENSION}`,
    auth: "bearer",
    scopes: WRITE_SCOPES,
    bodies: [
      { contentType: "application/json", schema: uploadMediaRequestSchema },
      {
        contentType: "multipart/form-data",
        schema: uploadMediaMultipartFieldsSchema,
        binaryFields: ["file"],
      },
    ],
    success: ok("The completed media item.", mediaUploadResultSchema),
    errorStatuses: EDIT_BY_ID_ERRORS,
    paid: false,
  },
  {
    operationId: "createEditorMediaUploadUrl",
    method: "POST",
    path: "/editor/media/upload-url",
    tag: "My Media",
    summary: "Prepare a direct upload for files too large to send inline.",
    description:
      "PUT the raw bytes to upload.url with upload.headers and without the API key, then import source_url with POST /editor/media.",
    auth: "bearer",
    scopes: WRITE_SCOPES,
    bodies: json(uploadUrlRequestSchema),
    success: ok("Where to send the bytes.", directUploadDescriptorSchema),
    errorStatuses: VALIDATED_ERRORS,
    paid: false,
  },
  {
    operationId: "addEditorVideoMedia",
    method: "POST",
    path: "/editor/videos/{id}/media",
    tag: "Editor",
    summary: "Add My Media or a direct URL to a project's timeline.",
    description: `Placed on a compatible track where the time span is free, unless track_id says otherwise. Extension: media by url is read (from this service's storage, else through the SSRF-safe fetcher within the import size limits) and probed like an upload before it is placed; media that cannot be read or does not decode is refused (the download's 400 or retryable 500, or 400 media_undecodable, image_too_large, filename_kind_mismatch on url) and nothing changes. Without duration_seconds, video and audio play their real length (at most ${TIMELINE_DURATION_MAX_SECONDS} s); the asset carries the probed durationSeconds, width and height.`,
    auth: "bearer",
    scopes: WRITE_SCOPES,
    pathParams: editorVideoIdParamsSchema,
    bodies: json(addEditorMediaRequestSchema),
    success: ok("Where the media landed.", mediaAdditionResultSchema),
    errorStatuses: EDIT_BY_ID_ERRORS,
    paid: false,
  },
  {
    operationId: "exportEditorVideo",
    method: "POST",
    path: "/editor/videos/{id}/export",
    tag: "Editor",
    summary: "Export a project's timeline to an MP4.",
    description:
      "An extension beyond the API contract. Renders the timeline as it is now (H.264 and AAC) as queued, paid work: 5 credits per started minute, held before queueing, refunded if the render fails. Poll GET /videos/{id} until status is completed (url and video_url hold the MP4) or error. Exporting an unchanged project at the same resolution again reuses the last export without a charge (reused: true). Refused with 400 bad_request before any credit is held, context.reason naming why: render_too_large when the render would pass a renderer bound (drawn text and caption events of 64 MiB, 100 media files, a moving picture of 4096 x 4096 pixels; context.limit, maximum and item_id name it), renderer_unavailable when this server has no renderer. A render that fails later records the reason on the video (media_undecodable naming the asset and item of a damaged file, render_memory_exceeded past the 2 GiB a render may use) and refunds the hold.",
    auth: "bearer",
    scopes: WRITE_SCOPES,
    pathParams: editorVideoIdParamsSchema,
    bodies: json(exportEditorVideoRequestSchema),
    bodyOptional: true,
    success: ok("The queued (or reused) export.", editorVideoExportSchema),
    errorStatuses: PAID_CREATION_ERRORS,
    idempotency: LOOSE_IDEMPOTENCY,
    paid: true,
    extension: true,
  },
  {
    operationId: "getEditorVideoFrame",
    method: "GET",
    path: "/editor/videos/{id}/frame",
    tag: "Editor",
    summary: "Preview a project: a PNG of one instant, or a contact sheet of several.",
    description: `An extension beyond the API contract. Draws the composition at at_seconds exactly as the export will (repeat at_seconds for a contact sheet of up to 16 frames, in order). Free, but every preview that renders (one frame or a whole contact sheet) counts once against the organization's limit of previews, ${FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT} per ${FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT} s unless the server sets another, apart from the paid and edit limits: past it a 429 rate_limited with context.limit_name frames and Retry-After, and nothing rendered. Errors are JSON: 400 bad_request with context.reason render_too_large (a renderer bound, named in context.limit with item_id where one item is to blame; a contact sheet past 7680 x 4320 pixels in all is sheetPixelsMax), media_undecodable (a damaged file: context.asset_id and item_id name it), media_unavailable, render_memory_exceeded (past the 2 GiB one render may use) or renderer_unavailable (this server has no renderer); 500 server_error, always retryable, when the render line is full or a render fails on the server's side. A preview whose client disconnects is stopped.`,
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    pathParams: editorVideoIdParamsSchema,
    query: editorFrameQuerySchema,
    success: {
      contentType: "image/png",
      schemas: [],
      description: "A PNG of the frame or contact sheet.",
    },
    errorStatuses: EDIT_BY_ID_ERRORS,
    paid: false,
    extension: true,
  },
  {
    operationId: "listEditorRevisions",
    method: "GET",
    path: "/editor/videos/{id}/revisions",
    tag: "Editor",
    summary: "List a project's revisions, newest first.",
    description:
      "An extension beyond the API contract. Each accepted edit, media addition, undo and redo is a revision: its number, time, operation types, instructions and who made it (api, mcp, undo, redo). At least the last 100 revisions are kept; older ones are forgotten. Page with limit and next_cursor.",
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    pathParams: editorVideoIdParamsSchema,
    query: listEditorRevisionsQuerySchema,
    success: ok("The revisions.", editorRevisionListSchema),
    errorStatuses: VALIDATED_BY_ID_ERRORS,
    paid: false,
    extension: true,
  },
  {
    operationId: "undoEditorEdit",
    method: "POST",
    path: "/editor/videos/{id}/undo",
    tag: "Editor",
    summary: "Undo the latest change as a new revision.",
    description:
      "An extension beyond the API contract. Reverts the latest change not yet undone (an edit, a media addition or a redo) by appending a revision that restores the state before it; history is never rewritten. Free: undoing a paid voiceover removes it from the timeline and refunds nothing. 409 nothing_to_undo when no kept change is left; expected_revision or If-Match as for PATCH.",
    auth: "bearer",
    scopes: WRITE_SCOPES,
    pathParams: editorVideoIdParamsSchema,
    bodies: json(editorHistoryRequestSchema),
    bodyOptional: true,
    success: ok("The undo.", editorRevisionResultSchema),
    errorStatuses: [400, 401, 402, 403, 404, 409, 429, 500],
    paid: false,
    extension: true,
    conditional: "if-match",
  },
  {
    operationId: "redoEditorEdit",
    method: "POST",
    path: "/editor/videos/{id}/redo",
    tag: "Editor",
    summary: "Redo the latest undone change as a new revision.",
    description:
      "An extension beyond the API contract. Applies again the change the latest undo reverted, as a new revision. A new edit after an undo ends what can be redone: 409 nothing_to_redo. Free, whatever the change cost the first time; expected_revision or If-Match as for PATCH.",
    auth: "bearer",
    scopes: WRITE_SCOPES,
    pathParams: editorVideoIdParamsSchema,
    bodies: json(editorHistoryRequestSchema),
    bodyOptional: true,
    success: ok("The redo.", editorRevisionResultSchema),
    errorStatuses: [400, 401, 402, 403, 404, 409, 429, 500],
    paid: false,
    extension: true,
    conditional: "if-match",
  },
] as const satisfies readonly EndpointDefinition[];

/** The operation ids of the endpoint table, one per endpoint, derived from the table. */
export type OperationId = (typeof ENDPOINT_TABLE)[number]["operationId"];

/**
 * Every endpoint of the API, in the order of the spec 4.0 summary, each extension next
 * to the contract endpoints it belongs with.
 *
 * @example
 * ```ts
 * const paid = ENDPOINTS.filter((endpoint) => endpoint.paid).map((e) => e.operationId);
 * // ["createGeneration", "createSlideshow", "createFacelessVideo", "createReferenceInspiration", "updateEditorVideo"]
 * ```
 */
export const ENDPOINTS: readonly EndpointDefinition<OperationId>[] = ENDPOINT_TABLE;
