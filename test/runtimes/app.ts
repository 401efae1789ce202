/**
 * The embedded API every runtime test serves: memory ports, simulated providers, the
 * fetch handler. Built on first use, because Workers forbid random numbers and crypto
 * at a module's top level.
 */
import { createService } from "reelkit";
import { createFetchHandler } from "reelkit/http";
import { createMemoryPorts } from "reelkit/memory";
import { API_SCOPES } from "reelkit/schemas";
import { createSimulatedProviders } from "reelkit/simulated";
import { RUNTIME_TEST_KEY } from "./key.js";

let handler: ((request: Request) => Promise<Response>) | undefined;

/** Answers one request, creating the API on the first. */
export function handle(request: Request): Promise<Response> {
  if (handler === undefined) {
    const ports = createMemoryPorts({
      organizations: [
        { id: 1, credits: 100, apiKeys: [{ key: RUNTIME_TEST_KEY, scopes: API_SCOPES }] },
      ],
    });
    handler = createFetchHandler(
      createService({ ...ports, ...createSimulatedProviders(ports) }).api,
    );
  }
  return handler(request);
}

/** The module a Worker exports. */
export default { fetch: handle };
