import { describe, expect, it, vi } from "vitest";
import { createFetchHandler } from "../../src/http/index.js";
import { BASE, createFakeService, errorOf, handlerWithFake, jsonRequest } from "./fake-service.js";

describe("service answers", () => {
  it("sends JSON with an explicit UTF-8 charset", async () => {
    const { fake, handler } = handlerWithFake();
    fake.answer("getCatalog", { kind: "ok", body: { object: "catalog", title: "Café ☕" } });
    const response = await handler(new Request(`${BASE}/models`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ object: "catalog", title: "Café ☕" });
  });

  it("sends the skill file as Markdown", async () => {
    const { fake, handler } = handlerWithFake();
    fake.answer("getSkillMarkdown", { kind: "markdown", text: "# reelkit\n\nUse `Bearer`.\n" });
    const response = await handler(new Request(`${BASE}/skill.md`));
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await response.text()).toBe("# reelkit\n\nUse `Bearer`.\n");
  });

  it("sends an error of the Markdown endpoint as JSON", async () => {
    const { fake, handler } = handlerWithFake();
    const error = { code: "server_error", message: "Down.", retryable: true } as const;
    const body = { error };
    fake.answer("getSkillMarkdown", { kind: "error", error });
    const response = await handler(new Request(`${BASE}/skill.md`));
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual(body);
  });

  it("passes the service's status and error body through", async () => {
    const { fake, handler } = handlerWithFake();
    const error = {
      code: "insufficient_credits",
      message: "Not enough credits.",
      retryable: false,
      context: { credits_required: 60, credits_available: 10 },
    } as const;
    const body = { error };
    fake.answer("createGeneration", { kind: "error", error });
    const response = await handler(jsonRequest("/generations", '{"type":"static_ad"}'));
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual(body);
  });

  it("copies the service's headers, such as the rate-limit headers of a 429", async () => {
    const { fake, handler } = handlerWithFake();
    fake.answer("createGeneration", {
      kind: "error",
      error: { code: "rate_limited", message: "Slow down.", retryable: true },
      headers: {
        "Retry-After": "12",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": "1767225600000",
      },
    });
    const response = await handler(jsonRequest("/generations", '{"type":"static_ad"}'));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("12");
    expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(response.headers.get("x-ratelimit-reset")).toBe("1767225600000");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("lets a service header replace the content type", async () => {
    const { fake, handler } = handlerWithFake();
    fake.answer("getOpenApiDocument", {
      kind: "ok",
      body: { openapi: "3.1.0" },
      headers: { "content-type": "application/vnd.oai.openapi+json" },
    });
    const response = await handler(new Request(`${BASE}/openapi.json`));
    expect(response.headers.get("content-type")).toBe("application/vnd.oai.openapi+json");
  });

  it("sends no body for an undefined body", async () => {
    const { fake, handler } = handlerWithFake();
    fake.answer("getCatalog", { kind: "ok", body: undefined });
    const empty = await handler(new Request(`${BASE}/models`));
    expect(await empty.text()).toBe("");
    expect(empty.headers.get("content-type")).toBeNull();
  });
});

describe("service failures", () => {
  const SECRET = "password=hunter2 at db.internal:5432";

  it("answers a thrown error with 500 server_error and leaks nothing", async () => {
    const { fake, handler, errors } = handlerWithFake();
    const thrown = new Error(SECRET);
    fake.answer("getCatalog", () => {
      throw thrown;
    });
    const request = new Request(`${BASE}/models`);
    const response = await handler(request);
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const text = await response.text();
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("at ");
    expect(JSON.parse(text)).toEqual({
      error: {
        code: "server_error",
        message: "The server failed to answer this request.",
        retryable: true,
      },
    });
    expect(errors).toEqual([thrown]);
  });

  it("passes the error and the request to onError", async () => {
    const onError = vi.fn();
    const fake = createFakeService();
    fake.answer("getVideo", () => Promise.reject("plain string"));
    const handler = createFetchHandler(fake.service, { onError });
    const request = new Request(`${BASE}/videos/5`);
    await handler(request);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith("plain string", request);
  });

  it("still answers 500 when onError itself throws", async () => {
    const fake = createFakeService();
    fake.answer("getCatalog", () => {
      throw new Error(SECRET);
    });
    const handler = createFetchHandler(fake.service, {
      onError: () => {
        throw new Error("logger down");
      },
    });
    const response = await handler(new Request(`${BASE}/models`));
    expect(response.status).toBe(500);
  });

  it("logs to console.error by default", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const fake = createFakeService();
      const thrown = new Error(SECRET);
      fake.answer("getCatalog", () => {
        throw thrown;
      });
      await createFetchHandler(fake.service)(new Request(`${BASE}/models`));
      expect(spy).toHaveBeenCalledWith("reelkit: GET /v1/models failed:", thrown);
    } finally {
      spy.mockRestore();
    }
  });

  it.each([
    ["a body JSON cannot represent", { kind: "ok", body: { size: 10n } }],
    ["an invalid header name", { kind: "ok", body: {}, headers: { "bad header": "x" } }],
  ] as const)("answers 500 for %s", async (_, answer) => {
    const { fake, handler, errors } = handlerWithFake();
    fake.answer("getCatalog", answer);
    const response = await handler(new Request(`${BASE}/models`));
    expect(response.status).toBe(500);
    expect((await errorOf(response)).code).toBe("server_error");
    expect(errors).toHaveLength(1);
  });
});
