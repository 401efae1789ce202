/**
 * The response shape shared by the paid creation endpoints that queue a workflow
 * (POST /faceless-videos, POST /slideshows): an `object` constant, `status: "queued"`,
 * the charge and the idempotent-replay marker, around the fields of each resource.
 *
 * @module
 */
import { z } from "zod";

/**
 * `idempotent_replay` of every paid result (spec 4.0): absent on a first answer, present
 * and true on the stored response replayed for the same key and body.
 */
export const idempotentReplaySchema = z
  .literal(true)
  .optional()
  .describe("Present and true when this is the stored response of an earlier identical request.");

/** What sets one creation result apart from the others. */
export interface CreationResultSpec<
  Name extends string,
  BeforeCharge extends z.ZodRawShape,
  AfterCharge extends z.ZodRawShape,
> {
  /** Value of the `object` field, e.g. `slideshow_generation`. */
  object: Name;
  /** The request that polls the queued work, e.g. `GET /slideshows/{id}`. */
  pollRequest: string;
  /** Resource fields placed after `status` and before the charge. */
  beforeCharge: BeforeCharge;
  /** Resource fields placed after the charge and before `idempotent_replay`. */
  afterCharge: AfterCharge;
  /** Description of the whole result. */
  description: string;
}

/**
 * The schema of a queued creation result: `object`, `status`, the `beforeCharge` fields,
 * `credits_deducted`, `remaining_credits`, the `afterCharge` fields and the optional
 * `idempotent_replay`, in that order.
 *
 * @example
 * ```ts
 * const resultSchema = creationResultSchema({
 *   object: "faceless_video_generation",
 *   pollRequest: "GET /videos/{video_id}",
 *   beforeCharge: { video_id: z.int().min(1).describe("Video id.") },
 *   afterCharge: { script: z.string().describe("The script the video narrates.") },
 *   description: "A queued faceless video.",
 * });
 * ```
 */
export function creationResultSchema<
  const Name extends string,
  BeforeCharge extends z.ZodRawShape,
  AfterCharge extends z.ZodRawShape,
>(spec: CreationResultSpec<Name, BeforeCharge, AfterCharge>) {
  // The property order is part of the published JSON Schema and OpenAPI document, so the
  // resource fields are spliced in at fixed places rather than appended with `extend`.
  return z
    .object({
      object: z.literal(spec.object).describe(`Always ${spec.object}.`),
      status: z.literal("queued").describe(`Always queued; poll ${spec.pollRequest}.`),
      ...spec.beforeCharge,
      credits_deducted: z.int().min(0).describe("Credits charged."),
      remaining_credits: z.int().min(0).describe("Credit balance after the charge."),
      ...spec.afterCharge,
      idempotent_replay: idempotentReplaySchema,
    })
    .describe(spec.description);
}
