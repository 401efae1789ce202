import { describe, expect, it } from "vitest";
import { createManualClock } from "../../src/clock.js";
import { createHostHandler } from "../../src/host/host-handler.js";
import { parseRange } from "../../src/host/serve-file.js";
import { createHealthHandler } from "../../src/http/health.js";
import { createMemoryMediaStorage } from "../../src/memory/media-storage.js";

const ORIGIN = "http://127.0.0.1:8787";
const START = Date.UTC(2026, 10, 24, 12);

async function setup() {
  const clock = createManualClock(START);
  const storage = createMemoryMediaStorage({ publicBaseUrl: `${ORIGIN}/files`, clock });
  const handler = createHostHandler({
    storage,
    origin: ORIGIN,
    api: async () => new Response("api"),
    mcp: async () => new Response("mcp"),
    health: createHealthHandler(),
  });
  const bytes = Uint8Array.from({ length: 1000 }, (_, index) => index % 256);
  const stored = await storage.put("exports/1/v 1.mp4", bytes, { contentType: "video/mp4" });
  return { clock, storage, handler, bytes, stored };
}

describe("serving stored files", () => {
  it("answers one range with 206 and its Content-Range, as a <video> element asks", async () => {
    const { handler, bytes, stored } = await setup();
    const response = await handler(new Request(stored.url, { headers: { range: "bytes=10-19" } }));
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 10-19/1000");
    expect(response.headers.get("content-length")).toBe("10");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([...bytes.slice(10, 20)]);
    const tail = await handler(new Request(stored.url, { headers: { range: "bytes=-5" } }));
    expect(tail.headers.get("content-range")).toBe("bytes 995-999/1000");
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([...bytes.slice(995)]);
    const whole = await handler(new Request(stored.url));
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect((await whole.arrayBuffer()).byteLength).toBe(1000);
  });

  it("answers 416 with the size for a range past the end", async () => {
    const { handler, stored } = await setup();
    const response = await handler(new Request(stored.url, { headers: { range: "bytes=1000-" } }));
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */1000");
    expect((await response.json()).error).toMatchObject({
      code: "bad_request",
      context: { reason: "range_not_satisfiable", size_bytes: 1000 },
    });
  });

  it("reads ranges as RFC 9110 says, serving several ranges or a reversed one whole", () => {
    expect(parseRange(null, 100)).toBeUndefined();
    expect(parseRange("bytes=0-0", 100)).toEqual({ start: 0, end: 0 });
    expect(parseRange("bytes=0-", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=99-99", 100)).toEqual({ start: 99, end: 99 });
    expect(parseRange("bytes=100-100", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=5-2", 100)).toBeUndefined();
    expect(parseRange("bytes=0-1,5-6", 100)).toBeUndefined();
    expect(parseRange("items=0-1", 100)).toBeUndefined();
    expect(parseRange("bytes=-", 100)).toBeUndefined();
  });

  it("serves a signed read URL until it expires, then answers 403 url_expired", async () => {
    const { clock, storage, handler, bytes } = await setup();
    const url = await storage.signedReadUrl("exports/1/v 1.mp4", { expiresInSeconds: 600 });
    expect(url).toMatch(
      /^http:\/\/127\.0\.0\.1:8787\/files\/signed\/exports\/1\/v%201\.mp4\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/,
    );
    expect(new URL(url).searchParams.get("expires")).toBe(String(START / 1000 + 600));
    const fresh = await handler(new Request(url));
    expect(fresh.status).toBe(200);
    expect([...new Uint8Array(await fresh.arrayBuffer())]).toEqual([...bytes]);
    clock.advance(599_999);
    expect((await handler(new Request(url))).status).toBe(200);
    clock.advance(1);
    const expired = await handler(new Request(url));
    expect(expired.status).toBe(403);
    expect((await expired.json()).error).toMatchObject({
      code: "forbidden",
      context: { reason: "url_expired" },
    });
  });

  it("answers 404 for a signed URL that is altered, unsigned or of another storage", async () => {
    const { storage, handler } = await setup();
    const url = await storage.signedReadUrl("exports/1/v 1.mp4", { expiresInSeconds: 600 });
    const later = url.replace(/expires=(\d+)/, (_, seconds) => `expires=${Number(seconds) + 3600}`);
    const other = createMemoryMediaStorage({ publicBaseUrl: `${ORIGIN}/files` });
    const foreign = await other.signedReadUrl("exports/1/v 1.mp4", { expiresInSeconds: 600 });
    for (const wrong of [
      later,
      url.replace("v%201", "v%202"),
      url.split("?")[0] ?? "",
      `${ORIGIN}/files/signed/exports/1/v%201.mp4?expires=1&signature=`,
      foreign,
    ]) {
      const response = await handler(new Request(wrong));
      expect(response.status, wrong).toBe(404);
      expect((await response.json()).error.context.reason).toBe("unknown_file");
    }
  });

  it("refuses a signed URL lifetime outside 1 second to 7 days as a bug", async () => {
    const { storage } = await setup();
    for (const expiresInSeconds of [0, -1, 1.5, 7 * 24 * 3600 + 1]) {
      await expect(
        storage.signedReadUrl("exports/1/v 1.mp4", { expiresInSeconds }),
      ).rejects.toThrow(RangeError);
    }
    await expect(
      storage.signedReadUrl("exports/1/v 1.mp4", { expiresInSeconds: 7 * 24 * 3600 }),
    ).resolves.toContain("/files/signed/");
  });

  it("deletes from memory, after which the URL answers 404", async () => {
    const { storage, handler, stored } = await setup();
    await storage.delete("exports/1/v 1.mp4");
    await storage.delete("exports/1/v 1.mp4");
    expect(await storage.open("exports/1/v 1.mp4")).toBeUndefined();
    expect((await handler(new Request(stored.url))).status).toBe(404);
  });
});
