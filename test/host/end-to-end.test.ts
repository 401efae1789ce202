import { describe, expect, it } from "vitest";
import { originOfFirstLine, spawnHost, writeFixture } from "./support/spawn-host.js";

const KEY = "rk_live_example";

const FIXTURE = {
  organizations: [
    {
      id: 1,
      name: "Acme",
      credits: 5000,
      subscription_active: true,
      api_keys: [{ key: KEY, scopes: ["generations:read", "generations:write"] }],
    },
  ],
  rate_limit: { max_requests: 60, window_seconds: 60 },
  simulator: { job_duration_ms: 50, fail_when_prompt_contains: "#fail" },
};

function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

describe("npm start, end to end over a socket", () => {
  it("serves the API from a fixture, runs a generation to a file, and stops on SIGTERM", async () => {
    const host = spawnHost(["--port", "0", "--fixture", writeFixture(FIXTURE)]);
    const firstLine = await host.firstLine;
    expect(firstLine).toMatch(/^reelkit listening on http:\/\/127\.0\.0\.1:\d+$/);
    const origin = originOfFirstLine(firstLine);
    const auth = { authorization: `Bearer ${KEY}` };

    const models = await fetch(`${origin}/v1/models`);
    expect(models.status).toBe(200);
    expect((await models.json()).object).toBe("catalog");

    const assets = await fetch(`${origin}/v1/assets`, { headers: auth });
    expect(assets.status).toBe(200);
    expect((await assets.json()).object).toBe("workspace_assets");

    const created = await fetch(`${origin}/v1/generations`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json", "idempotency-key": "e2e-1" },
      body: JSON.stringify({
        type: "static_ad",
        template_slug: "product-hero",
        prompt: "Cold brew",
      }),
    });
    expect(created.status).toBe(200);
    const batch = await created.json();
    const id: string = batch.generations[0].id;

    let generation = { status: "generating", url: undefined as string | undefined };
    while (generation.status === "generating") {
      await pause(25);
      const polled = await fetch(`${origin}/v1/generations/${id}`, { headers: auth });
      expect(polled.status).toBe(200);
      generation = await polled.json();
    }
    expect(generation.status).toBe("completed");
    expect(generation.url?.startsWith(`${origin}/files/`)).toBe(true);

    const file = await fetch(generation.url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    host.child.kill("SIGTERM");
    expect(await host.exited).toEqual({ code: 0, signal: null });
    expect(host.stdout().trimEnd().split("\n").at(-1)).toBe("reelkit stopped");
    expect(host.stderr()).toBe("");
  }, 30_000);

  it("starts the demo workspace without a fixture and stops on SIGINT (Ctrl+C)", async () => {
    const host = spawnHost(["--port", "0"]);
    const origin = originOfFirstLine(await host.firstLine);
    const assets = await fetch(`${origin}/v1/assets`, {
      headers: { authorization: "Bearer rk_demo_local_key" },
    });
    expect(assets.status).toBe(200);
    host.child.kill("SIGINT");
    expect(await host.exited).toEqual({ code: 0, signal: null });
    expect(host.stdout()).toContain("API key rk_demo_local_key");
    expect(host.stdout().trimEnd().split("\n").at(-1)).toBe("reelkit stopped");
  }, 30_000);
});
