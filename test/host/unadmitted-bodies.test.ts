import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_FIXTURE, setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";

// Through the real listener: a caller that will be refused must not make the host read
// its body. The body here is far larger than any socket buffer, so a host that read it
// to the end before answering would take all of it.
const TOTAL_BYTES = 64 * 1024 * 1024;
const CHUNK = Buffer.alloc(256 * 1024, 0x20);

let running: RunningHost | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

interface Sent {
  readonly status: number | undefined;
  readonly sentBytes: number;
}

function postLargeBody(
  origin: string,
  path: string,
  headers: Record<string, string>,
): Promise<Sent> {
  return new Promise((resolve) => {
    let sentBytes = 0;
    let status: number | undefined;
    const outgoing = request(new URL(path, origin), {
      method: "POST",
      headers: { ...headers, "content-length": String(TOTAL_BYTES) },
    });
    const done = () => resolve({ status, sentBytes });
    outgoing.on("response", (incoming) => {
      status = incoming.statusCode;
      incoming.resume();
      incoming.on("end", () => {
        outgoing.destroy();
        done();
      });
    });
    // The host closes the connection after its answer; writing on may then fail.
    outgoing.on("error", () => (status === undefined ? done() : undefined));
    const pump = (): void => {
      while (sentBytes < TOTAL_BYTES && status === undefined && !outgoing.destroyed) {
        sentBytes += CHUNK.byteLength;
        if (!outgoing.write(CHUNK)) {
          outgoing.once("drain", pump);
          return;
        }
      }
      if (sentBytes >= TOTAL_BYTES) outgoing.end();
    };
    pump();
  });
}

describe("the reference host and bodies of callers it refuses", () => {
  it.each([
    ["/v1/reference-inspirations", { "content-type": "application/json" }],
    [
      "/v1/reference-inspirations",
      { "content-type": "application/json", authorization: "Bearer rk_nobody_has_this" },
    ],
    ["/mcp", { "content-type": "application/json", accept: "application/json, text/event-stream" }],
  ])("answers %s 401 without reading the body to its end", async (path, headers) => {
    running = await startHost({ port: 0, host: "127.0.0.1", setup: setupOf(DEMO_FIXTURE) });
    const sent = await postLargeBody(running.origin, path, headers);
    expect(sent.status).toBe(401);
    // Whatever the socket buffers took, the host answered long before the body's end.
    expect(sent.sentBytes).toBeLessThan(TOTAL_BYTES / 2);
  });
});
