/**
 * The wire bodies of generations (spec 2.3): a generation as GET /generations/{id}
 * answers it, and the batch POST /generations answers.
 *
 * @module
 */
import type { ApiError } from "../../errors/api-error.js";
import type { GenerationRecord } from "../../ports/records.js";
import type {
  Generation,
  GenerationBatch,
  GenerationBatchItem,
  GenerationError,
  GenerationStatus,
} from "../../schemas/generations.js";

// Generations are reported from `generating` on (spec 3); a store holding `queued` for
// one would still answer with a status of the enumeration.
function wireStatusOf(record: GenerationRecord): GenerationStatus {
  return record.status === "queued" ? "generating" : record.status;
}

/** A generation record as the wire shows it; `url` only once completed. */
export function generationBodyOf(
  record: GenerationRecord,
  error: GenerationError | null,
): Generation {
  const status = wireStatusOf(record);
  return {
    id: record.id,
    object: "generation",
    type: record.type,
    status,
    url: status === "completed" ? record.url : null,
    error: status === "error" ? error : null,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

/**
 * One generation of a batch. A generation the queue refused is listed as `error` with
 * nothing charged, so the batch accounts for every requested generation.
 */
export function batchItemOf(record: GenerationRecord, queued: boolean): GenerationBatchItem {
  return {
    id: record.id,
    object: "generation",
    status: queued ? wireStatusOf(record) : "error",
    credits_deducted: queued ? record.creditsDeducted : 0,
  };
}

/** What {@link batchBodyOf} reports. */
export interface BatchOutcome {
  /** `queued` when every generation was queued, `partial` when some were. */
  readonly status: GenerationBatch["status"];
  /** Every generation of the batch, in request order. */
  readonly generations: readonly GenerationBatchItem[];
  /** Credits kept for the queued generations. */
  readonly creditsDeducted: number;
  /** Available credits after the batch settled. */
  readonly remainingCredits: number;
  /** Why some generations were not queued; null for a `queued` batch. */
  readonly error: ApiError | null;
}

/** The response body of POST /generations. */
export function batchBodyOf(outcome: BatchOutcome): GenerationBatch {
  return {
    object: "generation_batch",
    status: outcome.status,
    request_count: outcome.generations.length,
    credits_deducted: outcome.creditsDeducted,
    remaining_credits: outcome.remainingCredits,
    generations: [...outcome.generations],
    error: outcome.error,
  };
}
