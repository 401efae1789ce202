/**
 * Schemas of the structured error (spec 2.9, 7.1): the closed code set, the error object
 * and the `{ error }` body every failing endpoint answers with.
 *
 * The matching types are `ErrorCode`, `ApiError` and `ApiErrorBody` of the errors module;
 * these schemas describe the same values on the wire, so they export no aliases of their own.
 *
 * @module
 */
import { z } from "zod";
import { ERROR_CODES } from "../errors/codes.js";

/** Every error code of spec 7.2, plus `generation_failed` of 7.3. */
export const errorCodeSchema = z
  .enum(ERROR_CODES)
  .describe(
    "Machine-readable error code. generation_failed appears only inside a failed generation record.",
  );

/** The error object of spec 2.9: what went wrong and whether retrying may help. */
export const apiErrorSchema = z
  .object({
    code: errorCodeSchema,
    message: z.string().describe("Human-readable explanation, safe to show to an end user."),
    retryable: z
      .boolean()
      .describe(
        "Whether the same request may succeed later: true for 429 and 5xx. Paid retries keep the same idempotency key.",
      ),
    context: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "Structured details. insufficient_credits carries credits_required and credits_available (integers); bad_request lists the offending fields.",
      ),
  })
  .describe("A structured error.");

/** The body of every error response (spec 7.1). */
export const errorResponseSchema = z
  .object({ error: apiErrorSchema })
  .describe("Error response: { error }.");
