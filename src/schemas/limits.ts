/**
 * Every range, length and count of the API contract as a named constant.
 *
 * The schemas read their bounds from here and nowhere else, so a limit changes in one
 * place and the OpenAPI document, `skill.md` and the validation follow. Values the
 * contract leaves open are chosen in `docs/spec-decisions.md`.
 *
 * @module
 */

/** One mebibyte in bytes; the contract states upload sizes in MiB. */
export const BYTES_PER_MEBIBYTE = 1024 * 1024;

// ---------------------------------------------------------------------------
// Shared string bounds
// ---------------------------------------------------------------------------

/**
 * Longest `X-Request-Id` taken from a client (an extension); a longer one is replaced
 * by a generated id. Room for a W3C trace id, an AWS `Root=1-…` id or two UUIDs.
 */
export const REQUEST_ID_MAX_LENGTH = 128;

/** Longest idempotency key, header or body field, on every paid creation endpoint. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 160;
/** Shortest idempotency key on POST /slideshows and POST /faceless-videos. */
export const IDEMPOTENCY_KEY_MIN_LENGTH = 1;
/** Longest absolute URL accepted in any request field (a common proxy and browser bound). */
export const URL_MAX_LENGTH = 2048;
/** Longest short free-form name (titles, labels, filenames) where the contract sets none. */
export const NAME_MAX_LENGTH = 255;
/** Longest long free-form text (prompts, product context) where the contract sets none. */
export const LONG_TEXT_MAX_LENGTH = 8000;
/** Longest finished faceless-video script. */
export const SCRIPT_MAX_LENGTH = 20000;
/** Longest language tag or name (`en`, `English`, `pt-BR`). */
export const LANGUAGE_MAX_LENGTH = 32;
/** Longest MIME type string (RFC 6838 allows 127 + 1 + 127). */
export const CONTENT_TYPE_MAX_LENGTH = 255;
/**
 * Longest data-URL prefix tolerated before inline base64 data: `data:`, a MIME type and
 * `;base64,`. Inline uploads may carry one, so length bounds on base64 text allow for it.
 */
export const DATA_URL_PREFIX_MAX_LENGTH =
  "data:".length + CONTENT_TYPE_MAX_LENGTH + ";base64,".length;

// ---------------------------------------------------------------------------
// POST /generations (4.4)
// ---------------------------------------------------------------------------

/** Fewest generations one request may queue. */
export const REQUEST_COUNT_MIN = 1;
/** Most generations one request may queue. */
export const REQUEST_COUNT_MAX = 10;
/** Generations queued when `request_count` is omitted. */
export const REQUEST_COUNT_DEFAULT = 1;
/** Quality tier of a video or UGC ad when `quality_tier` is omitted. */
export const QUALITY_TIER_DEFAULT = "high";
/** Longest generation prompt. */
export const PROMPT_MAX_LENGTH = 8000;
/** Longest `template_slug`, `model_slug`, `variant_id` or `avatar_id`. */
export const SLUG_MAX_LENGTH = 160;
/** Longest `preset_id`. */
export const PRESET_ID_MAX_LENGTH = 220;
/** Longest `aspect_ratio` string on a generation. */
export const ASPECT_RATIO_MAX_LENGTH = 24;
/** Longest `resolution` string on a generation. */
export const RESOLUTION_MAX_LENGTH = 24;
/** Shortest generation duration in seconds. */
export const GENERATION_DURATION_MIN_SECONDS = 1;
/** Longest generation duration in seconds. */
export const GENERATION_DURATION_MAX_SECONDS = 30;
/** Smallest valid brand kit id. */
export const BRAND_KIT_ID_MIN = 1;
/** Most `reference_image_urls` on a generation or faceless video. */
export const REFERENCE_IMAGE_URLS_MAX = 10;
/** Most `reference_media_ids` on a generation. */
export const REFERENCE_MEDIA_IDS_MAX = 10;

// ---------------------------------------------------------------------------
// POST /slideshows (4.6)
// ---------------------------------------------------------------------------

/** The slide counts a slideshow may have. */
export const SLIDE_COUNT_OPTIONS = [3, 4, 5, 6, 8, 9, 10] as const;
/** Slide count when `slide_count` is omitted. */
export const SLIDE_COUNT_DEFAULT = 6;
/** Most `product_image_urls` on a slideshow. */
export const PRODUCT_IMAGE_URLS_MAX = 10;
/** Language of a slideshow when `language` is omitted. */
export const SLIDESHOW_LANGUAGE_DEFAULT = "English";
/** Aspect ratio of a slideshow when `aspect_ratio` is omitted. */
export const SLIDESHOW_ASPECT_RATIO_DEFAULT = "4:5";

// ---------------------------------------------------------------------------
// POST /faceless-videos (4.8)
// ---------------------------------------------------------------------------

/** Most entries in `selected_ai_styles` and in `selected_flux_dev_styles`. */
export const SELECTED_STYLES_MAX = 8;
/** Faceless video duration (a string on the wire) when omitted. */
export const FACELESS_DURATION_DEFAULT = "26";
/** Aspect ratio of a faceless video when `aspect_ratio` is omitted. */
export const FACELESS_ASPECT_RATIO_DEFAULT = "9:16";
/** Voice used when `voice_id` is omitted. */
export const FACELESS_VOICE_DEFAULT = "ash";
/** Language used when `language` is omitted. */
export const FACELESS_LANGUAGE_DEFAULT = "en";
/** Image style used when `image_style` is omitted: the contract constant of the service. */
export const FACELESS_IMAGE_STYLE_DEFAULT = "flux-schnell-cinematic";
/** Shortest faceless video duration in seconds. */
export const FACELESS_DURATION_MIN_SECONDS = 5;
/** Longest faceless video duration in seconds. */
export const FACELESS_DURATION_MAX_SECONDS = 180;
/**
 * Spoken words per second a faceless-video script is sized at when the voice states no
 * `words_per_second` (an unhurried narration).
 */
export const NARRATION_WORDS_PER_SECOND_DEFAULT = 2.5;
/** Slowest `words_per_second` a voice may state. */
export const NARRATION_WORDS_PER_SECOND_MIN = 0.5;
/** Fastest `words_per_second` a voice may state. */
export const NARRATION_WORDS_PER_SECOND_MAX = 6;
/** Level of a faceless video's background music (`music_url`) under the narration, in dB. */
export const MUSIC_UNDER_VOICE_DB = -18;

// ---------------------------------------------------------------------------
// Reference inspirations (4.10, 4.11)
// ---------------------------------------------------------------------------

/** Most `image_urls` on a reference inspiration. */
export const REFERENCE_IMAGE_URLS_PER_INSPIRATION_MAX = 12;
/** Most inline `images` on a reference inspiration. */
export const REFERENCE_INLINE_IMAGES_MAX = 12;
/** Largest decoded inline reference image ("about 10 MB"). */
export const REFERENCE_INLINE_IMAGE_MAX_BYTES = 10 * BYTES_PER_MEBIBYTE;
/**
 * Longest `data` text of an inline reference image: the base64 form of
 * {@link REFERENCE_INLINE_IMAGE_MAX_BYTES} (4 characters per 3 bytes) plus a data-URL
 * prefix. Longer text cannot decode within the limit, so it is rejected before decoding.
 */
export const REFERENCE_INLINE_IMAGE_MAX_BASE64_LENGTH =
  Math.ceil(REFERENCE_INLINE_IMAGE_MAX_BYTES / 3) * 4 + DATA_URL_PREFIX_MAX_LENGTH;
/** Credits charged per reference media item analysed. */
export const REFERENCE_ANALYSIS_CREDITS_PER_ITEM = 30;
/** Smallest `limit` on GET /reference-inspirations. */
export const REFERENCE_LIST_LIMIT_MIN = 1;
/** Largest `limit` on GET /reference-inspirations (list and recommendations). */
export const REFERENCE_LIST_LIMIT_MAX = 20;
/** Largest `limit` in target-suggestion mode. */
export const REFERENCE_SUGGESTION_LIMIT_MAX = 12;
/** Longest `description` in target-suggestion mode. */
export const REFERENCE_DESCRIPTION_MAX_LENGTH = 2000;

// ---------------------------------------------------------------------------
// Editor projects and My Media (4.12 to 4.18)
// ---------------------------------------------------------------------------

/** Smallest `limit` on the editor list endpoints. */
export const EDITOR_LIST_LIMIT_MIN = 1;
/** Largest `limit` on the editor list endpoints. */
export const EDITOR_LIST_LIMIT_MAX = 100;
/** `limit` on the editor list endpoints when omitted. */
export const EDITOR_LIST_LIMIT_DEFAULT = 30;
/** Lowest project frame rate. */
export const FPS_MIN = 1;
/** Highest project frame rate. */
export const FPS_MAX = 120;
/** Project frame rate when omitted. */
export const FPS_DEFAULT = 30;
/** Aspect ratio of a new editor project when `aspect_ratio` is omitted. */
export const EDITOR_ASPECT_RATIO_DEFAULT = "9:16";
/** Largest decoded inline base64 or multipart upload. */
export const INLINE_UPLOAD_MAX_BYTES = 3 * BYTES_PER_MEBIBYTE;
/**
 * Longest `media.data` text of an inline upload: the base64 form of
 * {@link INLINE_UPLOAD_MAX_BYTES} (4 characters per 3 bytes) plus a data-URL prefix.
 */
export const INLINE_UPLOAD_MAX_BASE64_LENGTH =
  Math.ceil(INLINE_UPLOAD_MAX_BYTES / 3) * 4 + DATA_URL_PREFIX_MAX_LENGTH;
/** Largest video imported by `source_url` or direct upload. */
export const VIDEO_IMPORT_MAX_BYTES = 200 * BYTES_PER_MEBIBYTE;
/** Largest image or audio file imported by `source_url` or direct upload. */
export const IMAGE_AUDIO_IMPORT_MAX_BYTES = 50 * BYTES_PER_MEBIBYTE;
/**
 * Most pixels on either side of an imported picture (an image, a GIF, or a video's
 * frames), read from its header before it is decoded: 8,192, room for 8K video.
 */
export const IMAGE_SIDE_MAX_PIXELS = 8192;
/**
 * Most pixels of an imported picture in all (width × height): 40 megapixels, above 8K
 * video (33 MP) and most camera photos, far below what decoding a hostile header would
 * cost (a 16,000 × 16,000 PNG of 731 KB decodes to a gigabyte).
 */
export const IMAGE_PIXELS_MAX = 40_000_000;
/** Smallest editor video id and `video_id` reference. */
export const VIDEO_ID_MIN = 1;
/** Longest search `query` on GET /editor/media. */
export const MEDIA_QUERY_MAX_LENGTH = 500;
/** Longest `instructions` text recorded with a PATCH. */
export const INSTRUCTIONS_MAX_LENGTH = 4000;
/** Most operations in one PATCH. */
export const OPERATIONS_PER_REQUEST_MAX = 50;
/**
 * Most timeline items one editor project holds (an extension; the contract sets none).
 * An hour-long video cut every second, or ten minutes with every spoken word its own text
 * item, stays well below it.
 */
export const PROJECT_ITEMS_MAX = 10_000;
/**
 * Largest timeline state of one editor project, as the UTF-8 bytes of its JSON (the
 * `editor` field of the project record): 8 MiB. A ten-minute video with 120 clips and
 * 1,500 word-timed captions takes about 240 KB, an hour of it about 1.5 MB.
 */
export const PROJECT_STATE_MAX_BYTES = 8 * BYTES_PER_MEBIBYTE;
/**
 * Largest answer of GET /editor/videos, in bytes of JSON: 16 MiB, room for two projects
 * of {@link PROJECT_STATE_MAX_BYTES}. A list stops before the project that would pass it
 * and says where to read on (`next_cursor`).
 */
export const EDITOR_LIST_RESPONSE_MAX_BYTES = 16 * BYTES_PER_MEBIBYTE;
/**
 * Changes of editor projects (create, PATCH, add media, undo, redo) one organization may
 * make per {@link EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT} seconds when the host sets nothing: two a
 * second on average, far above what a person or an agent editing in earnest sends.
 */
export const EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT = 120;
/** Length of the window of {@link EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT}, in seconds. */
export const EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT = 60;
/**
 * Previews (GET /editor/videos/{id}/frame, one frame or a contact sheet, and MCP's
 * preview_editor_video) one organization may ask for per
 * {@link FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT} seconds when the host sets nothing: one a
 * second on average. A preview is free but runs ffmpeg, so it has a limit of its own, apart
 * from the paid and edit limits.
 */
export const FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT = 60;
/** Length of the window of {@link FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT}, in seconds. */
export const FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT = 60;

// ---------------------------------------------------------------------------
// Edit operations (4.14)
// ---------------------------------------------------------------------------

/** Shortest and longest project title set by `set_title`. */
export const TITLE_MIN_LENGTH = 1;
/** Longest project title. */
export const TITLE_MAX_LENGTH = 160;
/** Longest item, track or asset id accepted in an operation. */
export const ITEM_ID_MAX_LENGTH = 160;
/** Shortest timeline `duration_seconds`. */
export const TIMELINE_DURATION_MIN_SECONDS = 0.1;
/** Longest timeline `duration_seconds`. */
export const TIMELINE_DURATION_MAX_SECONDS = 3600;
/** Slowest `playback_rate`. */
export const PLAYBACK_RATE_MIN = 0.1;
/** Fastest `playback_rate`. */
export const PLAYBACK_RATE_MAX = 8;
/** `playback_rate` when omitted: normal speed (spec 4.14 rule 8). */
export const PLAYBACK_RATE_DEFAULT = 1;
/** Quietest `volume_db`. */
export const VOLUME_DB_MIN = -60;
/** Loudest `volume_db`. */
export const VOLUME_DB_MAX = 24;
/** Shortest audio fade in or out, in seconds. */
export const AUDIO_FADE_MIN_SECONDS = 0;
/** Longest audio fade in or out, in seconds. */
export const AUDIO_FADE_MAX_SECONDS = 30;
/** Shortest animation `duration_seconds`. */
export const ANIMATION_DURATION_MIN_SECONDS = 0;
/** Longest animation `duration_seconds`. */
export const ANIMATION_DURATION_MAX_SECONDS = 30;
/** Shortest transition `overlap_seconds`. */
export const TRANSITION_OVERLAP_MIN_SECONDS = 0;
/** Longest transition `overlap_seconds`. */
export const TRANSITION_OVERLAP_MAX_SECONDS = 30;
/** Lowest item `opacity`. */
export const OPACITY_MIN = 0;
/** Highest item `opacity`. */
export const OPACITY_MAX = 1;
/** Most `item_ids` (and most `exclude_item_ids`) in `set_audio_levels`. */
export const AUDIO_LEVEL_ITEM_IDS_MAX = 100;
/** Most `item_types` in `set_audio_levels`. */
export const AUDIO_LEVEL_ITEM_TYPES_MAX = 2;
/** Most `audio_roles` in `set_audio_levels`. */
export const AUDIO_LEVEL_ROLES_MAX = 6;
/** Shortest overlay text. */
export const TEXT_MIN_LENGTH = 1;
/** Longest overlay text of `add_text` and `update_text`. */
export const TEXT_MAX_LENGTH = 2000;
/** Fewest caption entries in one operation. */
export const CAPTIONS_PER_OPERATION_MIN = 1;
/** Most caption entries in one operation. */
export const CAPTIONS_PER_OPERATION_MAX = 2000;
/** Longest caption entry text. */
export const CAPTION_TEXT_MAX_LENGTH = 500;
/** Most words in one caption entry. */
export const CAPTION_WORDS_MAX = 120;
/** Longest word in a caption entry. */
export const CAPTION_WORD_MAX_LENGTH = 120;
/** Lowest and highest transcription `confidence`. */
export const CONFIDENCE_MIN = 0;
/** Highest transcription `confidence`. */
export const CONFIDENCE_MAX = 1;
/** Fewest `source_item_ids` of `generate_captions_from_items`. */
export const CAPTION_SOURCE_ITEMS_MIN = 1;
/** Most `source_item_ids` of `generate_captions_from_items`. */
export const CAPTION_SOURCE_ITEMS_MAX = 20;
/** Longest `sound_effect_id`. */
export const SOUND_EFFECT_ID_MAX_LENGTH = 120;
/** Longest display name of a sound effect or voice. */
export const MEDIA_NAME_MAX_LENGTH = 180;
/** Longest `voice_id` of `add_voiceover`. */
export const VOICE_ID_MAX_LENGTH = 160;
/** Longest voice direction `instructions` of `add_voiceover`. */
export const VOICE_INSTRUCTIONS_MAX_LENGTH = 1000;
/** Longest voiceover text in characters. */
export const VOICEOVER_TEXT_MAX_LENGTH = 12000;
/** Most spoken words in one voiceover. */
export const VOICEOVER_MAX_WORDS = 465;
/**
 * Length in seconds of an added text or solid when `duration_seconds` is omitted (added
 * captions default to the end of their last entry, added sounds to their media).
 */
export const ADDED_ITEM_DURATION_DEFAULT_SECONDS = 5;
/** `overlap_seconds` of `apply_item_transition` when omitted. */
export const TRANSITION_OVERLAP_DEFAULT_SECONDS = 0.5;

// ---------------------------------------------------------------------------
// Text and caption styles (4.14 shared value types)
// ---------------------------------------------------------------------------

/** Smallest `font_size`. */
export const FONT_SIZE_MIN = 8;
/** Largest `font_size`. */
export const FONT_SIZE_MAX = 400;
/** Smallest `line_height`. */
export const LINE_HEIGHT_MIN = 0.5;
/** Largest `line_height`. */
export const LINE_HEIGHT_MAX = 4;
/** Smallest `letter_spacing`. */
export const LETTER_SPACING_MIN = -20;
/** Largest `letter_spacing`. */
export const LETTER_SPACING_MAX = 80;
/** Smallest `stroke_width`. */
export const STROKE_WIDTH_MIN = 0;
/** Largest `stroke_width`. */
export const STROKE_WIDTH_MAX = 40;
/** Smallest background padding and border radius of text. */
export const TEXT_BACKGROUND_MIN = 0;
/** Largest background padding and border radius of text. */
export const TEXT_BACKGROUND_MAX = 200;
/** Smallest `shadow_offset` of text (an extension): no shadow. */
export const SHADOW_OFFSET_MIN = 0;
/** Largest `shadow_offset` of text (an extension), in pixels. */
export const SHADOW_OFFSET_MAX = 40;
/** Smallest `highlight_scale` of captions (an extension): the spoken word does not pop. */
export const HIGHLIGHT_SCALE_MIN = 1;
/** Largest `highlight_scale` of captions (an extension): the spoken word pops in from double size. */
export const HIGHLIGHT_SCALE_MAX = 2;
/** Shortest text fade in or out, in seconds. */
export const TEXT_FADE_MIN_SECONDS = 0;
/** Longest text fade in or out, in seconds. */
export const TEXT_FADE_MAX_SECONDS = 30;
/** Longest colour string (`#rrggbbaa`, `rgba(...)`, CSS names). */
export const COLOR_MAX_LENGTH = 64;
/** Longest font family or weight string and caption `template_key`. */
export const STYLE_TOKEN_MAX_LENGTH = 120;
/** Shortest caption page in milliseconds. */
export const CAPTION_PAGE_DURATION_MIN_MS = 100;
/** Longest caption page in milliseconds. */
export const CAPTION_PAGE_DURATION_MAX_MS = 10000;
/** Fewest caption lines. */
export const CAPTION_MAX_LINES_MIN = 1;
/** Most caption lines. */
export const CAPTION_MAX_LINES_MAX = 6;
/** Fewest words per caption page. */
export const WORDS_PER_CAPTION_MIN = 1;
/** Most words per caption page. */
export const WORDS_PER_CAPTION_MAX = 12;
/** Words per entry of generated captions when the style sets no `words_per_caption`. */
export const WORDS_PER_CAPTION_DEFAULT = 3;

// ---------------------------------------------------------------------------
// Voice settings of add_voiceover
// ---------------------------------------------------------------------------

/** Lowest `stability`, `similarity_boost` and `style`. */
export const VOICE_SETTING_MIN = 0;
/** Highest `stability`, `similarity_boost` and `style`. */
export const VOICE_SETTING_MAX = 1;
/** Slowest voice `speed`. */
export const VOICE_SPEED_MIN = 0.7;
/** Fastest voice `speed`. */
export const VOICE_SPEED_MAX = 1.2;

// ---------------------------------------------------------------------------
// Values the contract leaves open: motion and solids (see docs/spec-decisions.md)
// ---------------------------------------------------------------------------

/** Lowest motion `intensity`. */
export const MOTION_INTENSITY_MIN = 0;
/** Highest motion `intensity`. */
export const MOTION_INTENSITY_MAX = 1;
/** Largest solid `border_radius` in composition pixels. */
export const SOLID_BORDER_RADIUS_MAX = 2000;
/** Smallest solid `rotation` in degrees. */
export const ROTATION_MIN_DEGREES = -360;
/** Largest solid `rotation` in degrees. */
export const ROTATION_MAX_DEGREES = 360;
/** Largest absolute `left` or `top` offset, in composition pixels. */
export const POSITION_MAX_ABS = 100000;
/** Largest `width` or `height`, in composition pixels. */
export const SIZE_MAX = 100000;
/**
 * Latest timeline or source position in seconds (`from_seconds`, `source_start_seconds`,
 * `at_seconds`, `caption_start_seconds`, motion `start_seconds`). The contract only says
 * ">= 0"; one day keeps every position an exact integer frame at any frame rate.
 */
export const TIMELINE_POSITION_MAX_SECONDS = 86400;
/** Latest caption or caption-word time in milliseconds: {@link TIMELINE_POSITION_MAX_SECONDS} in ms. */
export const CAPTION_TIME_MAX_MS = TIMELINE_POSITION_MAX_SECONDS * 1000;
/** Smallest `limit` of GET /editor/videos/{id}/revisions. */
export const EDITOR_REVISIONS_LIMIT_MIN = 1;
/** Largest `limit` of GET /editor/videos/{id}/revisions. */
export const EDITOR_REVISIONS_LIMIT_MAX = 100;
/** `limit` of GET /editor/videos/{id}/revisions when omitted. */
export const EDITOR_REVISIONS_LIMIT_DEFAULT = 20;
