/**
 * The shape of a use case: one per endpoint, built from the ports, answering a
 * transport-neutral request in two steps. Admission reads only the credentials (spec 5),
 * so an adapter can refuse a caller before it reads a body; serving reads the rest.
 * Authenticated use cases are made by {@link authenticated}, open ones by
 * {@link unauthenticated}.
 *
 * @module
 */

import type {
  Admission,
  OperationId,
  RequestCredentials,
  ServiceRequest,
  ServiceResult,
} from "../../ports/contract.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import { ok } from "../../result.js";
import { ENDPOINTS, type EndpointDefinition } from "../../schemas/endpoints.js";
import { admit, type Caller } from "./authorize.js";
import { refuseUnacceptableValues } from "./input.js";

/** A use case bound to its ports, answering in one call. */
export type UseCase = (request: ServiceRequest) => Promise<ServiceResult>;

/** A use case in two steps: admission by the credentials, then serving the request. */
export type AdmittingUseCase = (credentials: RequestCredentials) => Promise<Admission>;

/** Builds a use case from the ports. */
export type UseCaseFactory = (deps: ServiceDependencies) => AdmittingUseCase;

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
 * Serves a request only once its values pass the policy every door shares: a hostile
 * key or text no store can keep answers 400 naming the field, on every store alike.
 */
export function servingCheckedValues(serve: UseCase): UseCase {
  return async (request) => refuseUnacceptableValues(request) ?? serve(request);
}

/**
 * A use case that runs only for an admitted caller: authenticated by bearer key, with a
 * scope the endpoint accepts, in an organization with an active subscription.
 */
export function authenticated(
  operationId: OperationId,
  handle: (call: AdmittedCall) => Promise<ServiceResult>,
): UseCaseFactory {
  const endpoint = endpointOf(operationId);
  return (deps) => async (credentials) => {
    const admitted = await admit(deps, endpoint, credentials);
    if (!admitted.ok) return admitted;
    const caller = admitted.value;
    const serve = servingCheckedValues((request) => handle({ deps, endpoint, caller, request }));
    return ok({ serve, organizationId: caller.organization.id });
  };
}

/** A use case anyone may call (GET /models, GET /openapi.json, GET /skill.md). */
export function unauthenticated(build: (deps: ServiceDependencies) => UseCase): UseCaseFactory {
  return (deps) => {
    const serve = servingCheckedValues(build(deps));
    return async () => ok({ serve });
  };
}

/** The one-call form of an admitting use case: admission, then serving, or the refusal. */
export function inOneCall(useCase: AdmittingUseCase): UseCase {
  return async (request) => {
    const admission = await useCase(request);
    return admission.ok ? admission.value.serve(request) : admission.error;
  };
}
