/**
 * The paid part of POST /reference-inspirations (spec 3, 4.11): 30 credits per media item
 * are held before the inline images are stored and the analysis is queued. Whatever
 * fails after the hold releases it, so a failed request charges nothing.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import { priceReferenceAnalysis } from "../../credits/price-products.js";
import { pricingApiError } from "../../credits/pricing.js";
import { apiError } from "../../errors/api-error.js";
import type { ServiceFailure } from "../../ports/contract.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { ReferenceRecord } from "../../ports/records.js";
import type { ReferenceTemplateTarget } from "../../schemas/assets.js";
import type {
  CreateReferenceInspirationRequest,
  ReferenceInspirationCreateResult,
} from "../../schemas/reference-inspirations.js";
import type { Caller } from "../pipeline/authorize.js";
import { holdCredits, releaseHolds } from "../pipeline/credits.js";
import type { PaidAnswer } from "../pipeline/paid.js";
import { failure, success } from "../pipeline/results.js";
import { queueReferenceAnalysis } from "./reference-analysis.js";
import {
  type AcceptedReferenceImage,
  type ReferenceImagesToStore,
  storeReferenceImages,
} from "./reference-images.js";
import { newReferenceInspiration } from "./reference-record.js";

/** A checked create request, ready to be paid for. */
export interface ReferenceToSave {
  /** The parsed request. */
  readonly request: CreateReferenceInspirationRequest;
  /** The target it is saved to. */
  readonly target: ReferenceTemplateTarget;
  /** The inline images, already decoded and recognized. */
  readonly images: readonly AcceptedReferenceImage[];
}

function storageFailure(): ServiceFailure {
  return failure(
    apiError(
      "server_error",
      "The inline images could not be stored; nothing was charged. Retry with the same idempotency key.",
      { retryable: true },
    ),
  );
}

async function storeOrNull(
  deps: ServiceDependencies,
  toStore: ReferenceImagesToStore,
): Promise<string[] | null> {
  try {
    return await storeReferenceImages(deps, toStore);
  } catch {
    return null;
  }
}

/**
 * Holds the analysis credits, stores the inline images, saves the reference and queues
 * its analysis; answers the create result of spec 2.6, or an error with the hold released.
 */
export async function saveReference(
  deps: ServiceDependencies,
  caller: Caller,
  toSave: ReferenceToSave,
): Promise<PaidAnswer> {
  const price = priceReferenceAnalysis(toSave.request);
  if (!price.ok) return failure(pricingApiError(price.error));
  const credits = price.value.totalCredits;
  const organizationId = caller.organization.id;
  // The reference id names the hold too, so one reference can never hold twice.
  const referenceId = deps.ids.uuid();
  const held = await holdCredits(deps, caller, [{ holdId: referenceId, amount: credits }]);
  if (!held.ok) return held.error;
  const storedImageUrls = await storeOrNull(deps, {
    organizationId,
    referenceId,
    images: toSave.images,
  });
  if (storedImageUrls === null) {
    await releaseHolds(deps, caller, [referenceId]);
    return storageFailure();
  }
  const reference = newReferenceInspiration({
    id: referenceId,
    organizationId,
    request: toSave.request,
    target: toSave.target,
    storedImageUrls,
    createdAt: isoNow(deps.clock),
  });
  const record: ReferenceRecord = { reference, holdId: referenceId, creditsDeducted: credits };
  const queued = await queueReferenceAnalysis(deps, caller, record);
  if (!queued.ok) return queued.error;
  const result: ReferenceInspirationCreateResult = {
    object: "reference_inspiration",
    reference,
    credits_deducted: credits,
    remaining_credits: held.value.available,
  };
  return success(result);
}
