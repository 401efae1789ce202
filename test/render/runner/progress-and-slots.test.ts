import type { RenderProgress } from "reelkit/render";
import { describe, expect, it } from "vitest";
import { ProgressReader } from "../../../src/render/progress.js";
import { RenderSlots } from "../../../src/render/render-slots.js";

describe("ProgressReader", () => {
  it("reports each block of ffmpeg's -progress output, across chunk boundaries", () => {
    const reports: RenderProgress[] = [];
    const reader = new ProgressReader({ frameCount: 90, durationSeconds: 3 }, (report) =>
      reports.push(report),
    );
    reader.push("frame=30\nfps=0.0\nout_time_us=1000");
    reader.push("000\nprogress=continue\nframe=60\nout_time_us=2000000\n");
    reader.push("progress=continue\n");
    expect(reports).toEqual([
      { framesDone: 30, frameCount: 90, outputSeconds: 1, durationSeconds: 3, fraction: 1 / 3 },
      { framesDone: 60, frameCount: 90, outputSeconds: 2, durationSeconds: 3, fraction: 2 / 3 },
    ]);
  });

  it("ends at the whole output, and ignores values it cannot read", () => {
    const reports: RenderProgress[] = [];
    const reader = new ProgressReader({ frameCount: 10, durationSeconds: 1 }, (report) =>
      reports.push(report),
    );
    reader.push("out_time_us=N/A\nframe=?\nprogress=continue\nprogress=end\n");
    expect(reports[0]).toMatchObject({ framesDone: 0, outputSeconds: 0, fraction: 0 });
    expect(reports[1]).toMatchObject({ framesDone: 10, outputSeconds: 1, fraction: 1 });
  });
});

describe("RenderSlots", () => {
  it("runs up to its concurrency, queues the rest in order, and refuses past the queue", async () => {
    const slots = new RenderSlots(1, 1);
    const first = await slots.acquire(undefined);
    if (typeof first !== "function") throw new Error("expected a slot");
    const second = slots.acquire(undefined);
    expect(await slots.acquire(undefined)).toBe("busy");
    first();
    first();
    const granted = await second;
    expect(typeof granted).toBe("function");
    if (typeof granted === "function") granted();
    expect(typeof (await slots.acquire(undefined))).toBe("function");
  });

  it("lets a waiting render leave the queue when it aborts", async () => {
    const slots = new RenderSlots(1, 5);
    const running = await slots.acquire(undefined);
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort();
    expect(await waiting).toBe("aborted");
    expect(await slots.acquire(AbortSignal.abort())).toBe("aborted");
    if (typeof running === "function") running();
    // The aborted render left the queue: the freed slot goes to the next caller.
    expect(typeof (await slots.acquire(undefined))).toBe("function");
  });

  it("refuses a concurrency that is not a positive integer", () => {
    expect(() => new RenderSlots(0, 1)).toThrow(RangeError);
  });
});
