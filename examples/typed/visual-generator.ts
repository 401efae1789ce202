// examples/typed/visual-generator.ts
// Not run: needs an image model of your own.
import type { MediaStorage, VisualGenerator } from "reelkit";

/** Your image model's client. */
interface ImageModel {
  draw(
    prompt: string,
    options: { size: [number, number]; references: readonly string[]; idempotencyKey: string },
  ): Promise<{ bytes: Uint8Array; width: number; height: number }>;
}

export function createMyVisuals(model: ImageModel, mediaStorage: MediaStorage): VisualGenerator {
  return {
    async generate(request) {
      // request.prompt, request.text (the words it illustrates), request.width and height
      // (the composition's), request.referenceImageUrls, request.style, request.styles,
      // request.sequence ({ number, count }), request.organizationId
      const image = await model.draw(request.prompt, {
        size: [request.width, request.height],
        references: request.referenceImageUrls,
        // The same for every attempt at this visual: pass it on where the model's API
        // takes an idempotency key, so a retried call is not paid twice.
        idempotencyKey: request.idempotencyKey,
      });
      const stored = await mediaStorage.put(
        `generated/${request.organizationId}/visuals/${request.idempotencyKey.replaceAll(":", "-")}.png`,
        image.bytes,
        { contentType: "image/png" },
      );
      return {
        url: stored.url,
        kind: "image",
        width: image.width,
        height: image.height,
        durationSeconds: null,
      };
    },
  };
}
