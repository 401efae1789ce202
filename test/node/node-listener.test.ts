import { describe, expect, it } from "vitest";
import type { FetchHandler } from "../../src/http/index.js";
import { handlerWithFake } from "../http/fake-service.js";
import { rawRequest, servingPerTest } from "./node-support.js";

const serve = servingPerTest();

/** A handler that records the Request it got and answers with its JSON summary. */
function echoHandler() {
  const seen: Request[] = [];
  const handler: FetchHandler = async (request) => {
    seen.push(request);
    const body = request.body === null ? null : await request.text();
    return Response.json({ method: request.method, url: request.url, body });
  };
  return { handler, seen };
}

describe("toNodeListener over a real node:http server", () => {
  it("serves the API: status, content type and JSON body", async () => {
    const { fake, handler } = handlerWithFake();
    fake.answer("getCatalog", { kind: "ok", body: { object: "catalog" } });
    const server = await serve(handler);
    const response = await fetch(`${server.url}/v1/models`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ object: "catalog" });
  });

  it("streams a JSON request body through to the service", async () => {
    const { fake, handler } = handlerWithFake();
    const server = await serve(handler);
    const response = await rawRequest({
      port: server.port,
      method: "PATCH",
      path: "/v1/editor/videos/42?x=1&x=2",
      headers: {
        "content-type": "application/json",
        authorization: "Bearer rk_node",
        "idempotency-key": "node-1",
      },
      body: ['{"operations":', '[{"type":"set_title",', '"title":"Node"}]}'],
    });
    expect(response.status).toBe(200);
    expect(fake.lastCall().request).toEqual({
      bearerToken: "rk_node",
      malformedAuthorization: false,
      pathParams: { id: "42" },
      query: { x: ["1", "2"] },
      body: { operations: [{ type: "set_title", title: "Node" }] },
      bodyFormat: "json",
      idempotencyKey: "node-1",
      // Aborts when the client goes away, so the service can stop its work.
      signal: expect.any(AbortSignal),
    });
  });

  it("builds the URL from the Host header and keeps repeated headers", async () => {
    const { handler, seen } = echoHandler();
    const server = await serve(handler);
    await rawRequest({
      port: server.port,
      path: "/v1/models?limit=5",
      headers: { host: "api.example.com:8443", "x-multi": "a" },
    });
    expect(seen[0]?.url).toBe("http://api.example.com:8443/v1/models?limit=5");
    expect(seen[0]?.headers.get("x-multi")).toBe("a");
  });

  it("falls back to localhost when the Host header could move the path", async () => {
    const { handler, seen } = echoHandler();
    const server = await serve(handler);
    await rawRequest({
      port: server.port,
      path: "/v1/models",
      headers: { host: "evil.test/v1/x?" },
    });
    expect(seen[0]?.url).toBe("http://localhost/v1/models");
  });

  it("keeps a protocol-relative looking path as a path", async () => {
    const { handler, seen } = echoHandler();
    const server = await serve(handler);
    await rawRequest({ port: server.port, path: "//evil.test/v1/models" });
    expect(new URL(seen[0]?.url ?? "").host).toBe(`127.0.0.1:${server.port}`);
    expect(new URL(seen[0]?.url ?? "").pathname).toBe("//evil.test/v1/models");
  });

  it("uses a fixed origin when configured", async () => {
    const { handler, seen } = echoHandler();
    const server = await serve(handler, { origin: "https://api.example.com/ignored" });
    await rawRequest({ port: server.port, path: "/v1/models" });
    expect(seen[0]?.url).toBe("https://api.example.com/v1/models");
  });

  it("ignores the body of a GET", async () => {
    const { fake, handler } = handlerWithFake();
    const server = await serve(handler);
    const response = await rawRequest({
      port: server.port,
      path: "/v1/models",
      headers: { "content-type": "application/json", "content-length": "9" },
      body: '{"a":"b"}',
    });
    expect(response.status).toBe(200);
    expect(fake.lastCall().request.body).toBeUndefined();
  });

  it("answers 413 to a chunked body over the limit and closes the connection", async () => {
    const { fake, handler } = handlerWithFake({ maxJsonBytes: 1024 });
    const server = await serve(handler);
    const response = await rawRequest({
      port: server.port,
      method: "POST",
      path: "/v1/generations",
      headers: { "content-type": "application/json" },
      body: Array.from({ length: 200 }, () => " ".repeat(512)),
    });
    expect(response.status).toBe(413);
    expect(response.headers.connection).toBe("close");
    expect(JSON.parse(response.text).error.context).toEqual({
      reason: "body_too_large",
      max_bytes: 1024,
    });
    expect(fake.calls).toHaveLength(0);
  });

  it("answers 413 at once to a declared Content-Length over the limit", async () => {
    const { handler } = handlerWithFake({ maxJsonBytes: 1024 });
    const server = await serve(handler);
    const response = await rawRequest({
      port: server.port,
      method: "POST",
      path: "/v1/generations",
      headers: { "content-type": "application/json", "content-length": "5000000" },
      body: " ".repeat(2048),
    });
    expect(response.status).toBe(413);
  });

  it("answers HEAD without a body", async () => {
    const { handler } = handlerWithFake();
    const server = await serve(handler);
    const response = await rawRequest({ port: server.port, method: "HEAD", path: "/v1/models" });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.text).toBe("");
  });

  it("refuses a method fetch cannot represent with a structured 400", async () => {
    const { handler } = handlerWithFake();
    const server = await serve(handler);
    const response = await rawRequest({ port: server.port, method: "TRACE", path: "/v1/models" });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text).error.context).toEqual({ reason: "malformed_request" });
  });

  it("streams a response body chunk by chunk and keeps each Set-Cookie", async () => {
    const handler: FetchHandler = async () => {
      const parts = ["alpha-", "beta-", "gamma"];
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const part = parts.shift();
          if (part === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(part));
        },
      });
      const headers = new Headers({ "content-type": "text/plain" });
      headers.append("set-cookie", "a=1");
      headers.append("set-cookie", "b=2");
      return new Response(body, { status: 201, headers });
    };
    const server = await serve(handler);
    const response = await rawRequest({ port: server.port, path: "/anything" });
    expect(response.status).toBe(201);
    expect(response.text).toBe("alpha-beta-gamma");
    expect(response.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
  });

  it("answers 500 when the handler itself rejects, and reports it", async () => {
    const reported: unknown[] = [];
    const failure = new Error("handler broke: secret");
    const server = await serve(() => Promise.reject(failure), {
      onError: (error: unknown) => reported.push(error),
    });
    const response = await rawRequest({ port: server.port, path: "/v1/models" });
    expect(response.status).toBe(500);
    expect(response.text).not.toContain("secret");
    expect(JSON.parse(response.text).error.code).toBe("server_error");
    expect(reported).toEqual([failure]);
  });

  it("destroys the socket when the body fails after the headers are sent", async () => {
    const reported: unknown[] = [];
    const handler: FetchHandler = async () => {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) controller.error(new Error("stream broke"));
          else controller.enqueue(new TextEncoder().encode("partial"));
          sent = true;
        },
      });
      return new Response(body);
    };
    const server = await serve(handler, { onError: (error: unknown) => reported.push(error) });
    const outcome = await rawRequest({ port: server.port, path: "/" }).then(
      () => "completed",
      (error: NodeJS.ErrnoException) => error.code ?? error.message,
    );
    expect(outcome).not.toBe("completed");
    expect(reported).toHaveLength(1);
  });

  it("aborts the request signal and stops streaming when the client disconnects", async () => {
    let cancelled = false;
    let signal: AbortSignal | undefined;
    const handler: FetchHandler = async (request) => {
      signal = request.signal;
      const body = new ReadableStream<Uint8Array>({
        pull: (controller) => controller.enqueue(new Uint8Array(16 * 1024)),
        cancel: () => {
          cancelled = true;
        },
      });
      return new Response(body);
    };
    const server = await serve(handler, { onError: () => undefined });
    const { request } = await import("node:http");
    await new Promise<void>((resolve) => {
      const outgoing = request({ host: "127.0.0.1", port: server.port, path: "/", agent: false });
      outgoing.on("response", (incoming) => {
        incoming.once("data", () => {
          outgoing.destroy();
          resolve();
        });
      });
      outgoing.on("error", () => undefined);
      outgoing.end();
    });
    await expect.poll(() => cancelled, { timeout: 2000 }).toBe(true);
    expect(signal?.aborted).toBe(true);
  });

  it("aborts the request signal when the client disconnects before the answer, so its work can stop", async () => {
    let signal: AbortSignal | undefined;
    const abandoned = new Promise<void>((resolve) => {
      const handler: FetchHandler = (request) => {
        signal = request.signal;
        // Work that lasts until the client leaves, as a render does.
        return new Promise((answer) => {
          request.signal.addEventListener("abort", () => {
            resolve();
            answer(new Response("too late"));
          });
        });
      };
      void serve(handler, { onError: () => undefined }).then(async (server) => {
        const { request } = await import("node:http");
        const outgoing = request({ host: "127.0.0.1", port: server.port, path: "/", agent: false });
        outgoing.on("error", () => undefined);
        outgoing.end();
        await expect.poll(() => signal !== undefined, { timeout: 2000 }).toBe(true);
        outgoing.destroy();
      });
    });
    await abandoned;
    expect(signal?.aborted).toBe(true);
  });
});
