/**
 * `list_generation_catalog`: the catalog of GET /models narrowed to one section or one
 * template, so an agent reads only the part it needs (spec 4.19).
 *
 * @module
 */
import type { z } from "zod";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { Catalog } from "../../schemas/catalog.js";
import { parseInput } from "../pipeline/input.js";
import { success } from "../pipeline/results.js";
import { servingCheckedValues, type UseCase } from "../pipeline/use-case.js";
import { listGenerationCatalogInputSchema } from "./agent-schemas.js";

/** What to keep of the catalog. */
export type CatalogNarrowing = z.output<typeof listGenerationCatalogInputSchema>;

/**
 * The catalog with only the asked-for parts; the others are empty arrays, so the result
 * keeps the shape of GET /models. A `template_slug` keeps that template wherever it is
 * and leaves the AI models out, since they have model slugs, not template slugs.
 *
 * @example
 * ```ts
 * narrowCatalog(DEMO_CATALOG, { section: "ai_models" }).static_ads; // []
 * ```
 */
export function narrowCatalog(catalog: Catalog, narrowing: CatalogNarrowing): Catalog {
  const { section, template_slug: slug } = narrowing;
  const wanted = (name: keyof Omit<Catalog, "object">) => section === undefined || section === name;
  const templates = <Item extends { readonly slug: string }>(
    name: "static_ads" | "video_ads" | "ugc_ads",
    items: readonly Item[],
  ): Item[] =>
    wanted(name) ? items.filter((item) => slug === undefined || item.slug === slug) : [];
  return {
    object: "catalog",
    static_ads: templates("static_ads", catalog.static_ads),
    video_ads: templates("video_ads", catalog.video_ads),
    ugc_ads: templates("ugc_ads", catalog.ugc_ads),
    ai_models: wanted("ai_models") && slug === undefined ? [...catalog.ai_models] : [],
  };
}

/** The narrowed catalog; like GET /models it needs no key. */
export function listGenerationCatalog(deps: ServiceDependencies): UseCase {
  return servingCheckedValues(async (request) => {
    const input = parseInput(listGenerationCatalogInputSchema, request.body ?? {}, "body");
    if (!input.ok) return input.error;
    return success(narrowCatalog(await deps.workspace.catalog(), input.value));
  });
}
