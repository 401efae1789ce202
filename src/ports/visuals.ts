/**
 * The visual-generation port: one picture (or clip) per call, for the scenes of a faceless
 * video and the slides of a slideshow. It sits beside `WorkProvider`, which runs whole
 * single-asset generations; the product workflows ask it for one scene at a time, so a
 * retried workflow asks again only for the scenes it has not got.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";

/** What a visual is: a still picture or a short clip. */
export type VisualKind = "image" | "video";

/** Where a visual belongs: its number in its sequence (from 1) and the sequence's length. */
export interface VisualSequence {
  /** The scene's or slide's number, from 1. */
  readonly number: number;
  /** How many scenes or slides the sequence has. */
  readonly count: number;
}

/** One visual to generate. */
export interface VisualRequest {
  /** The organization paying for it; providers may bill or file by it. */
  readonly organizationId: OrganizationId;
  /** What to show, written for an image model. */
  readonly prompt: string;
  /** The words this visual illustrates (a scene's narration, a slide's headline). */
  readonly text: string;
  /** The kind asked for; the product workflows ask for `image`. */
  readonly kind: VisualKind;
  /** Aspect ratio, such as `9:16`. */
  readonly aspectRatio: string;
  /** Width to generate, in pixels (the composition's). */
  readonly width: number;
  /** Height to generate, in pixels. */
  readonly height: number;
  /** Product, person or style images to follow, in order of importance. */
  readonly referenceImageUrls: readonly string[];
  /** The style asked for (a faceless video's `image_style`); null when none. */
  readonly style: string | null;
  /** Further named styles (`selected_ai_styles`, `selected_flux_dev_styles`), in order. */
  readonly styles: readonly string[];
  /** Its place among the scenes or slides. */
  readonly sequence: VisualSequence;
  /**
   * The same for every attempt at this one visual, and unique to it: a provider that
   * supports idempotent requests passes it on, so a retried call is not paid twice.
   */
  readonly idempotencyKey: string;
}

/** A generated visual, stored where the renderer and the client can fetch it. */
export interface GeneratedVisual {
  /** Absolute URL of the stored file. */
  readonly url: string;
  /** What the file is; the workflows accept only the kind they asked for. */
  readonly kind: VisualKind;
  /** Width in pixels, > 0. */
  readonly width: number;
  /** Height in pixels, > 0. */
  readonly height: number;
  /** Length of a clip in seconds; null for a picture. */
  readonly durationSeconds: number | null;
}

/**
 * Generates single pictures or clips. Like the speech provider, it stores what it made
 * (through the media storage port, so a slideshow's slides can be posted as images) and
 * answers the file's URL. A provider that cannot serve a request throws a `ProviderError`
 * saying why (a content-policy refusal is not retryable); any other throw counts as a
 * retryable outage.
 */
export interface VisualGenerator {
  /** Generates and stores one visual. */
  generate(request: VisualRequest): Promise<GeneratedVisual>;
}
