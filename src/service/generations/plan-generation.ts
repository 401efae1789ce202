/**
 * Everything POST /generations checks before it charges, in order: the catalog entry
 * (unknown catalog options are a 400, spec 7.2), its price, the template's preset and
 * tier, the variant's media inputs (rule 2), the workspace references and the My Media
 * ids. The result is the quote and the input each generation's job carries.
 *
 * @module
 */

import { type GenerationQuote, pricingApiError } from "../../credits/pricing.js";
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { CreateGenerationRequest } from "../../schemas/generations.js";
import { checkWorkspaceReferences } from "../catalog/workspace-references.js";
import { jobInputOf } from "../jobs/enqueue.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { type CatalogChoice, chooseCatalogEntry } from "./catalog-choice.js";
import { type ResolvedMediaInputs, resolveMediaInputs } from "./my-media-inputs.js";
import { quoteChoice } from "./price-generation.js";
import { checkTemplateOptions } from "./template-options.js";
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
  const tier =
    choice.type === "video_ad" || choice.type === "ugc_ad" ? choice.qualityTier : undefined;
  const variant = choice.type === "ai_model" ? choice.variant : undefined;
  return jobInputOf({
    type: request.type,
    prompt: request.prompt,
    template_slug: request.template_slug,
    preset_id: request.preset_id ?? undefined,
    quality_tier: tier?.id,
    model_slug: request.model_slug,
    variant_id: variant?.id,
    // What the variant turns into what, so the provider knows what to produce.
    input_mode: variant?.input_mode,
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
  const chosen = chooseCatalogEntry(await deps.workspace.catalog(), request);
  if (!chosen.ok) return halt(pricingApiError(chosen.error));
  const choice = chosen.value;
  const quote = quoteChoice(choice, { requestCount: request.request_count, prices: deps.prices });
  if (!quote.ok) return halt(pricingApiError(quote.error));
  const options = checkTemplateOptions(request, choice);
  if (!options.ok) return options;
  const variant = choice.type === "ai_model" ? choice.variant : undefined;
  const inputs = checkVariantMediaInputs(request, variant);
  if (!inputs.ok) return inputs;
  const references = await checkWorkspaceReferences(deps, organizationId, request);
  if (!references.ok) return references;
  const media = await resolveMediaInputs(deps, organizationId, request);
  if (!media.ok) return media;
  return proceed({ quote: quote.value, input: generationJobInput(request, choice, media.value) });
}
