/**
 * POST /slideshows (spec 4.6) and GET /slideshows/{id} (spec 4.7).
 *
 * @module
 */

import { priceSlideshow } from "../../credits/price-products.js";
import { pricingApiError } from "../../credits/pricing.js";
import { apiError } from "../../errors/api-error.js";
import { createSlideshowRequestSchema, slideshowIdParamsSchema } from "../../schemas/slideshows.js";
import { workErrorOf } from "../generations/work-error.js";
import { checkWorkspaceReferences } from "../generations/workspace-references.js";
import { runPaidRequest } from "../pipeline/paid.js";
import { parseInput } from "../pipeline/parse.js";
import { errorResponse, okResponse } from "../pipeline/responses.js";
import { authenticated, type UseCaseFactory } from "../use-case.js";
import { queueSlideshow } from "../videos/queue-slideshow.js";
import { slideshowBodyOf } from "../videos/slideshow-body.js";

/**
 * POST /slideshows: checks the brand kit, avatar and reference, holds the slideshow's
 * credits, and queues it with the video it renders into, once per idempotency key.
 */
export const createSlideshow: UseCaseFactory = authenticated("createSlideshow", async (call) => {
  const body = parseInput(createSlideshowRequestSchema, call.request.body, "body");
  if (!body.ok) return body.response;
  const request = body.value;
  const { deps, caller } = call;
  return runPaidRequest({
    ...call,
    action: async () => {
      const priced = priceSlideshow(request, deps.prices);
      if (!priced.ok) return errorResponse(pricingApiError(priced.error));
      const references = await checkWorkspaceReferences(deps, caller.organization.id, request);
      if (!references.ok) return references.response;
      return queueSlideshow(deps, caller, request, priced.quote.totalCredits);
    },
  });
});

/** GET /slideshows/{id}: the slideshow's status, its URL once completed, its failure. */
export const getSlideshow: UseCaseFactory = authenticated(
  "getSlideshow",
  async ({ deps, caller, request }) => {
    const params = parseInput(slideshowIdParamsSchema, request.pathParams, "path");
    if (!params.ok) return params.response;
    const organizationId = caller.organization.id;
    const record = await deps.stores.slideshows.get(organizationId, params.value.id);
    if (record === undefined) {
      return errorResponse(apiError("not_found", `No slideshow has id ${params.value.id}.`));
    }
    return okResponse(slideshowBodyOf(record, await workErrorOf(deps, organizationId, record)));
  },
);
