/**
 * Storing the picture of an Images API answer, for every adapter that draws one: GPT
 * image models answer base64 (decoded and stored), a model that answers a URL is
 * downloaded as a stream and never handed out. Either way the file is bounded by
 * {@link OPENAI_IMAGE_MAX_BYTES} and its first bytes kept, so a caller can read a PNG's
 * size without holding the file.
 *
 * @module
 */
import type { ImagesResponse } from "openai/resources/images";
import type { MediaStorage } from "../ports/media-storage.js";
import { ProviderError } from "../ports/provider-error.js";
import { meteredStream } from "../provider-calls/metered-stream.js";
import { invalidOutput } from "./openai-calls.js";

/** The largest image stored from OpenAI, in bytes. */
export const OPENAI_IMAGE_MAX_BYTES = 50 * 1024 * 1024;

// A PNG's width and height end at byte 24, in its IHDR chunk.
const HEAD_BYTES = 24;

/** Where an answer's picture goes, and the call's signal for its download. */
export interface ImagesAnswerTarget {
  readonly storage: MediaStorage;
  readonly objectKey: string;
  readonly signal: AbortSignal;
}

/** A stored picture: its URL and its first bytes (up to 24). */
export interface StoredImage {
  readonly url: string;
  readonly head: Uint8Array;
}

async function download(url: string, signal: AbortSignal) {
  const response = await fetch(url, { signal });
  if (!(response.ok && response.body)) {
    // The picture exists at OpenAI; fetching it again may well succeed.
    throw new ProviderError({
      category: "provider_unavailable",
      message: `OpenAI's image could not be downloaded (HTTP ${response.status}).`,
      retryable: true,
    });
  }
  return {
    ...meteredStream(response.body, { maxBytes: OPENAI_IMAGE_MAX_BYTES, headBytes: HEAD_BYTES }),
    contentType: response.headers.get("content-type") ?? "image/png",
  };
}

/**
 * Stores the first picture of `image` under `target.objectKey`: base64 decoded, a URL
 * downloaded as a stream. Throws `output_too_large` past {@link OPENAI_IMAGE_MAX_BYTES},
 * a retryable `provider_unavailable` when the download fails, and a retryable
 * `invalid_provider_output` for an answer without a picture.
 *
 * @example
 * ```ts
 * const image = await client.images.generate(body, { signal });
 * const stored = await storeImagesAnswer(image, { storage, objectKey, signal });
 * ```
 */
export async function storeImagesAnswer(
  image: ImagesResponse,
  target: ImagesAnswerTarget,
): Promise<StoredImage> {
  const data = image.data?.[0];
  const { storage, objectKey, signal } = target;
  if (typeof data?.b64_json === "string" && data.b64_json !== "") {
    const bytes = Uint8Array.from(atob(data.b64_json), (char) => char.charCodeAt(0));
    if (bytes.byteLength > OPENAI_IMAGE_MAX_BYTES) {
      throw invalidOutput("OpenAI's image is too large.");
    }
    const stored = await storage.put(objectKey, bytes, { contentType: "image/png" });
    return { url: stored.url, head: bytes.subarray(0, HEAD_BYTES) };
  }
  if (typeof data?.url === "string") {
    const { stream, meter, contentType } = await download(data.url, signal);
    const stored = await storage.put(objectKey, stream, { contentType });
    return { url: stored.url, head: meter.head() };
  }
  throw invalidOutput("OpenAI answered no image.");
}
