import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_JSON_BYTES,
  DEFAULT_MAX_REFERENCE_INSPIRATION_JSON_BYTES,
  JSON_MAX_DEPTH,
} from "../../src/http/index.js";
import { BYTES_PER_MEBIBYTE } from "../../src/schemas/limits.js";
import { BASE, countingStream, errorOf, handlerWithFake, jsonRequest } from "./fake-service.js";

const LIMIT = 64;

/** A JSON object of exactly `bytes` bytes: `{"t":"xxx…"}`. */
function jsonOfBytes(bytes: number): string {
  const overhead = '{"t":""}'.length;
  return `{"t":"${"x".repeat(bytes - overhead)}"}`;
}

describe("JSON body size limit", () => {
  it("accepts a body of exactly the limit", async () => {
    const { fake, handler } = handlerWithFake({ maxJsonBytes: LIMIT });
    const text = jsonOfBytes(LIMIT);
    expect(new TextEncoder().encode(text).byteLength).toBe(LIMIT);
    const response = await handler(jsonRequest("/editor/videos", text));
    expect(response.status).toBe(200);
    expect(fake.lastCall().request.body).toEqual({ t: "x".repeat(LIMIT - 8) });
  });

  it("refuses one byte more with 413 body_too_large", async () => {
    const { fake, handler } = handlerWithFake({ maxJsonBytes: LIMIT });
    const response = await handler(jsonRequest("/editor/videos", jsonOfBytes(LIMIT + 1)));
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await errorOf(response)).toEqual({
      code: "bad_request",
      message: `The request body is larger than ${LIMIT} bytes.`,
      retryable: false,
      context: { reason: "body_too_large", max_bytes: LIMIT },
    });
    expect(fake.calls).toHaveLength(0);
  });

  it("counts bytes, not characters", async () => {
    const { handler } = handlerWithFake({ maxJsonBytes: LIMIT });
    // 28 two-byte characters: 28 characters inside quotes but 56 bytes, plus 8 = 64 bytes.
    const atLimit = `{"t":"${"é".repeat(28)}"}`;
    expect((await handler(jsonRequest("/editor/videos", atLimit))).status).toBe(200);
    const overLimit = `{"t":"${"é".repeat(28)}x"}`;
    expect((await handler(jsonRequest("/editor/videos", overLimit))).status).toBe(413);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    const { handler } = handlerWithFake({ maxJsonBytes: LIMIT });
    const { stream, state } = countingStream(16, 1_000);
    const request = new Request(`${BASE}/editor/videos`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "100000" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const response = await handler(request);
    expect(response.status).toBe(413);
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it("counts a body whose Content-Length understates it", async () => {
    const { handler } = handlerWithFake({ maxJsonBytes: LIMIT });
    const response = await handler(
      jsonRequest("/editor/videos", jsonOfBytes(LIMIT + 10), {
        headers: { "content-length": "3" },
      }),
    );
    expect(response.status).toBe(413);
  });

  it("stops a chunked body without Content-Length at the first chunk over the limit", async () => {
    const { handler } = handlerWithFake({ maxJsonBytes: LIMIT });
    // An endless body: the handler must answer without waiting for its end.
    const { stream, state } = countingStream(10, Number.POSITIVE_INFINITY);
    const request = new Request(`${BASE}/editor/videos`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const response = await handler(request);
    expect(response.status).toBe(413);
    expect((await errorOf(response)).context).toEqual({
      reason: "body_too_large",
      max_bytes: LIMIT,
    });
    expect(state.pulled).toBeLessThanOrEqual(8);
    expect(state.cancelled).toBe(true);
  });

  it("uses a per-operation limit over the overall one", async () => {
    const { handler } = handlerWithFake({
      maxJsonBytes: LIMIT,
      maxJsonBytesByOperation: { createEditorVideo: LIMIT * 2 },
    });
    const text = jsonOfBytes(LIMIT + 1);
    expect((await handler(jsonRequest("/editor/videos", text))).status).toBe(200);
    expect((await handler(jsonRequest("/slideshows", text))).status).toBe(413);
  });

  it("defaults to about 4.5 MiB, and to the contract's inline images for references", async () => {
    const base64OfThreeMebibytes = (3 * BYTES_PER_MEBIBYTE * 4) / 3;
    expect(DEFAULT_MAX_JSON_BYTES).toBeGreaterThan(base64OfThreeMebibytes + 256 * 1024);
    expect(DEFAULT_MAX_JSON_BYTES / BYTES_PER_MEBIBYTE).toBeCloseTo(4.5, 1);
    expect(DEFAULT_MAX_REFERENCE_INSPIRATION_JSON_BYTES).toBeGreaterThan(12 * 10 * 1_000_000);
    const { handler } = handlerWithFake();
    const justOver = jsonOfBytes(DEFAULT_MAX_JSON_BYTES + 1);
    expect((await handler(jsonRequest("/editor/media", justOver))).status).toBe(413);
    expect((await handler(jsonRequest("/reference-inspirations", justOver))).status).toBe(200);
  });

  it("refuses invalid limits at creation", () => {
    expect(() => handlerWithFake({ maxJsonBytes: 0 })).toThrow(RangeError);
    expect(() => handlerWithFake({ maxJsonDepth: 1.5 })).toThrow(RangeError);
    expect(() => handlerWithFake({ maxUploadFileBytes: -1 })).toThrow(RangeError);
  });
});

describe("content type", () => {
  it.each([
    "application/json",
    "application/json; charset=utf-8",
    "Application/JSON; Charset=UTF-8",
    'application/json;charset="utf8"',
  ])("accepts %j", async (contentType) => {
    const { fake, handler } = handlerWithFake();
    const response = await handler(
      jsonRequest("/editor/videos", '{"title":"A"}', { headers: { "content-type": contentType } }),
    );
    expect(response.status).toBe(200);
    expect(fake.lastCall().request.body).toEqual({ title: "A" });
    expect(fake.lastCall().request.bodyFormat).toBe("json");
  });

  it.each([
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/json-patch+json",
    "multipart/form-data; boundary=x",
    "json",
    "application/json; charset=latin1",
  ])("refuses %j on a JSON-only endpoint with 415", async (contentType) => {
    const { fake, handler } = handlerWithFake();
    const response = await handler(
      jsonRequest("/editor/videos", '{"title":"A"}', { headers: { "content-type": contentType } }),
    );
    expect(response.status).toBe(415);
    const error = await errorOf(response);
    expect(error.code).toBe("bad_request");
    expect(error.context?.reason).toBe("unsupported_media_type");
    expect(fake.calls).toHaveLength(0);
  });

  it("lists the accepted types of the endpoint", async () => {
    const { handler } = handlerWithFake();
    const response = await handler(
      jsonRequest("/editor/media", "x", { headers: { "content-type": "text/plain" } }),
    );
    expect((await errorOf(response)).context).toEqual({
      reason: "unsupported_media_type",
      accepted_content_types: ["application/json", "multipart/form-data"],
    });
  });

  it("refuses a body without a Content-Type with 415", async () => {
    const { handler } = handlerWithFake();
    const request = new Request(`${BASE}/editor/videos`, {
      method: "POST",
      body: new TextEncoder().encode('{"title":"A"}'),
    });
    expect(request.headers.get("content-type")).toBeNull();
    expect((await handler(request)).status).toBe(415);
  });

  it("accepts an empty POST without a Content-Type as no body", async () => {
    const { fake, handler } = handlerWithFake();
    const response = await handler(new Request(`${BASE}/editor/videos`, { method: "POST" }));
    expect(response.status).toBe(200);
    expect(fake.lastCall().request.body).toBeUndefined();
    expect(fake.lastCall().request).not.toHaveProperty("bodyFormat");
  });
});

describe("malformed and hostile JSON", () => {
  async function refusal(text: string, options = {}) {
    const { fake, handler } = handlerWithFake(options);
    const response = await handler(jsonRequest("/generations", text));
    expect(fake.calls).toHaveLength(0);
    return { status: response.status, error: await errorOf(response) };
  }

  it.each(["{", '{"a":1,}', "", "undefined", "{'a':1}", '{"a":1}}', "]["])(
    "refuses %j with 400 malformed_json",
    async (text) => {
      const { status, error } = await refusal(text);
      expect(status).toBe(400);
      expect(error.code).toBe("bad_request");
      expect(error.context?.reason).toBe("malformed_json");
    },
  );

  it("refuses bytes that are not UTF-8", async () => {
    const { handler } = handlerWithFake();
    const request = new Request(`${BASE}/generations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
    });
    const response = await handler(request);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).context).toEqual({ reason: "malformed_json" });
  });

  it("accepts a leading byte-order mark", async () => {
    const { fake, handler } = handlerWithFake();
    await handler(jsonRequest("/generations", '\uFEFF{"type":"static_ad"}'));
    expect(fake.lastCall().request.body).toEqual({ type: "static_ad" });
  });

  it("accepts nesting of exactly the maximum depth", async () => {
    const { fake, handler } = handlerWithFake();
    const text = `${"[".repeat(JSON_MAX_DEPTH)}${"]".repeat(JSON_MAX_DEPTH)}`;
    expect((await handler(jsonRequest("/generations", text))).status).toBe(200);
    expect(fake.calls).toHaveLength(1);
  });

  it("refuses one level deeper with 400 too_deep", async () => {
    const depth = JSON_MAX_DEPTH + 1;
    const { status, error } = await refusal(`${"[".repeat(depth)}${"]".repeat(depth)}`);
    expect(status).toBe(400);
    expect(error.context).toEqual({ reason: "too_deep" });
  });

  it("refuses a 1,000,000-bracket body without overflowing the stack", async () => {
    const { status, error } = await refusal("[".repeat(1_000_000));
    expect(status).toBe(400);
    expect(error.context?.reason).toBe("too_deep");
  });

  it("refuses deep objects too, and honours a configured depth", async () => {
    const nested = '{"a":{"b":{"c":{}}}}';
    expect((await refusal(nested, { maxJsonDepth: 3 })).error.context?.reason).toBe("too_deep");
    const { handler } = handlerWithFake({ maxJsonDepth: 4 });
    expect((await handler(jsonRequest("/generations", nested))).status).toBe(200);
  });

  it("ignores brackets inside strings when measuring depth", async () => {
    const { fake, handler } = handlerWithFake();
    const text = JSON.stringify({ prompt: `[{\\"${"[".repeat(500)}` });
    expect((await handler(jsonRequest("/generations", text))).status).toBe(200);
    expect(fake.lastCall().request.body).toEqual(JSON.parse(text));
  });

  it.each([
    ['{"__proto__":{"isAdmin":true}}', "top level"],
    ['{"type":"static_ad","nested":{"__proto__":{"x":1}}}', "nested object"],
    ['{"operations":[{"type":"add_text","style":{"__proto__":null}}]}', "inside an array"],
    ['{"\\u005f_proto__":{}}', "written with an escape"],
  ])("refuses %j (%s) with 400 hostile_key", async (text) => {
    const { status, error } = await refusal(text);
    expect(status).toBe(400);
    expect(error.context).toEqual({ reason: "hostile_key", key: "__proto__" });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("accepts a string value that merely says __proto__", async () => {
    const { fake, handler } = handlerWithFake();
    await handler(jsonRequest("/generations", '{"prompt":"__proto__"}'));
    expect(fake.lastCall().request.body).toEqual({ prompt: "__proto__" });
  });
});
