/**
 * The shape of an agent use case: admitted with the same keys, scopes and subscription
 * rule as the REST use cases (spec 5), by the same functions, with the input parsed from
 * the request body by the operation's schema.
 *
 * @module
 */
import type { z } from "zod";
import type { ServiceRequest, ServiceResult } from "../../ports/contract.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import { authenticate, authorize, type Caller } from "../pipeline/authorize.js";
import { parseInput, refuseUnacceptableValues } from "../pipeline/input.js";
import { proceed, type Step } from "../pipeline/results.js";
import type { UseCase } from "../pipeline/use-case.js";
import {
  type AgentOperation,
  type AgentOperationId,
  agentOperationOf,
} from "./agent-operations.js";

/** An admitted agent call with its parsed input. */
export interface AgentCall<Input> {
  /** The ports. */
  readonly deps: ServiceDependencies;
  /** The authenticated, authorized caller. */
  readonly caller: Caller;
  /** The input, parsed and with defaults applied. */
  readonly input: Input;
}

/**
 * Authenticates the request's key, then checks the operation's scopes and the
 * subscription exactly as a REST endpoint does (spec 5): 401, 403, then 402.
 */
export async function admitAgentRequest(
  deps: ServiceDependencies,
  operation: Pick<AgentOperation, "scopes">,
  request: ServiceRequest,
): Promise<Step<Caller>> {
  const caller = await authenticate(deps, request);
  return caller.ok ? authorize(caller.value, operation.scopes) : caller;
}

/** Parses the input from the body; an absent body reads as `{}`. */
function parseAgentInput<Input>(
  schema: z.ZodType<Input> | undefined,
  request: ServiceRequest,
): Step<Input> {
  // Without a schema the operation takes no input, and `Input` is `undefined`.
  if (schema === undefined) return proceed(undefined as Input);
  return parseInput(schema, request.body ?? {}, "body");
}

/**
 * An agent use case that runs only for an admitted caller, with its input parsed by
 * `schema` (the operation's own input schema).
 */
export function agentUseCase<Input = undefined>(
  operationId: AgentOperationId,
  schema: z.ZodType<Input> | undefined,
  handle: (call: AgentCall<Input>) => Promise<ServiceResult>,
): (deps: ServiceDependencies) => UseCase {
  const operation = agentOperationOf(operationId);
  if (operation.auth !== "bearer") {
    throw new TypeError(`${operationId} needs no key; it is not an authenticated agent use case.`);
  }
  // The table's schema is the one tools advertise, so the use case must parse with it.
  if (schema !== operation.input) {
    throw new TypeError(`${operationId} must parse its input with the table's schema.`);
  }
  return (deps) => async (request) => {
    const caller = await admitAgentRequest(deps, operation, request);
    if (!caller.ok) return caller.error;
    const refused = refuseUnacceptableValues(request);
    if (refused !== undefined) return refused;
    const input = parseAgentInput(schema, request);
    if (!input.ok) return input.error;
    return handle({ deps, caller: caller.value, input: input.value });
  };
}
