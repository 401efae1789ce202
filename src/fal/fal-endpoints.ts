/**
 * Which fal model endpoint serves which generation: one table, keyed by the catalog's
 * names, that a deployment replaces or extends with its own models. A generation is
 * looked up, most precise first, as `model_slug/variant_id`, then `model_slug` (AI-model
 * generations), then `type/input_mode` (every generation; a template generation's mode
 * is `text_to_video`, or `image_to_video` when it has reference images, and `text_to_image`
 * for a static ad).
 *
 * @module
 */
import type { Job } from "../ports/jobs.js";

/** What a generation asks of a model, read from its job. */
export interface FalGenerationRequest {
  /** The generation type: `video_ad`, `ugc_ad`, `ai_model`, `static_ad`. */
  readonly type: string;
  /** What the model turns into what: `text_to_video`, `motion_control`, ... */
  readonly inputMode: string;
  readonly prompt: string | undefined;
  readonly aspectRatio: string | undefined;
  readonly durationSeconds: number | undefined;
  readonly resolution: string | undefined;
  readonly generateAudio: boolean | undefined;
  readonly referenceImageUrls: readonly string[];
  readonly sourceVideoUrl: string | undefined;
  readonly motionVideoUrl: string | undefined;
  readonly audioUrl: string | undefined;
}

/** One model endpoint of fal's and how a generation's request becomes its input. */
export interface FalRoute {
  /** The endpoint id, such as `fal-ai/kling-video/v2.1/standard/text-to-video`. */
  readonly endpoint: string;
  /** Fields sent with every request to it (the model's own options), over the built input. */
  readonly input?: Readonly<Record<string, unknown>>;
  /**
   * Builds the input for a model whose fields differ from fal's common names; by default
   * {@link falInputOf}.
   */
  readonly toInput?: (request: FalGenerationRequest) => Record<string, unknown>;
}

/** The routes, by `model_slug/variant_id`, `model_slug` or `type/input_mode`. */
export type FalEndpointTable = Readonly<Record<string, FalRoute>>;

/**
 * The routes used when the options name none: the generation types and input modes on
 * models of fal's gallery, and the demo catalog's models. Model slugs of a deployment's
 * own catalog are added as `model_slug/variant_id` or `model_slug` keys.
 */
export const FAL_ENDPOINTS_DEFAULT: FalEndpointTable = Object.freeze({
  "video_ad/text_to_video": { endpoint: "fal-ai/kling-video/v2.1/master/text-to-video" },
  "video_ad/image_to_video": { endpoint: "fal-ai/kling-video/v2.1/master/image-to-video" },
  "ugc_ad/text_to_video": { endpoint: "fal-ai/veo3/fast" },
  "ugc_ad/image_to_video": { endpoint: "fal-ai/veo3/fast/image-to-video" },
  "static_ad/text_to_image": { endpoint: "fal-ai/flux/dev" },
  "ai_model/text_to_image": { endpoint: "fal-ai/flux/dev" },
  "ai_model/image_to_image": { endpoint: "fal-ai/flux/dev/image-to-image" },
  "ai_model/text_to_video": { endpoint: "fal-ai/kling-video/v2.1/standard/text-to-video" },
  "ai_model/image_to_video": { endpoint: "fal-ai/kling-video/v2.1/standard/image-to-video" },
  "ai_model/video_to_video": { endpoint: "fal-ai/wan/v2.2-a14b/video-to-video" },
  "ai_model/motion_control": { endpoint: "fal-ai/kling-video/v2.6/standard/motion-control" },
  "ai_model/audio_to_video": { endpoint: "fal-ai/bytedance/omnihuman" },
  "ai_model/lip_sync": { endpoint: "fal-ai/sync-lipsync" },
  "sim-image": { endpoint: "fal-ai/flux/dev" },
  "sim-video/text-to-video": { endpoint: "fal-ai/kling-video/v2.1/standard/text-to-video" },
  "sim-video/video-to-video": { endpoint: "fal-ai/wan/v2.2-a14b/video-to-video" },
});

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

function inputModeOf(input: Readonly<Record<string, unknown>>, references: number): string {
  const mode = text(input.input_mode);
  if (mode !== undefined) return mode;
  if (input.type === "static_ad") return references > 0 ? "image_to_image" : "text_to_image";
  return references > 0 ? "image_to_video" : "text_to_video";
}

/**
 * What a generation job asks for, in the terms the routes take.
 *
 * @example
 * ```ts
 * falRequestOf(job).inputMode; // "text_to_video"
 * ```
 */
export function falRequestOf(job: Job): FalGenerationRequest {
  const { input } = job;
  const references = Array.isArray(input.reference_image_urls)
    ? input.reference_image_urls.filter((url): url is string => typeof url === "string")
    : [];
  return {
    type: text(input.type) ?? "",
    inputMode: inputModeOf(input, references.length),
    prompt: text(input.prompt),
    aspectRatio: text(input.aspect_ratio),
    durationSeconds: typeof input.duration === "number" ? input.duration : undefined,
    resolution: text(input.resolution),
    generateAudio: typeof input.generate_audio === "boolean" ? input.generate_audio : undefined,
    referenceImageUrls: references,
    sourceVideoUrl: text(input.source_video_url),
    motionVideoUrl: text(input.motion_video_url),
    audioUrl: text(input.audio_url),
  };
}

/**
 * The route of a generation job in `table`, most precise key first, or undefined when
 * the table has none.
 */
export function falRouteOf(
  table: FalEndpointTable,
  job: Job,
): { readonly key: string; readonly route: FalRoute } | undefined {
  const request = falRequestOf(job);
  const slug = text(job.input.model_slug);
  const variant = text(job.input.variant_id);
  const keys = [
    ...(slug !== undefined && variant !== undefined ? [`${slug}/${variant}`] : []),
    ...(slug !== undefined ? [slug] : []),
    `${request.type}/${request.inputMode}`,
  ];
  for (const key of keys) {
    const route = Object.hasOwn(table, key) ? table[key] : undefined;
    if (route !== undefined) return { key, route };
  }
  return undefined;
}

/**
 * The input of fal's common field names: `prompt`, `image_url` (the first reference
 * image), `video_url` (the source video, or the motion video of motion control),
 * `audio_url`, `aspect_ratio`, `duration` (seconds, as the string most video models
 * take), `resolution` and `generate_audio`, each only when the generation has it.
 *
 * @example
 * ```ts
 * falInputOf(request); // { prompt: "A lighthouse", aspect_ratio: "9:16", duration: "5" }
 * ```
 */
export function falInputOf(request: FalGenerationRequest): Record<string, unknown> {
  const video =
    request.inputMode === "motion_control" ? request.motionVideoUrl : request.sourceVideoUrl;
  const fields: Record<string, unknown> = {
    prompt: request.prompt,
    image_url: request.referenceImageUrls[0],
    video_url: video,
    audio_url: request.audioUrl,
    aspect_ratio: request.aspectRatio,
    duration:
      request.durationSeconds === undefined || request.durationSeconds <= 0
        ? undefined
        : String(request.durationSeconds),
    resolution: request.resolution,
    generate_audio: request.generateAudio,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
