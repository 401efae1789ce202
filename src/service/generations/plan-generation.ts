/**
 * Everything POST /generations checks before it charges: the price (unknown catalog
 * options are a 400, spec 7.2), the template's preset and tier, the variant's media
 * inputs (rule 2), the workspace references and the My Media ids. The result is the
 * quote and the input each generation's job carries.
 *
 * @module
 */

import { priceGeneration } from "../../credits/price-generation.js";
import { type GenerationQuote, pricingApiError } from "../../credits/pricing.js";
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { CreateGenerationRequest } from "../../schemas/generations.js";
import { checkWorkspaceReferences } from "../catalog/workspace-references.js";
import { jobInputOf } from "../jobs/enqueue.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { type CatalogChoice, catalogChoiceOf, checkTemplateOptions } from "./catalog-choice.js";
import { type ResolvedMediaInputs, resolveMediaInputs } from "./my-media-inputs.js";
import { checkVariantMediaInputs } from "./variant-inputs.js";

/** A checked generation request: what it costs and what each job is given. */
export interface GenerationPlan {
  /** The price: one hold of `creditsPerGeneration` per generation. */
  readonly quote: GenerationQuote;
  /** The job input shared by every generation of the batch. */
  readonly input: Readonly<Record<string, unknown>>;
}

function generationJobInput(
  request: CreateGenerationRequest,
  choice: CatalogChoice,
  media: ResolvedMediaInputs,
): Record<string, unknown> {
  return jobInputOf({
    type: request.type,
    prompt: request.prompt,
    template_slug: request.template_slug,
    preset_id: request.preset_id ?? undefined,
    quality_tier: choice.qualityTier?.id,
    model_slug: request.model_slug,
    variant_id: choice.variant?.id,
    // What the variant turns into what, so the provider knows what to produce.
    input_mode: choice.variant?.input_mode,
    aspect_ratio: request.aspect_ratio,
    duration: request.duration,
    resolution: request.resolution,
    brand_kit_id: request.brand_kit_id,
    avatar_id: request.avatar_id,
    custom_reference_inspiration_id: request.custom_reference_inspiration_id ?? undefined,
    reference_image_urls:
      media.referenceImageUrls.length > 0 ? media.referenceImageUrls : undefined,
    source_video_url: media.sourceVideoUrl,
    motion_video_url: media.motionVideoUrl,
    audio_url: media.audioUrl,
    generate_audio: request.generate_audio,
  });
}

/** Checks a parsed POST /generations body against the catalog and the organization. */
export async function planGeneration(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  request: CreateGenerationRequest,
): Promise<Step<GenerationPlan>> {
  const catalog = await deps.workspace.catalog();
  const priced = priceGeneration(request, catalog, deps.prices);
  if (!priced.ok) return halt(pricingApiError(priced.error));
  const choice = catalogChoiceOf(catalog, request);
  const options = checkTemplateOptions(request, choice);
  if (!options.ok) return options;
  const inputs = checkVariantMediaInputs(request, choice.variant);
  if (!inputs.ok) return inputs;
  const references = await checkWorkspaceReferences(deps, organizationId, request);
  if (!references.ok) return references;
  const media = await resolveMediaInputs(deps, organizationId, request);
  if (!media.ok) return media;
  return proceed({ quote: priced.value, input: generationJobInput(request, choice, media.value) });
}
