/**
 * A simulated visual generator for the reference host and tests: each scene or slide gets
 * its own placeholder picture (`placeholder-visual.ts`) at the size asked for, stored
 * through the media storage port under a key derived from the request's idempotency key,
 * so asking again for the same visual stores the same file again rather than a second one.
 *
 * @module
 */

import type { MediaStorage } from "../ports/media-storage.js";
import { ProviderError } from "../ports/provider-error.js";
import type { VisualGenerator } from "../ports/visuals.js";
import { placeholderVisualPng } from "./placeholder-visual.js";

/** The failure category of a request for anything but a picture. */
export const SIMULATED_VISUAL_UNSUPPORTED_CATEGORY = "unsupported_visual_kind";

// Object keys keep to letters, digits, dots, dashes and underscores.
function keyPart(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, "-");
}

/**
 * Creates the simulated visual generator.
 *
 * @example
 * ```ts
 * const visuals = createSimulatedVisualGenerator({ storage });
 * const visual = await visuals.generate(request); // a PNG of request.width × request.height
 * ```
 */
export function createSimulatedVisualGenerator(options: {
  /** Where the pictures are stored. */
  readonly storage: MediaStorage;
}): VisualGenerator {
  return {
    async generate(request) {
      if (request.kind !== "image") {
        throw new ProviderError({
          category: SIMULATED_VISUAL_UNSUPPORTED_CATEGORY,
          message: "The simulated visual generator draws pictures, not clips.",
          retryable: false,
        });
      }
      const { width, height } = request;
      const png = placeholderVisualPng({
        width,
        height,
        number: request.sequence.number,
        count: request.sequence.count,
        text: request.text,
        seed: request.prompt,
      });
      const objectKey = `generated/${request.organizationId}/visuals/${keyPart(request.idempotencyKey)}.png`;
      const stored = await options.storage.put(objectKey, png, { contentType: "image/png" });
      return { url: stored.url, kind: "image", width, height, durationSeconds: null };
    },
  };
}
