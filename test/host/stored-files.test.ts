import { afterEach, describe, expect, it } from "vitest";
import { parseFixtureText } from "../../src/host/fixture.js";
import { type HostSetup, setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";

// Stored files are reachable only through the URL the API handed out, which no one can
// guess, and video ids tell one organization nothing about another's.

const ACME = "rk_test_acme_files";
const OTHER = "rk_test_other_files";
const SCOPES = ["generations:read", "generations:write"];

function setup(): HostSetup {
  const parsed = parseFixtureText(
    JSON.stringify({
      organizations: [
        { id: 21, name: "Acme", api_keys: [{ key: ACME, scopes: SCOPES }] },
        { id: 22, name: "Other", api_keys: [{ key: OTHER, scopes: SCOPES }] },
      ],
      simulator: { job_duration_ms: 0 },
    }),
    "test",
  );
  if (!parsed.ok) throw new Error(parsed.error.join("\n"));
  return setupOf(parsed.value);
}

let running: RunningHost | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function call(method: string, path: string, key: string, body?: unknown) {
  const host = running as RunningHost;
  const response = await fetch(`${host.origin}/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      "idempotency-key": `${key}-${path}-${Math.random()}`,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

async function completedGeneration(key: string): Promise<{ id: string; url: string }> {
  const created = await call("POST", "/generations", key, {
    type: "static_ad",
    template_slug: "product-hero",
    prompt: "A bright can of cold brew",
  });
  expect(created.status).toBe(200);
  const id: string = created.body.generations[0].id;
  for (;;) {
    const generation = await call("GET", `/generations/${id}`, key);
    if (generation.body.status === "completed") return { id, url: generation.body.url };
    expect(generation.body.status).not.toBe("failed");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("stored files and video ids on the reference host", () => {
  it("serves a file at the URL it handed out, and at no URL anyone could guess", async () => {
    running = await startHost({ port: 0, host: "127.0.0.1", setup: setup() });
    const { url } = await completedGeneration(ACME);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const { pathname } = new URL(url);
    // The object key without the URL's secret part, or with another one, finds nothing.
    const segments = pathname.split("/");
    const token = segments[2] ?? "";
    expect(token.length).toBeGreaterThanOrEqual(22);
    const withoutToken = [...segments.slice(0, 2), ...segments.slice(3)].join("/");
    const otherToken = pathname.replace(token, "A".repeat(token.length));
    const otherOrganization = pathname.replace("/generated/21/", "/generated/22/");
    for (const guess of [withoutToken, otherToken, otherOrganization]) {
      const answer = await fetch(`${running.origin}${guess}`);
      expect(answer.status, guess).toBe(404);
      expect((await answer.json()).error.code).toBe("not_found");
    }
  });

  it("numbers each organization's videos apart, so no id says how busy another is", async () => {
    running = await startHost({ port: 0, host: "127.0.0.1", setup: setup() });
    const first = await call("POST", "/editor/videos", ACME, { title: "acme 1" });
    await call("POST", "/editor/videos", OTHER, { title: "other 1" });
    await call("POST", "/editor/videos", OTHER, { title: "other 2" });
    const second = await call("POST", "/editor/videos", ACME, { title: "acme 2" });
    expect([first.body.video.id, second.body.video.id]).toEqual([1, 2]);
    const others = await call("GET", "/editor/videos", OTHER);
    expect(others.body.videos.map((video: { id: number }) => video.id)).toEqual([2, 1]);
    // The same number names each organization's own video, never the other's.
    expect((await call("GET", "/editor/videos/1", ACME)).body.video.title).toBe("acme 1");
    expect((await call("GET", "/editor/videos/1", OTHER)).body.video.title).toBe("other 1");
  });
});
