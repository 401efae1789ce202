/**
 * The options of a generation that belong to its chosen template (spec 4.4): `preset_id`
 * must be one of the template's presets, and `duration` one of its quality tier's
 * `duration_options`.
 *
 * @module
 */
import type { CreateGenerationRequest } from "../../schemas/generations.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import type { CatalogChoice } from "./catalog-choice.js";
import { referenceNotFoundError, unusableFieldError } from "./reference-errors.js";

/**
 * 404 when `preset_id` is not one of the template's presets; 400 when `duration` is not
 * one of the quality tier's `duration_options` (spec 4.4: it must fit the tier).
 */
export function checkTemplateOptions(
  request: CreateGenerationRequest,
  choice: CatalogChoice,
): Step<void> {
  const presetId = request.preset_id;
  const presets = choice.type === "ai_model" ? [] : choice.template.presets;
  if (presetId !== undefined && presetId !== null && !presets.some((p) => p.id === presetId)) {
    return halt(
      referenceNotFoundError(
        "preset_id",
        `Template ${request.template_slug ?? ""} has no preset ${presetId}.`,
      ),
    );
  }
  const duration = request.duration;
  const tier =
    choice.type === "video_ad" || choice.type === "ugc_ad" ? choice.qualityTier : undefined;
  if (duration !== undefined && tier !== undefined && !tier.duration_options.includes(duration)) {
    const message = `Quality tier ${tier.id} of template ${request.template_slug ?? ""} takes a duration of ${tier.duration_options.join(", ")} seconds.`;
    return halt(unusableFieldError({ field: "duration", message, reason: "unsupported_by_tier" }));
  }
  return proceed(undefined);
}
