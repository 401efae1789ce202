/** Bodies, image bytes and providers for the reference-inspiration tests. */
import type { Job, MediaStorage, ProviderOutcome, WorkProvider } from "reelkit";
import { createMemoryMediaStorage } from "reelkit/memory";
import { REFERENCE_INLINE_IMAGE_MAX_BYTES } from "reelkit/schemas";
import { bytesOf, MEDIA_FILES } from "../../media/media-samples.js";

/** Tiny real PNG, JPEG, WebP and GIF files. */
export const IMAGE_BYTES = {
  png: MEDIA_FILES.png,
  jpeg: MEDIA_FILES.jpeg,
  webp: MEDIA_FILES.webp,
  gif: MEDIA_FILES.gif,
  text: bytesOf("hello, this is plain text and not an image"),
} as const;

/** Base64 of bytes. */
export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64");
}

/** An inline image as the request carries it. */
export function inlineImage(
  bytes: Uint8Array,
  contentType = "image/png",
  filename = "look.png",
): { filename: string; content_type: string; data: string } {
  return { filename, content_type: contentType, data: base64(bytes) };
}

/** A PNG of exactly `size` bytes: the PNG header followed by zeros. */
export function pngOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(IMAGE_BYTES.png);
  return bytes;
}

/** The largest inline image accepted, and one byte more. */
export const AT_LIMIT_BYTES = REFERENCE_INLINE_IMAGE_MAX_BYTES;

/** A valid create body for the demo static-ads target. */
export function imageUrlsBody(
  count = 1,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    template_slug: "product-hero",
    template_category: "static-ads",
    image_urls: Array.from(
      { length: count },
      (_, index) => `https://cdn.example.com/look-${index}.jpg`,
    ),
    ...extra,
  };
}

/** A provider that fails every reference analysis and completes everything else. */
export function failingAnalysisProvider(
  message = "The analysis model is unavailable.",
): WorkProvider & {
  readonly runs: Job[];
} {
  const runs: Job[] = [];
  return {
    runs,
    async run(job): Promise<ProviderOutcome> {
      runs.push(job);
      if (job.kind === "reference_analysis") {
        return {
          ok: false,
          error: { category: "provider_unavailable", message, retryable: true },
        };
      }
      return { ok: true, value: "https://cdn.example.com/out.png" };
    },
  };
}

/** Media storage that records every put, and fails them all when `failing` is set. */
export function recordingStorage(options: { readonly failing?: boolean } = {}): MediaStorage & {
  readonly puts: string[];
} {
  const inner = createMemoryMediaStorage({ publicBaseUrl: "http://reelkit.test/files" });
  const puts: string[] = [];
  return {
    puts,
    async put(objectKey, body, putOptions) {
      puts.push(objectKey);
      if (options.failing === true) throw new Error("The object store is down.");
      return inner.put(objectKey, body, putOptions);
    },
    open: (objectKey) => inner.open(objectKey),
    delete: (objectKey) => inner.delete(objectKey),
    urlOf: (objectKey) => inner.urlOf(objectKey),
    signedReadUrl: (objectKey, signing) => inner.signedReadUrl(objectKey, signing),
  };
}
