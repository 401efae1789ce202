/**
 * The visual port on OpenAI's Images API: one picture per scene or slide, generated at the
 * model size closest to the composition's shape and stored through the media storage
 * under a key made from the request's idempotency key, so a retried scene replaces its
 * file rather than adding one. GPT image models answer base64 (decoded and stored); a
 * model that answers a URL is downloaded as a stream, never handed out.
 *
 * @module
 */
import type { ImagesResponse } from "openai/resources/images";
import { ProviderError } from "../ports/provider-error.js";
import type { GeneratedVisual, VisualGenerator, VisualRequest } from "../ports/visuals.js";
import { storeImagesAnswer } from "./images-answer.js";
import { callOpenAI } from "./openai-calls.js";
import {
  keyPart,
  type OpenAISettings,
  type OpenAIStoringOptions,
  openAISettings,
} from "./openai-options.js";

/** The failure category of a request for a clip, which the Images API cannot make. */
export const OPENAI_VISUAL_UNSUPPORTED_CATEGORY = "unsupported_visual_kind";

/** An image size the GPT image models generate, as `WIDTHxHEIGHT`. */
export type OpenAIImageSize = "1024x1024" | "1536x1024" | "1024x1536";

/**
 * The model size closest in shape to `width` × `height`: portrait, landscape or square.
 *
 * @example
 * ```ts
 * openAIImageSize(720, 1280); // "1024x1536"
 * ```
 */
export function openAIImageSize(width: number, height: number): OpenAIImageSize {
  const ratio = width / height;
  if (ratio < 0.85) return "1024x1536";
  if (ratio > 1.18) return "1536x1024";
  return "1024x1024";
}

function promptOf(request: VisualRequest): string {
  const styles = [request.style, ...request.styles].filter(
    (style): style is string => style !== null && style.trim() !== "",
  );
  return styles.length === 0 ? request.prompt : `${request.prompt}\nStyle: ${styles.join(", ")}.`;
}

// PNG keeps its size at bytes 16 to 24 of the IHDR chunk.
function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.byteLength < 24 || signature.some((byte, index) => bytes[index] !== byte)) {
    return undefined;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function store(
  options: OpenAIStoringOptions,
  answer: { request: VisualRequest; image: ImagesResponse; signal: AbortSignal },
): Promise<GeneratedVisual> {
  const { request, image, signal } = answer;
  const objectKey = `generated/${request.organizationId}/visuals/${keyPart(request.idempotencyKey)}.png`;
  const stored = await storeImagesAnswer(image, { storage: options.storage, objectKey, signal });
  const [width, height] = openAIImageSize(request.width, request.height).split("x").map(Number);
  const size = pngSize(stored.head);
  return {
    url: stored.url,
    kind: "image",
    width: size?.width ?? (width as number),
    height: size?.height ?? (height as number),
    durationSeconds: null,
  };
}

async function generate(
  settings: OpenAISettings,
  options: OpenAIStoringOptions,
  request: VisualRequest,
): Promise<GeneratedVisual> {
  if (request.kind !== "image") {
    throw new ProviderError({
      category: OPENAI_VISUAL_UNSUPPORTED_CATEGORY,
      message: "OpenAI's Images API draws pictures, not clips.",
      retryable: false,
    });
  }
  const body = {
    model: settings.models.image,
    prompt: promptOf(request),
    n: 1,
    size: openAIImageSize(request.width, request.height),
  };
  return callOpenAI({
    what: "the image",
    limits: settings.limits,
    ...(settings.sleep === undefined ? {} : { sleep: settings.sleep }),
    attempt: async (signal) => {
      const image = await settings.client.images.generate(body, { signal });
      return store(options, { request, image, signal });
    },
  });
}

/**
 * Creates the visual generator of the faceless and slideshow workflows on OpenAI's Images
 * API. Reference images are not sent: the Images API's generation takes a prompt only.
 *
 * @example
 * ```ts
 * import { createOpenAIVisualGenerator } from "reelkit/openai";
 *
 * const visuals = createOpenAIVisualGenerator({
 *   storage: ports.mediaStorage,
 *   newId: () => crypto.randomUUID(),
 * });
 * ```
 */
export function createOpenAIVisualGenerator(options: OpenAIStoringOptions): VisualGenerator {
  const settings = openAISettings(options);
  return { generate: (request) => generate(settings, options, request) };
}
