/**
 * Stopping the reference host on SIGTERM: a request in flight when the signal arrives
 * is answered, new connections are refused, and the process exits 0.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../src/host/host-setup.js";
import { type HostProcess, originOfFirstLine, spawnHost } from "./support/spawn-host.js";

// Resolves once `check` is true, looking again after each chunk of the child's output.
async function untilOutput(host: HostProcess, text: string): Promise<void> {
  const stdout = host.child.stdout;
  if (stdout === null) throw new Error("The host's stdout is not piped.");
  while (!host.stdout().includes(text))
    await new Promise((resolve) => stdout.once("data", resolve));
}

function connectionRefused(origin: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });
}

describe("stopping the host on SIGTERM", () => {
  it("answers a request in flight, refuses new connections, and exits 0", async () => {
    const host = spawnHost(["--port", "0", "--shutdown-timeout", "60"]);
    const origin = originOfFirstLine(await host.firstLine);
    const body = JSON.stringify({ title: "Finished after SIGTERM" });
    const half = Math.floor(body.length / 2);
    // `Expect: 100-continue` makes the server say when it holds the request: from then on
    // the request is in flight, and only the rest of its body is missing.
    const inFlight = httpRequest(`${origin}/v1/editor/videos`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${DEMO_API_KEY}`,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "x-request-id": "in-flight-1",
        expect: "100-continue",
      },
    });
    const answered = new Promise<IncomingMessage>((resolve, reject) => {
      inFlight.once("response", resolve);
      inFlight.once("error", reject);
    });
    await new Promise((resolve) => inFlight.once("continue", resolve));
    inFlight.write(body.slice(0, half));

    host.child.kill("SIGTERM");
    await untilOutput(host, "reelkit stopping");
    expect(await connectionRefused(origin)).toBe("ECONNREFUSED");

    inFlight.end(body.slice(half));
    const response = await answered;
    const text = await new Promise<string>((resolve) => {
      let received = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        received += chunk;
      });
      response.on("end", () => resolve(received));
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-request-id"]).toBe("in-flight-1");
    expect(JSON.parse(text).video.title).toBe("Finished after SIGTERM");

    expect(await host.exited).toEqual({ code: 0, signal: null });
    const lines = host.stdout().trimEnd().split("\n");
    expect(lines.at(-1)).toBe("reelkit stopped");
    const logged = lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: "request",
        method: "POST",
        route: "/v1/editor/videos",
        status: 200,
        organization_id: 1,
        request_id: "in-flight-1",
      }),
    );
  });
});
