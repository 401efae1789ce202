import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { createHostHandler } from "../../src/host/host-handler.js";
import { loadViewerAssets, viewerContentSecurityPolicy } from "../../src/host/viewer-assets.js";
import { createHealthHandler } from "../../src/http/health.js";
import { createMemoryMediaStorage } from "../../src/memory/media-storage.js";

const ORIGIN = "http://127.0.0.1:8787";
const BROWSER_ACCEPT =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

async function handlerWithViewer() {
  return createHostHandler({
    storage: createMemoryMediaStorage({ publicBaseUrl: `${ORIGIN}/files` }),
    origin: ORIGIN,
    api: async () => new Response("api"),
    mcp: async () => new Response("mcp"),
    health: createHealthHandler(),
    viewer: await loadViewerAssets(),
  });
}

function get(path: string, accept?: string, method = "GET"): Request {
  return new Request(`${ORIGIN}${path}`, { method, headers: accept ? { accept } : {} });
}

describe("the timeline viewer's routes", () => {
  it("answers / with the page to a browser, with its policy and Vary: Accept", async () => {
    const handler = await handlerWithViewer();
    const response = await handler(get("/", BROWSER_ACCEPT));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("vary")).toBe("Accept");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe(
      viewerContentSecurityPolicy(ORIGIN),
    );
    const page = await response.text();
    expect(page).toBe(
      await readFile(new URL("../../src/host/viewer/index.html", import.meta.url), "utf8"),
    );
    expect(page).toContain('<script type="module" src="/viewer/viewer.js"></script>');
  });

  it("keeps the JSON index for clients that do not prefer HTML", async () => {
    const handler = await handlerWithViewer();
    for (const accept of [undefined, "*/*", "application/json", "application/json, text/html"]) {
      const response = await handler(get("/", accept));
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("vary")).toBe("Accept");
      expect((await response.json()).api).toBe(`${ORIGIN}/v1`);
    }
  });

  it("lets the page load only its own script, style and this origin's API and media", () => {
    const policy = viewerContentSecurityPolicy(ORIGIN);
    expect(policy.split("; ")).toEqual([
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      `connect-src 'self' ${ORIGIN}`,
      `img-src 'self' blob: ${ORIGIN}`,
      `media-src 'self' ${ORIGIN}`,
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]);
    expect(policy).not.toContain("unsafe");
  });

  it("serves the script and the style sheet with their types, HEAD without a body", async () => {
    const handler = await handlerWithViewer();
    const types = {
      "/viewer/viewer.js": "text/javascript; charset=utf-8",
      "/viewer/viewer.css": "text/css; charset=utf-8",
    };
    for (const [path, type] of Object.entries(types)) {
      const response = await handler(get(path));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
      const head = await handler(get(path, undefined, "HEAD"));
      expect(head.headers.get("content-length")).toBe(String(bytes.byteLength));
      expect(await head.text()).toBe("");
    }
    const page = await handler(get("/", "text/html", "HEAD"));
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toBe("");
  });

  it("serves the icon at /favicon.ico with the files' caching and the page's policy", async () => {
    const handler = await handlerWithViewer();
    const response = await handler(get("/favicon.ico"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    const icon = await response.text();
    expect(icon).toBe(
      await readFile(new URL("../../src/host/viewer/favicon.svg", import.meta.url), "utf8"),
    );
    expect(icon).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(icon).not.toMatch(/<script|on\w+=|href=/);
    const style = await handler(get("/viewer/viewer.css"));
    for (const header of ["cache-control", "x-content-type-options", "referrer-policy"]) {
      expect(response.headers.get(header)).toBe(style.headers.get(header));
    }
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-security-policy")).toBe(
      viewerContentSecurityPolicy(ORIGIN),
    );
    expect(response.headers.get("content-length")).toBe(
      String(new TextEncoder().encode(icon).length),
    );
    const head = await handler(get("/favicon.ico", undefined, "HEAD"));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const write = await handler(new Request(`${ORIGIN}/favicon.ico`, { method: "PUT" }));
    expect(write.status).toBe(405);
    const page = await (await handler(get("/", BROWSER_ACCEPT))).text();
    expect(page).toContain('<link rel="icon" href="/favicon.ico" type="image/svg+xml" />');
  });

  it("answers other paths under /viewer with a 404 and writes with a 405", async () => {
    const handler = await handlerWithViewer();
    for (const path of ["/viewer", "/viewer/", "/viewer/index.html", "/viewer/../package.json"]) {
      const response = await handler(get(path));
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
    const write = await handler(new Request(`${ORIGIN}/viewer/viewer.js`, { method: "POST" }));
    expect(write.status).toBe(405);
    expect(write.headers.get("allow")).toBe("GET, HEAD");
  });

  it("answers / with JSON alone when the host has no viewer", async () => {
    const handler = createHostHandler({
      storage: createMemoryMediaStorage({ publicBaseUrl: `${ORIGIN}/files` }),
      origin: ORIGIN,
      api: async () => new Response("api"),
      mcp: async () => new Response("mcp"),
      health: createHealthHandler(),
    });
    const response = await handler(get("/", BROWSER_ACCEPT));
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("vary")).toBeNull();
    expect((await handler(get("/viewer/viewer.js"))).status).toBe(404);
    expect((await handler(get("/favicon.ico"))).status).toBe(404);
  });
});
