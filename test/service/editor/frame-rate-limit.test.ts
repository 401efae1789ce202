/**
 * The limit of previews: every frame or contact sheet that would render counts once against
 * the organization's limit of previews, apart from its edit and paid limits; past it a
 * preview answers 429 rate_limited with the spec 7.2 headers and renders nothing, while
 * other organizations keep previewing.
 */
import { createManualClock, createService } from "reelkit";
import { createFetchHandler } from "reelkit/http";
import { createMemoryPorts } from "reelkit/memory";
import {
  API_SCOPES,
  FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
  FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
} from "reelkit/schemas";
import { createSimulatedProviders } from "reelkit/simulated";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness, KEYS } from "../support/harness.js";
import { patchProject } from "./editor-support.js";
import { countingRenderer, redBoxProject } from "./export-and-frame-support.js";

let harness: Harness;

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

function frame(id: number, query: string, key: string = KEYS.acme) {
  return harness.call("GET", `/editor/videos/${id}/frame?${query}`, { key });
}

describe("the limit of previews", () => {
  it("renders the third preview of a window of three and refuses the fourth, rendering nothing", async () => {
    const renders = { count: 0 };
    harness = await createHarness({
      frameRateLimit: { maxRequests: 3, windowSeconds: 60 },
      renderer: () => countingRenderer(renders),
    });
    const id = await redBoxProject(harness);
    // A frame and a contact sheet count once each, whatever the sheet's size.
    for (const query of [
      "at_seconds=1",
      "at_seconds=0&at_seconds=1&at_seconds=2",
      "at_seconds=3",
    ]) {
      const answer = await frame(id, query);
      expect(answer.status, query).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/png");
      expect(answer.headers.get("x-ratelimit-remaining")).toBeNull();
    }
    expect(renders.count).toBe(3);

    for (const query of ["at_seconds=1", "at_seconds=0&at_seconds=1"]) {
      const limited = await frame(id, query);
      expect(limited.status, query).toBe(429);
      expect(limited.body.error).toEqual({
        code: "rate_limited",
        message: expect.stringContaining("Too many previews of editor projects"),
        retryable: true,
        context: { limit_name: "frames", limit: 3, retry_after_seconds: 60 },
      });
      expect(limited.headers.get("retry-after")).toBe("60");
      expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(limited.headers.get("x-ratelimit-reset")).toBe(String(harness.clock.now() + 60_000));
    }
    expect(renders.count).toBe(3);

    harness.clock.advance(60_000);
    expect((await frame(id, "at_seconds=1")).status).toBe(200);
    expect(renders.count).toBe(4);
  });

  it("leaves other organizations, edits and reads alone, and counts no preview refused before it renders", async () => {
    const renders = { count: 0 };
    harness = await createHarness({
      frameRateLimit: { maxRequests: 1, windowSeconds: 60 },
      editRateLimit: { maxRequests: 5, windowSeconds: 60 },
      renderer: () => countingRenderer(renders),
    });
    const id = await redBoxProject(harness);
    const others = await redBoxProject(harness, KEYS.other);
    // Refused before rendering: an instant past the end, a bad width, an unknown project.
    expect((await frame(id, "at_seconds=99")).status).toBe(400);
    expect((await frame(id, "at_seconds=1&width=1")).status).toBe(400);
    expect((await frame(id + 100, "at_seconds=1")).status).toBe(404);
    expect((await frame(id, "at_seconds=1")).status).toBe(200);
    expect((await frame(id, "at_seconds=2")).status).toBe(429);

    expect((await frame(others, "at_seconds=1", KEYS.other)).status).toBe(200);
    const edited = await patchProject(harness, id, {
      operations: [{ type: "add_text", text: "Still editable" }],
    });
    expect(edited.status).toBe(200);
    expect((await harness.call("GET", `/editor/videos/${id}`, { key: KEYS.acme })).status).toBe(
      200,
    );
    expect(renders.count).toBe(2);
  });

  it(`allows ${FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT} previews per ${FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT} s by default in the memory ports`, async () => {
    const clock = createManualClock(Date.parse("2026-11-22T09:00:00.000Z"));
    const ports = createMemoryPorts({
      clock,
      organizations: [
        { id: 1, credits: 0, apiKeys: [{ key: "rk_test_limits", scopes: API_SCOPES }] },
      ],
    });
    const renders = { count: 0 };
    const service = createService({
      ...ports,
      ...createSimulatedProviders(ports),
      renderer: countingRenderer(renders),
    });
    const handler = createFetchHandler(service.api);
    const call = (method: string, path: string, body?: unknown) =>
      handler(
        new Request(`http://reelkit.test/v1${path}`, {
          method,
          headers: { authorization: "Bearer rk_test_limits", "content-type": "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
    const { video: created } = await (await call("POST", "/editor/videos", {})).json();
    const patched = await call("PATCH", `/editor/videos/${created.id}`, {
      operations: [
        { type: "add_solid", left: 0, top: 0, width: 100, height: 100, duration_seconds: 5 },
      ],
    });
    expect(patched.status).toBe(200);
    for (let index = 0; index < FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT; index += 1) {
      expect((await call("GET", `/editor/videos/${created.id}/frame?at_seconds=1`)).status).toBe(
        200,
      );
    }
    const limited = await call("GET", `/editor/videos/${created.id}/frame?at_seconds=1`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe(
      String(FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT),
    );
    expect(renders.count).toBe(FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT);
    harness = { serverErrors: [] } as unknown as Harness;
  });
});
