/**
 * POST /generations (spec 4.4) and GET /generations/{id} (spec 4.5). The rules of a
 * generation live in this folder, in the order a request meets them: the body is parsed
 * and defaulted by `createGenerationRequestSchema`; `plan-generation.ts` chooses the
 * catalog entry once (`catalog-choice.ts`), prices it (`price-generation.ts`), checks the
 * template's options, the variant's media inputs and the references; then
 * `queue-generations.ts` holds the credits and queues one job per generation.
 *
 * @module
 */
import { apiError } from "../../errors/api-error.js";
import {
  createGenerationRequestSchema,
  generationIdParamsSchema,
} from "../../schemas/generations.js";
import { workErrorOf } from "../jobs/work.js";
import { parseInput } from "../pipeline/input.js";
import { runPaidRequest } from "../pipeline/paid.js";
import { failure, success } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { generationBodyOf } from "./generation-body.js";
import { planGeneration } from "./plan-generation.js";
import { queueGenerationBatch } from "./queue-generations.js";

/**
 * POST /generations: checks the request against the catalog and the organization,
 * holds the batch's credits, and queues one job per generation, once per idempotency key.
 */
export const createGeneration: UseCaseFactory = authenticated("createGeneration", async (call) => {
  const body = parseInput(createGenerationRequestSchema, call.request.body, "body");
  if (!body.ok) return body.error;
  const request = body.value;
  return runPaidRequest({
    ...call,
    action: async () => {
      const plan = await planGeneration(call.deps, call.caller.organization.id, request);
      if (!plan.ok) return plan.error;
      return queueGenerationBatch(call.deps, call.caller, { request, plan: plan.value });
    },
  });
});

/** GET /generations/{id}: the generation's status, its URL once completed, its failure. */
export const getGeneration: UseCaseFactory = authenticated(
  "getGeneration",
  async ({ deps, caller, request }) => {
    const params = parseInput(generationIdParamsSchema, request.pathParams, "path");
    if (!params.ok) return params.error;
    const organizationId = caller.organization.id;
    const record = await deps.stores.generations.get(organizationId, params.value.id);
    if (record === undefined) {
      return failure(apiError("not_found", `No generation has id ${params.value.id}.`));
    }
    return success(generationBodyOf(record, await workErrorOf(deps, organizationId, record)));
  },
);
