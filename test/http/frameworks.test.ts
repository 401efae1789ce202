// Each mounting example of the runtimes guide, run for real on 127.0.0.1 port 0: JSON and multipart
// requests must reach the service with their bodies intact, and the 404 and 413 must
// come from the handler rather than from the framework.
import { afterEach, describe, expect, it } from "vitest";
import { mountOnExpress } from "../../examples/mount-express.js";
import { mountOnFastify } from "../../examples/mount-fastify.js";
import { mountOnHono } from "../../examples/mount-hono.js";
import { mountOnNodeHttp } from "../../examples/mount-node.js";
import type { FetchHandler } from "../../src/http/index.js";
import { handlerWithFake } from "./fake-service.js";

type Mount = (
  handler: FetchHandler,
  port?: number,
) => Promise<{ url: string; close: () => Promise<void> }>;

const MOUNTS: ReadonlyArray<readonly [string, Mount]> = [
  ["node:http", mountOnNodeHttp],
  ["Express", mountOnExpress],
  ["Fastify", mountOnFastify],
  ["Hono", mountOnHono],
];

const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe.each(MOUNTS)("mounting on %s", (_, mount) => {
  async function mounted(options = {}) {
    const { fake, handler } = handlerWithFake(options);
    const { url, close } = await mount(handler, 0);
    closers.push(close);
    return { fake, url };
  }

  it("passes a JSON request through with its body, headers and path parameters", async () => {
    const { fake, url } = await mounted();
    fake.answer("updateEditorVideo", { kind: "ok", body: { applied: 1 } });
    const response = await fetch(`${url}/editor/videos/42?preview=1`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: "Bearer rk_framework" },
      body: JSON.stringify({ operations: [{ type: "set_title", title: "Mounted" }] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ applied: 1 });
    const { operationId, request } = fake.lastCall();
    expect(operationId).toBe("updateEditorVideo");
    expect(request.bearerToken).toBe("rk_framework");
    expect(request.pathParams).toEqual({ id: "42" });
    expect(request.query).toEqual({ preview: "1" });
    expect(request.body).toEqual({ operations: [{ type: "set_title", title: "Mounted" }] });
  });

  it("passes a multipart upload through with its file", async () => {
    const { fake, url } = await mounted();
    const form = new FormData();
    form.set("media_type", "image");
    form.set("file", new File([new Uint8Array(10).fill(7)], "a.png", { type: "image/png" }));
    const response = await fetch(`${url}/editor/media`, { method: "POST", body: form });
    expect(response.status).toBe(200);
    const { request } = fake.lastCall();
    expect(request.body).toEqual({ media_type: "image" });
    expect(request.files?.file?.filename).toBe("a.png");
    expect([...(request.files?.file?.bytes ?? [])]).toEqual(new Array(10).fill(7));
  });

  it("answers the handler's structured 404 under the base path", async () => {
    const { url } = await mounted();
    const response = await fetch(`${url}/no-such-endpoint`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });

  it("leaves the body limit to the handler", async () => {
    const { url } = await mounted({ maxJsonBytes: 32 });
    const response = await fetch(`${url}/editor/videos`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "x".repeat(64) }),
    });
    expect(response.status).toBe(413);
  });
});
