/**
 * The shape of a use case: one per endpoint, built from the ports, answering a
 * transport-neutral request. Authenticated use cases are wrapped by {@link authenticated},
 * which admits the caller (spec 5) before the use case sees the request.
 *
 * @module
 */
import { ENDPOINTS, type EndpointDefinition } from "../schemas/endpoints.js";
import type { OperationId, ServiceRequest, ServiceResponse } from "./contract.js";
import type { ServiceDependencies } from "./dependencies.js";
import { admit, type Caller } from "./pipeline/authorize.js";

/** A use case bound to its ports. */
export type UseCase = (request: ServiceRequest) => Promise<ServiceResponse>;

/** Builds a use case from the ports. */
export type UseCaseFactory = (deps: ServiceDependencies) => UseCase;

/** An admitted request, as an authenticated use case receives it. */
export interface AdmittedCall {
  /** The ports. */
  readonly deps: ServiceDependencies;
  /** The endpoint being served. */
  readonly endpoint: EndpointDefinition;
  /** The authenticated, authorized caller. */
  readonly caller: Caller;
  /** The request. */
  readonly request: ServiceRequest;
}

/** The endpoint table's entry for an operation; throws for an unknown one. */
export function endpointOf(operationId: OperationId): EndpointDefinition {
  const endpoint = ENDPOINTS.find((candidate) => candidate.operationId === operationId);
  if (endpoint === undefined) throw new TypeError(`No endpoint has operation id ${operationId}.`);
  return endpoint;
}

/**
 * A use case that runs only for an admitted caller: authenticated by bearer key, with a
 * scope the endpoint accepts, in an organization with an active subscription.
 */
export function authenticated(
  operationId: OperationId,
  handle: (call: AdmittedCall) => Promise<ServiceResponse>,
): UseCaseFactory {
  const endpoint = endpointOf(operationId);
  return (deps) => async (request) => {
    const admitted = await admit(deps.accounts, endpoint, request);
    if (!admitted.ok) return admitted.response;
    return handle({ deps, endpoint, caller: admitted.value, request });
  };
}
