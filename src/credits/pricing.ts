/**
 * The inputs and results of pricing. The input types are structural and name only the
 * fields pricing reads, spelled as on the wire (spec 2.2, 4.6, 4.8, 4.11, 4.14), so the
 * asset and request types of the schemas satisfy them without this module depending on
 * the schemas. Every pricing function answers a `Result` of its quote or a
 * {@link PricingFailure}.
 *
 * @module
 */
import { type ApiError, apiError } from "../errors/api-error.js";
import { type Err, err } from "../result.js";

/** A voice of the workspace (spec 2.2) with its faceless video prices. */
export interface PricedVoice {
  /** Voice id, matched against a faceless video's `voice_id`. */
  readonly id: string;
  /** Credits of a 9:16 faceless video narrated by this voice. */
  readonly credits_9_16: number;
  /** Credits of a 16:9 faceless video narrated by this voice. */
  readonly credits_16_9: number;
}

/** The parts of the workspace assets (spec 2.2) that pricing reads. */
export interface PricingAssets {
  /** Built-in and ready cloned voices. */
  readonly voices: readonly PricedVoice[];
}

/** The field of a POST /slideshows body (spec 4.6) that sets its price. */
export interface SlideshowPricingRequest {
  /** Number of slides (the body schema fills in its default, 6). */
  readonly slide_count: number;
}

/** The fields of a POST /faceless-videos body (spec 4.8) that set its price. */
export interface FacelessVideoPricingRequest {
  /** `9:16` or `16:9` (the body schema fills in its default, `9:16`). */
  readonly aspect_ratio: string;
  /** Narrating voice (the body schema fills in its default, `ash`). */
  readonly voice_id: string;
}

/** The fields of a POST /reference-inspirations body (spec 4.11) that set its price. */
export interface ReferenceAnalysisPricingRequest {
  /** Media given by URL; each is one analysed item. */
  readonly image_urls?: readonly string[] | undefined;
  /** Media given inline; each is one analysed item. */
  readonly images?: readonly unknown[] | undefined;
  /** A video given by URL; one analysed item. */
  readonly video_url?: string | undefined;
}

/** The field of an `add_voiceover` operation (spec 4.14) that sets its price. */
export interface VoiceoverPricingRequest {
  /** The text to speak. */
  readonly text: string;
}

/** The price of a generation batch: one hold per generation. */
export interface GenerationQuote {
  /** Credits of one generation, which is what each generation's hold reserves. */
  readonly creditsPerGeneration: number;
  /** Number of generations. */
  readonly requestCount: number;
  /** Credits of the whole batch. */
  readonly totalCredits: number;
}

/** The price of a paid action charged as one hold. */
export interface CreditQuote {
  /** Credits of the action. */
  readonly totalCredits: number;
}

/** Why a request cannot be priced; the request names something that does not exist. */
export interface PricingFailure {
  /**
   * `bad_request` for an unknown catalog option (template, model, variant, tier, aspect
   * ratio, count: "unsupported option" in spec 7.2); `not_found` for a workspace asset
   * the organization does not have (a voice).
   */
  readonly code: "bad_request" | "not_found";
  /** The request field at fault, as named on the wire. */
  readonly field: string;
  /** A human-readable explanation. */
  readonly message: string;
}

/** Builds the failed result of a pricing function. */
export function pricingFailure(
  code: PricingFailure["code"],
  field: string,
  message: string,
): Err<PricingFailure> {
  return err({ code, field, message });
}

/**
 * Turns a {@link PricingFailure} into the API error. A `bad_request` carries the same
 * context as a failed validation (`location` and `fields`), so clients read one shape
 * for every 400; a `not_found` names the field.
 *
 * @example
 * ```ts
 * pricingApiError({ code: "not_found", field: "voice_id", message: "No voice with id nova." });
 * // { code: "not_found", message: "No voice with id nova.", retryable: false, context: { field: "voice_id" } }
 * ```
 */
export function pricingApiError(error: PricingFailure): ApiError {
  if (error.code === "not_found") {
    return apiError("not_found", error.message, { context: { field: error.field } });
  }
  return apiError("bad_request", error.message, {
    context: {
      location: "body",
      fields: [{ path: error.field, message: error.message, issue: "invalid_value" }],
    },
  });
}
