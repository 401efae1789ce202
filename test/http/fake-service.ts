// A recording test double of the service: every operation records the request it got
// and answers with a canned response, by default `{ operation: <operationId> }`.

import {
  createFetchHandler,
  type FetchHandler,
  type FetchHandlerOptions,
} from "../../src/http/index.js";
import type {
  ApiService,
  OperationId,
  ServiceRequest,
  ServiceResult,
} from "../../src/ports/contract.js";
import { ENDPOINTS } from "../../src/schemas/endpoints.js";
import { buildOpenApiDocument } from "../../src/schemas/openapi.js";
import { validatingHandler } from "../support/openapi-responses.js";

export interface RecordedCall {
  readonly operationId: OperationId;
  readonly request: ServiceRequest;
}

export type CannedAnswer =
  | ServiceResult
  | ((request: ServiceRequest) => ServiceResult | Promise<ServiceResult>);

export interface FakeService {
  readonly service: ApiService;
  readonly calls: RecordedCall[];
  answer(operationId: OperationId, answer: CannedAnswer): void;
  lastCall(): RecordedCall;
}

export function createFakeService(): FakeService {
  const calls: RecordedCall[] = [];
  const answers = new Map<OperationId, CannedAnswer>();
  const operation =
    (operationId: OperationId) =>
    async (request: ServiceRequest): Promise<ServiceResult> => {
      calls.push({ operationId, request });
      const answer = answers.get(operationId) ?? { kind: "ok", body: { operation: operationId } };
      return typeof answer === "function" ? answer(request) : answer;
    };
  const operations = Object.fromEntries(
    ENDPOINTS.map((endpoint) => [
      endpoint.operationId,
      operation(endpoint.operationId as OperationId),
    ]),
  ) as unknown as Record<OperationId, (request: ServiceRequest) => Promise<ServiceResult>>;
  // The fake admits everyone: admission is the service's business, tested with the service.
  const service: ApiService = {
    ...operations,
    admit: async (operationId) => ({ ok: true, value: { serve: operations[operationId] } }),
  };
  return {
    service,
    calls,
    answer: (operationId, answer) => answers.set(operationId, answer),
    lastCall: () => {
      const call = calls.at(-1);
      if (call === undefined) throw new Error("The service was not called.");
      return call;
    },
  };
}

export const BASE = "http://api.test/v1";

const DOCUMENT = buildOpenApiDocument();

/**
 * Checks every error response of a handler over the fake service against the OpenAPI
 * document: the adapter's own answers (refusals, 404, 405, 500) are real, while the
 * fake's canned success bodies are not the API's.
 */
export function checkingErrors(handler: FetchHandler, basePath = "/v1"): FetchHandler {
  return validatingHandler(handler, async () => DOCUMENT, basePath, { errorsOnly: true });
}

/** A handler over a fresh fake service, with quiet error logging unless given one. */
export function handlerWithFake(options: FetchHandlerOptions = {}) {
  const fake = createFakeService();
  const errors: unknown[] = [];
  const handler = checkingErrors(
    createFetchHandler(fake.service, {
      onError: (error) => errors.push(error),
      ...options,
    }),
    options.basePath ?? "/v1",
  );
  return { fake, handler, errors };
}

export async function errorOf(response: Response): Promise<{
  code: string;
  message: string;
  retryable: boolean;
  context?: Record<string, unknown>;
}> {
  const body = (await response.json()) as { error: never };
  return body.error;
}

/** A POST (or other method) with a JSON text body. */
export function jsonRequest(
  path: string,
  text: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Request {
  return new Request(`${BASE}${path}`, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", ...init.headers },
    body: text,
  });
}

/** A stream of `chunkCount` chunks of `chunkBytes` bytes each, counting what was pulled. */
export function countingStream(chunkBytes: number, chunkCount: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= chunkCount) {
        controller.close();
        return;
      }
      state.pulled += 1;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}
