/**
 * The structural pricing inputs must accept the schema types as they are, so the
 * service can hand parsed requests and the catalog straight to the pricing functions.
 * The assignments below fail to type-check if a schema drifts from them.
 */
import { describe, expect, it } from "vitest";
import type {
  FacelessVideoPricingRequest,
  PricingAssets,
  SlideshowPricingRequest,
} from "../../src/credits/index.js";
import type { GenerationPricingRequest, PricingCatalog } from "../../src/index.js";
import type { WorkspaceAssets } from "../../src/schemas/assets.js";
import type { Catalog } from "../../src/schemas/catalog.js";
import type { CreateFacelessVideoRequest } from "../../src/schemas/faceless-videos.js";
import type { CreateGenerationRequest } from "../../src/schemas/generations.js";
import type { CreateSlideshowRequest } from "../../src/schemas/slideshows.js";

const asCatalog = (catalog: Catalog): PricingCatalog => catalog;
const asAssets = (assets: WorkspaceAssets): PricingAssets => assets;
const asGeneration = (request: CreateGenerationRequest): GenerationPricingRequest => request;
const asSlideshow = (request: CreateSlideshowRequest): SlideshowPricingRequest => request;
const asFaceless = (request: CreateFacelessVideoRequest): FacelessVideoPricingRequest => request;

describe("pricing inputs", () => {
  it("are satisfied by the schema types", () => {
    expect([asCatalog, asAssets, asGeneration, asSlideshow, asFaceless]).toHaveLength(5);
  });
});
