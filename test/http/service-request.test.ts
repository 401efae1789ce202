import { describe, expect, it } from "vitest";
import { parseAuthorization } from "../../src/http/index.js";
import { BASE, errorOf, handlerWithFake, jsonRequest } from "./fake-service.js";

async function serviceRequestFor(request: Request) {
  const { fake, handler } = handlerWithFake();
  const response = await handler(request);
  expect(response.status).toBe(200);
  return fake.lastCall().request;
}

function withAuthorization(value: string): Request {
  return new Request(`${BASE}/assets`, { headers: { authorization: value } });
}

describe("bearer token", () => {
  it.each([
    ["Bearer rk_live_example", "rk_live_example"],
    ["bearer rk_live_example", "rk_live_example"],
    ["BEARER rk_live_example", "rk_live_example"],
    ["Bearer   spaced.token-1~+/", "spaced.token-1~+/"],
    ["Bearer abc==", "abc=="],
    ["  Bearer trimmed  ", "trimmed"],
  ])("reads %j as the token %j", async (header, token) => {
    const request = await serviceRequestFor(withAuthorization(header));
    expect(request.bearerToken).toBe(token);
    expect(request.malformedAuthorization).toBe(false);
  });

  it.each([
    "Basic dXNlcjpwYXNz",
    "Bearer",
    "Bearer ",
    "Bearer two tokens",
    "Bearer tab\ttoken",
    "Bearertoken",
    "Bearer a=b",
    "Bearer rk_1, Bearer rk_2",
    "",
  ])("marks %j as malformed, without a token", async (header) => {
    const request = await serviceRequestFor(withAuthorization(header));
    expect(request.bearerToken).toBeUndefined();
    expect(request.malformedAuthorization).toBe(true);
  });

  it("reports no token and no malformation without the header", async () => {
    const request = await serviceRequestFor(new Request(`${BASE}/assets`));
    expect(request.bearerToken).toBeUndefined();
    expect(request.malformedAuthorization).toBe(false);
  });

  it("parses the header value directly", () => {
    expect(parseAuthorization(null)).toEqual({
      bearerToken: undefined,
      malformedAuthorization: false,
    });
    expect(parseAuthorization("Bearer k")).toEqual({
      bearerToken: "k",
      malformedAuthorization: false,
    });
  });
});

describe("query string", () => {
  it("keeps single values as strings and repeated names as arrays, in order", async () => {
    const url = `${BASE}/reference-inspirations?suggest_targets=true&image_url=https%3A%2F%2Fa.test%2F1.png&image_url=https://a.test/2.png&limit=5&image_url=3`;
    const request = await serviceRequestFor(new Request(url));
    expect(request.query).toEqual({
      suggest_targets: "true",
      image_url: ["https://a.test/1.png", "https://a.test/2.png", "3"],
      limit: "5",
    });
  });

  it("decodes plus signs and empty values as a form would", async () => {
    const request = await serviceRequestFor(
      new Request(`${BASE}/editor/media?query=red+car&limit=`),
    );
    expect(request.query).toEqual({ query: "red car", limit: "" });
  });

  it("treats constructor and toString as ordinary names", async () => {
    const url = `${BASE}/editor/media?constructor=a&constructor=b&toString=c`;
    const request = await serviceRequestFor(new Request(url));
    expect(request.query).toEqual({ constructor: ["a", "b"], toString: "c" });
  });

  it("refuses a __proto__ parameter with 400 hostile_key", async () => {
    const { fake, handler } = handlerWithFake();
    const response = await handler(new Request(`${BASE}/editor/media?__proto__=x`));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).context).toEqual({ reason: "hostile_key", key: "__proto__" });
    expect(fake.calls).toHaveLength(0);
  });

  it("gives an empty object without a query", async () => {
    const request = await serviceRequestFor(new Request(`${BASE}/editor/media`));
    expect(request.query).toEqual({});
  });
});

describe("Idempotency-Key header", () => {
  it("passes the key through unchanged", async () => {
    const request = await serviceRequestFor(
      jsonRequest("/generations", '{"type":"static_ad"}', {
        headers: { "Idempotency-Key": "order-7f3a" },
      }),
    );
    expect(request.idempotencyKey).toBe("order-7f3a");
  });

  it("is undefined when absent", async () => {
    const request = await serviceRequestFor(jsonRequest("/generations", '{"type":"static_ad"}'));
    expect(request.idempotencyKey).toBeUndefined();
  });

  it("passes an empty key as empty, for the service to judge", async () => {
    const request = await serviceRequestFor(
      jsonRequest("/slideshows", "{}", { headers: { "idempotency-key": "" } }),
    );
    expect(request.idempotencyKey).toBe("");
  });
});

describe("the whole service request", () => {
  it("carries credentials, parameters, query, key and body together", async () => {
    const request = await serviceRequestFor(
      jsonRequest("/editor/videos/42?dry=1", '{"operations":[]}', {
        method: "PATCH",
        headers: { authorization: "Bearer rk_1", "idempotency-key": "k1" },
      }),
    );
    expect(request).toEqual({
      bearerToken: "rk_1",
      malformedAuthorization: false,
      pathParams: { id: "42" },
      query: { dry: "1" },
      body: { operations: [] },
      bodyFormat: "json",
      idempotencyKey: "k1",
      signal: request.signal,
    });
    expect(request.signal).toBeInstanceOf(AbortSignal);
  });

  it("has no body and no body format on a GET", async () => {
    const request = await serviceRequestFor(new Request(`${BASE}/models`));
    expect(request.body).toBeUndefined();
    expect(request).not.toHaveProperty("bodyFormat");
    expect(request).not.toHaveProperty("files");
  });
});
