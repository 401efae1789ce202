import { describe, expect, it } from "vitest";
import { countingStream } from "../../http/fake-service.js";
import { BASE_URL, createHarness, KEYS } from "../support/harness.js";

const CHUNK_BYTES = 64 * 1024;
// 160 MiB of chunks: the largest JSON body POST /reference-inspirations takes.
const CHUNKS = 2560;

// A request whose body streams `CHUNKS` chunks, counting how many the handler pulled.
function streamingPost(
  path: string,
  key: string | undefined,
  contentType = "application/json",
  method = "POST",
) {
  const { stream, state } = countingStream(CHUNK_BYTES, CHUNKS);
  const headers = new Headers({ "content-type": contentType });
  if (key !== undefined) headers.set("authorization", `Bearer ${key}`);
  const request = new Request(`${BASE_URL}${path}`, {
    method,
    headers,
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { request, state };
}

describe("callers are admitted before their body is read", () => {
  it.each([
    ["no key", undefined, 401, "unauthorized"],
    ["an unknown key", "rk_test_nobody_knows_this", 401, "invalid_api_key"],
    ["a revoked key", KEYS.revoked, 401, "invalid_api_key"],
    ["a key without the write scope", KEYS.acmeRead, 403, "forbidden"],
    ["a key of an organization without a subscription", KEYS.lapsed, 402, "payment_required"],
  ])("answers %s without pulling the body", async (_case, key, status, code) => {
    const harness = await createHarness();
    for (const [method, path] of [
      ["POST", "/reference-inspirations"],
      ["POST", "/editor/media"],
      ["PATCH", "/editor/videos/1"],
    ] as const) {
      const { request, state } = streamingPost(path, key, "application/json", method);
      const response = await harness.handler(request);
      expect(response.status, path).toBe(status);
      expect((await response.json()).error.code).toBe(code);
      // A stream may pull once to fill its queue when it is made; nothing more is read.
      expect(state.pulled, path).toBeLessThanOrEqual(1);
    }
    expect(harness.serverErrors).toEqual([]);
  });

  it("refuses a multipart upload of an unknown key before reading it", async () => {
    const harness = await createHarness();
    const { request, state } = streamingPost(
      "/editor/media",
      "rk_test_nobody_knows_this",
      "multipart/form-data; boundary=x",
    );
    expect((await harness.handler(request)).status).toBe(401);
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it("reads the body of an admitted caller, within the operation's limit", async () => {
    const harness = await createHarness();
    const { request, state } = streamingPost("/editor/videos", KEYS.acme);
    const response = await harness.handler(request);
    // 160 MiB is past the 4.5 MiB of an ordinary JSON body: read until the limit, no further.
    expect(response.status).toBe(413);
    expect(state.pulled).toBeGreaterThan(64);
    expect(state.pulled).toBeLessThan(CHUNKS);
  });
});
