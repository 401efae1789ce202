/**
 * Queueing a checked generation batch (spec 2.3, 3): every generation's hold is
 * reserved at once (a batch the balance cannot cover is a 402 and queues nothing), the
 * records are stored, and one job per generation is queued. Generations the queue
 * refuses are recorded as failed and their holds released, which makes the batch
 * `partial`; when none is queued the request is a 500 and charges nothing.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import { settleBatch } from "../../credits/batch.js";
import { type ApiError, apiError } from "../../errors/api-error.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { GenerationRecord } from "../../ports/records.js";
import type { CreateGenerationRequest } from "../../schemas/generations.js";
import {
  QUEUE_UNAVAILABLE_CATEGORY,
  QUEUE_UNAVAILABLE_FAILURE,
  queueUnavailableError,
  tryEnqueue,
} from "../jobs/enqueue.js";
import { failWork } from "../jobs/work.js";
import type { Caller } from "../pipeline/authorize.js";
import { holdCredits, releaseHolds } from "../pipeline/credits.js";
import type { PaidAnswer } from "../pipeline/paid.js";
import { failure, proceed, type Step, success } from "../pipeline/results.js";
import { batchBodyOf, batchItemOf } from "./generation-body.js";
import type { GenerationPlan } from "./plan-generation.js";

/** A checked generation request and the plan priced from it, ready to queue. */
export interface GenerationBatch {
  /** The parsed request. */
  readonly request: CreateGenerationRequest;
  /** Its price, count and job input. */
  readonly plan: GenerationPlan;
}

function newRecords(
  deps: ServiceDependencies,
  caller: Caller,
  { request, plan }: GenerationBatch,
): GenerationRecord[] {
  const now = isoNow(deps.clock);
  return Array.from({ length: plan.quote.requestCount }, () => {
    const id = deps.ids.uuid();
    return {
      id,
      organizationId: caller.organization.id,
      createdAt: now,
      updatedAt: now,
      type: request.type,
      prompt: request.prompt,
      status: "generating",
      url: null,
      failure: null,
      holdId: id,
      creditsDeducted: plan.quote.creditsPerGeneration,
    };
  });
}

async function enqueueEach(
  deps: ServiceDependencies,
  records: readonly GenerationRecord[],
  input: GenerationPlan["input"],
): Promise<boolean[]> {
  const queued: boolean[] = [];
  for (const record of records) {
    queued.push(
      await tryEnqueue(deps, {
        id: deps.ids.uuid(),
        kind: "generation",
        organizationId: record.organizationId,
        resourceId: record.id,
        holdId: record.holdId,
        input,
      }),
    );
  }
  return queued;
}

// The `error` of a partial batch. Retrying with the same key replays this answer, and a
// new key queues a whole new batch (spec 3), so the batch itself is not retryable.
function partialBatchError(notQueued: readonly GenerationRecord[], total: number): ApiError {
  return apiError(
    "server_error",
    `The job queue took ${total - notQueued.length} of ${total} generations; the others were not charged. Send a new request with a new idempotency key only if more outputs are wanted.`,
    {
      retryable: false,
      context: {
        reason: QUEUE_UNAVAILABLE_CATEGORY,
        not_queued_generation_ids: notQueued.map((record) => record.id),
      },
    },
  );
}

// Holds every generation's credits, then stores the records; a store failure returns
// the holds before it surfaces as a 500.
async function holdAndStore(
  deps: ServiceDependencies,
  caller: Caller,
  records: readonly GenerationRecord[],
): Promise<Step<void>> {
  const holds = records.map((record) => ({
    holdId: record.holdId,
    amount: record.creditsDeducted,
  }));
  const held = await holdCredits(deps, caller, holds);
  if (!held.ok) return held;
  try {
    await deps.stores.generations.insert(records);
  } catch (error) {
    await releaseHolds(
      deps,
      caller,
      records.map((record) => record.holdId),
    );
    throw error;
  }
  return proceed(undefined);
}

async function recordNotQueued(
  deps: ServiceDependencies,
  records: readonly GenerationRecord[],
): Promise<void> {
  const failed = failWork<GenerationRecord>(QUEUE_UNAVAILABLE_FAILURE, isoNow(deps.clock));
  for (const record of records) {
    await deps.stores.generations.update(record.organizationId, record.id, failed);
  }
}

/** Charges, stores and queues a checked batch; answers the batch, a 402 or a 500. */
export async function queueGenerationBatch(
  deps: ServiceDependencies,
  caller: Caller,
  batch: GenerationBatch,
): Promise<PaidAnswer> {
  const { plan } = batch;
  const records = newRecords(deps, caller, batch);
  const stored = await holdAndStore(deps, caller, records);
  if (!stored.ok) return stored.error;
  const queued = await enqueueEach(deps, records, plan.input);
  const settlement = await settleBatch(
    deps.credits,
    caller.organization.id,
    records.map((record, index) => ({
      holdId: record.holdId,
      amount: record.creditsDeducted,
      queued: queued[index] === true,
    })),
  );
  const notQueued = records.filter((_, index) => queued[index] !== true);
  await recordNotQueued(deps, notQueued);
  if (settlement.status === "failed") return failure(queueUnavailableError("generations"));
  return success(
    batchBodyOf({
      status: settlement.status,
      generations: records.map((record, index) => batchItemOf(record, queued[index] === true)),
      creditsDeducted: settlement.creditsDeducted,
      remainingCredits: settlement.balance.available,
      error: settlement.status === "partial" ? partialBatchError(notQueued, records.length) : null,
    }),
  );
}
