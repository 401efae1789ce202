/**
 * What the workflows take from the workspace: the brand kit a request names, and the
 * images a slideshow features (its product images, its avatar, its saved reference).
 * The request was checked against the workspace when it was made; something removed
 * since is simply left out.
 *
 * @module
 */
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { BrandKitBrief } from "../../ports/script-plans.js";
import { REFERENCE_IMAGE_URLS_MAX } from "../../schemas/limits.js";
import type { SlideshowInput } from "./product-inputs.js";

/** The brand kit `brandKitId` of the organization as the planners see it; null when none. */
export async function brandKitBrief(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  brandKitId: number | null,
): Promise<BrandKitBrief | null> {
  if (brandKitId === null) return null;
  const assets = await deps.workspace.assets(organizationId);
  const kit = assets.brand_kits.find((candidate) => candidate.id === brandKitId);
  return kit === undefined ? null : { name: kit.kit_name, data: { ...kit.kit_data } };
}

/**
 * The images a slideshow's visuals follow, most important first and each once: its
 * product images, then its avatar (the workspace avatar's picture, or the image given),
 * then the media of its saved reference, at most {@link REFERENCE_IMAGE_URLS_MAX}.
 */
export async function slideshowReferenceImages(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  input: SlideshowInput,
): Promise<string[]> {
  const images = [...input.productImageUrls];
  if (input.avatarId !== null) {
    const assets = await deps.workspace.assets(organizationId);
    const avatar = assets.avatars.find((candidate) => candidate.id === input.avatarId);
    if (avatar !== undefined) images.push(avatar.imageUrl);
  }
  if (input.avatarImageUrl !== null) images.push(input.avatarImageUrl);
  if (input.referenceId !== null) {
    const saved = await deps.stores.references.get(organizationId, input.referenceId);
    if (saved !== undefined) images.push(...saved.reference.media_urls);
  }
  return [...new Set(images)].slice(0, REFERENCE_IMAGE_URLS_MAX);
}
