// Answers whose body is bytes the service already holds (a large project's encoded JSON,
// a rendered frame): every way of reading them gives those bytes with their length, and
// no reader can change what the next request is sent.
import { describe, expect, it } from "vitest";
import type { FetchHandler } from "../../src/http/index.js";
import { handlerWithFake } from "../http/fake-service.js";
import { rawRequest, servingPerTest } from "./node-support.js";

const serve = servingPerTest();

const PROJECT = { object: "editor_video", video: { id: 7, title: "Ünïcode ✓" } };
const PROJECT_JSON = JSON.stringify(PROJECT);

// A handler whose GET of project 7 answers with held bytes, as a cached revision does.
function projectHandler(): { handler: FetchHandler; held: Uint8Array<ArrayBuffer> } {
  const held = new TextEncoder().encode(PROJECT_JSON);
  const { fake, handler } = handlerWithFake();
  fake.answer("getEditorVideo", {
    kind: "ok",
    body: PROJECT,
    json: held,
    headers: { etag: '"r3"' },
  });
  return { handler, held };
}

const GET_PROJECT = {
  headers: { authorization: "Bearer rk_held" },
};

describe("answers built from held bytes", () => {
  it("reads as the bytes, with their length, through the fetch handler", async () => {
    const { handler, held } = projectHandler();
    const response = await handler(new Request("http://x/v1/editor/videos/7", GET_PROJECT));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(held.byteLength));
    expect(response.headers.get("etag")).toBe('"r3"');
    expect(await response.json()).toEqual(PROJECT);
  });

  it("hands a reader of the body its own copy, so changing it changes no later answer", async () => {
    const { handler, held } = projectHandler();
    const first = await handler(new Request("http://x/v1/editor/videos/7", GET_PROJECT));
    const reader = (first.body as ReadableStream<Uint8Array>).getReader();
    const chunk = await reader.read();
    expect(chunk.done).toBe(false);
    chunk.value?.fill(0x20);
    expect(new TextDecoder().decode(held)).toBe(PROJECT_JSON);
    const second = await handler(new Request("http://x/v1/editor/videos/7", GET_PROJECT));
    expect(await second.text()).toBe(PROJECT_JSON);
  });

  it("is sent by the Node adapter whole, with Content-Length and no chunked encoding", async () => {
    const { handler, held } = projectHandler();
    const server = await serve(handler);
    for (let request = 0; request < 3; request += 1) {
      const answer = await rawRequest({
        port: server.port,
        path: "/v1/editor/videos/7",
        headers: GET_PROJECT.headers,
      });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-length"]).toBe(String(held.byteLength));
      expect(answer.headers["transfer-encoding"]).toBeUndefined();
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(answer.headers.etag).toBe('"r3"');
      expect(answer.text).toBe(PROJECT_JSON);
    }
  });

  it("answers HEAD with the length and no body", async () => {
    const { handler, held } = projectHandler();
    const server = await serve(handler);
    const answer = await rawRequest({
      port: server.port,
      method: "HEAD",
      path: "/v1/editor/videos/7",
      headers: GET_PROJECT.headers,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-length"]).toBe(String(held.byteLength));
    expect(answer.text).toBe("");
  });

  it("sends a file's bytes as they are, binary intact", async () => {
    const png = Uint8Array.from({ length: 4096 }, (_, index) => (index * 37) % 256);
    const { fake, handler } = handlerWithFake();
    fake.answer("getEditorVideoFrame", { kind: "file", contentType: "image/png", bytes: png });
    const server = await serve(handler);
    const response = await fetch(`${server.url}/v1/editor/videos/7/frame?at=0`, GET_PROJECT);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-length")).toBe("4096");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png);
  });
});
