import { describe, expect, it } from "vitest";
import { createStaticUrlFetcher } from "../../src/media/index.js";
import { PNG_BYTES } from "./media-samples.js";

describe("createStaticUrlFetcher", () => {
  const fetcher = createStaticUrlFetcher({
    "https://media.example.com/logo.png": { body: PNG_BYTES, contentType: "image/png" },
    "https://media.example.com/notes.txt": { body: "hello", contentType: "text/plain" },
    "https://media.example.com/raw": { body: "abc" },
    "https://media.example.com/gone": { body: "", status: 410 },
  });

  it("serves a known URL, matched after normalization, with a copy of its bytes", async () => {
    const result = await fetcher.fetch("HTTPS://MEDIA.example.com:443/logo.png");
    expect(result).toEqual({
      ok: true,
      value: {
        url: "https://media.example.com/logo.png",
        bytes: PNG_BYTES,
        contentType: "image/png",
        kind: "image",
        redirectCount: 0,
      },
    });
    if (result.ok) {
      result.value.bytes[0] = 0;
      expect(PNG_BYTES[0]).toBe(0x89);
    }
  });

  it("answers unknown URLs and other statuses as http_status", async () => {
    expect(await fetcher.fetch("https://media.example.com/nope")).toMatchObject({
      error: {
        reason: "http_status",
        status: 404,
      },
    });
    expect(await fetcher.fetch("https://media.example.com/gone")).toMatchObject({
      error: {
        reason: "http_status",
        status: 410,
      },
    });
    expect(await fetcher.fetch("not a url")).toMatchObject({ error: { reason: "invalid_url" } });
  });

  it("applies the same type and size rules as the network fetcher", async () => {
    expect(await fetcher.fetch("https://media.example.com/notes.txt")).toMatchObject({
      error: {
        reason: "unsupported_content_type",
      },
    });
    expect(
      await fetcher.fetch("https://media.example.com/logo.png", { maxBytes: PNG_BYTES.length - 1 }),
    ).toMatchObject({
      error: {
        reason: "too_large",
        maxBytes: PNG_BYTES.length - 1,
      },
    });
    expect(await fetcher.fetch("https://media.example.com/raw", { kind: "audio" })).toMatchObject({
      ok: true,
      value: {
        kind: "audio",
        bytes: new TextEncoder().encode("abc"),
      },
    });
  });

  it("accepts a Map as well as a record", async () => {
    const fromMap = createStaticUrlFetcher(
      new Map([["https://a.example/x.png", { body: PNG_BYTES, contentType: "image/png" }]]),
    );
    expect(await fromMap.fetch("https://a.example/x.png")).toMatchObject({ ok: true });
  });
});
