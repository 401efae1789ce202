/**
 * What the service asks of its renderer, seen from a renderer that records its calls: a
 * preview's render names the caller's organization and stops when the client that asked
 * for it disconnects, and an export's render names the job's organization.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RenderCallOptions, Renderer } from "../../../src/ports/renderer.js";
import { BASE_URL, createHarness, type Harness, KEYS, ORGS } from "../support/harness.js";
import { redBoxProject } from "./export-and-frame-support.js";

/** A renderer whose images last until their call is aborted, and whose videos fail at once. */
function holdingRenderer(calls: RenderCallOptions[]): Renderer {
  const image = (call: RenderCallOptions = {}) => {
    calls.push(call);
    return new Promise<never>((_resolve, reject) => {
      if (call.signal === undefined) reject(new Error("a preview's render must be abortable"));
      call.signal?.addEventListener("abort", () => reject(new Error("aborted")));
    }).catch(() => ({
      ok: false as const,
      error: { code: "render_aborted" as const, message: "The render was aborted." },
    }));
  };
  return {
    renderFrame: (_plan, call) => image(call),
    renderContactSheet: (_sheet, call) => image(call),
    async renderVideo(_plan, _target, call = {}) {
      calls.push(call);
      return { ok: false, error: { code: "render_timeout", message: "Too slow." } };
    },
  };
}

let harness: Harness;
afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

describe("the render calls of previews and exports", () => {
  it("stop a preview's render when its client disconnects, and name the caller's organization", async () => {
    const calls: RenderCallOptions[] = [];
    harness = await createHarness({ renderer: () => holdingRenderer(calls) });
    const id = await redBoxProject(harness);
    for (const query of ["at_seconds=1", "at_seconds=1&at_seconds=2"]) {
      const client = new AbortController();
      const answered = harness.handler(
        new Request(`${BASE_URL}/editor/videos/${id}/frame?${query}`, {
          headers: { authorization: `Bearer ${KEYS.acme}` },
          signal: client.signal,
        }),
      );
      await expect.poll(() => calls.length).toBeGreaterThan(0);
      const call = calls.shift();
      expect(call?.organizationId).toBe(ORGS.acme);
      expect(call?.signal?.aborted).toBe(false);
      client.abort();
      expect(call?.signal?.aborted).toBe(true);
      // The handler still settles (the answer goes nowhere), so nothing is left pending.
      expect((await answered).status).toBe(500);
    }
  });

  it("name the organization of the export's job", async () => {
    const calls: RenderCallOptions[] = [];
    harness = await createHarness({ renderer: () => holdingRenderer(calls) });
    const id = await redBoxProject(harness, KEYS.other);
    const queued = await harness.call("POST", `/editor/videos/${id}/export`, {
      key: KEYS.other,
      body: { resolution: "480p" },
    });
    expect(queued.status).toBe(200);
    expect(await harness.runJobs()).toBe(1);
    expect(calls.map((call) => call.organizationId)).toEqual([ORGS.other]);
  });
});
