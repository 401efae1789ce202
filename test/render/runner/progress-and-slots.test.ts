import fc from "fast-check";
import type { RenderProgress } from "reelkit/render";
import { describe, expect, it } from "vitest";
import { ProgressReader } from "../../../src/render/progress.js";
import {
  type ReleaseSlot,
  RenderSlots,
  type SlotAnswer,
} from "../../../src/render/render-slots.js";

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

const ACME = 1;
const OTHER = 2;
const THIRD = 3;

function slotsOf(concurrency: number, queueMax = 32, queueMaxPerOrganization = 32): RenderSlots {
  return new RenderSlots({ concurrency, queueMax, queueMaxPerOrganization });
}

async function granted(answer: Promise<SlotAnswer>): Promise<ReleaseSlot> {
  const slot = await answer;
  if (!slot.ok) throw new Error(`expected a slot, got ${slot.error}`);
  return slot.value;
}

// Which of `pending` have been granted a slot so far, by name.
async function grantedNames(
  pending: Readonly<Record<string, Promise<SlotAnswer>>>,
): Promise<string[]> {
  const names: string[] = [];
  for (const [name, answer] of Object.entries(pending)) {
    const settled = await Promise.race([answer, Promise.resolve("pending" as const)]);
    if (settled !== "pending" && settled.ok) names.push(name);
  }
  return names;
}

describe("RenderSlots", () => {
  it("runs up to its concurrency, queues the rest in order, and refuses past the queue", async () => {
    const slots = slotsOf(1, 1);
    const first = await granted(slots.acquire({ organization: ACME }));
    const second = slots.acquire({ organization: ACME });
    expect(await slots.acquire({ organization: OTHER })).toEqual({ ok: false, error: "busy" });
    first();
    first();
    const next = await granted(second);
    next();
    expect((await slots.acquire({ organization: OTHER })).ok).toBe(true);
  });

  it("lets a waiting render leave the queue when it aborts", async () => {
    const slots = slotsOf(1, 5);
    const running = await granted(slots.acquire({ organization: ACME }));
    const controller = new AbortController();
    const waiting = slots.acquire({ organization: ACME, signal: controller.signal });
    expect(slots.waitingCount).toBe(1);
    controller.abort();
    expect(await waiting).toEqual({ ok: false, error: "aborted" });
    expect(slots.waitingCount).toBe(0);
    expect(await slots.acquire({ organization: ACME, signal: AbortSignal.abort() })).toEqual({
      ok: false,
      error: "aborted",
    });
    running();
    // The aborted render left the queue: the freed slot goes to the next caller.
    expect((await slots.acquire({ organization: OTHER })).ok).toBe(true);
  });

  it("gives a freed slot to the organization with the fewest renders running, whatever another queued first", async () => {
    const slots = slotsOf(2);
    const acmeFirst = await granted(slots.acquire({ organization: ACME }));
    await granted(slots.acquire({ organization: ACME }));
    const [acmeNext, acmeLater] = [
      slots.acquire({ organization: ACME }),
      slots.acquire({ organization: ACME }),
    ];
    const other = slots.acquire({ organization: OTHER });
    acmeFirst();
    // Acme runs one, Other none: Other's render, queued last, starts first.
    expect(await grantedNames({ other, acmeNext, acmeLater })).toEqual(["other"]);
    (await granted(other))();
    // Then Acme's, in the order they came.
    expect(await grantedNames({ acmeNext, acmeLater })).toEqual(["acmeNext"]);
  });

  it("lets organizations that all wait take turns", async () => {
    const slots = slotsOf(1);
    const running = await granted(slots.acquire({ organization: ACME }));
    const order: string[] = [];
    const queue = (name: string, organization: number) =>
      slots.acquire({ organization }).then((slot) => {
        order.push(name);
        if (slot.ok) setTimeout(slot.value, 0);
      });
    const all = [
      queue("acme-1", ACME),
      queue("acme-2", ACME),
      queue("other-1", OTHER),
      queue("acme-3", ACME),
      queue("other-2", OTHER),
      queue("third-1", THIRD),
    ];
    running();
    await Promise.all(all);
    // Other and Third never had a turn, so they come before Acme's second; then turns alternate.
    expect(order).toEqual(["other-1", "third-1", "acme-1", "other-2", "acme-2", "acme-3"]);
  });

  it("refuses an organization past its share of the line while others still get in", async () => {
    const slots = slotsOf(1, 10, 2);
    await granted(slots.acquire({ organization: ACME }));
    const waiting = [slots.acquire({ organization: ACME }), slots.acquire({ organization: ACME })];
    expect(await slots.acquire({ organization: ACME })).toEqual({ ok: false, error: "busy" });
    const other = slots.acquire({ organization: OTHER });
    expect(slots.waitingCount).toBe(3);
    expect(await Promise.race([other, Promise.resolve("pending")])).toBe("pending");
    expect(waiting).toHaveLength(2);
  });

  it("refuses every waiting and later render once closed, and lets running ones finish", async () => {
    const slots = slotsOf(1);
    const running = await granted(slots.acquire({ organization: ACME }));
    const waiting = slots.acquire({ organization: OTHER });
    slots.close();
    expect(await waiting).toEqual({ ok: false, error: "closed" });
    expect(await slots.acquire({ organization: OTHER })).toEqual({ ok: false, error: "closed" });
    expect(slots.runningCount).toBe(1);
    running();
    expect(slots.runningCount).toBe(0);
  });

  it("refuses a concurrency that is not a positive integer", () => {
    expect(() => slotsOf(0)).toThrow(RangeError);
    const capped = (runningMaxPerOrganization: number) =>
      new RenderSlots({
        concurrency: 2,
        queueMax: 1,
        queueMaxPerOrganization: 1,
        runningMaxPerOrganization,
      });
    expect(() => capped(0)).toThrow(RangeError);
    expect(() => capped(1.5)).toThrow(RangeError);
  });

  it("keeps a slot for another organization once one runs its most at once", async () => {
    const slots = new RenderSlots({
      concurrency: 2,
      queueMax: 32,
      queueMaxPerOrganization: 32,
      runningMaxPerOrganization: 1,
    });
    const acmeFirst = await granted(slots.acquire({ organization: ACME }));
    // A slot is free, but Acme runs its one already: its second render waits.
    const acmeSecond = slots.acquire({ organization: ACME });
    expect(await grantedNames({ acmeSecond })).toEqual([]);
    expect(slots.runningCount).toBe(1);
    // Another organization's render starts at once in the slot kept free.
    const other = await granted(slots.acquire({ organization: OTHER }));
    expect(slots.runningCount).toBe(2);
    // Other's end frees a slot Acme may not take; Acme's own end lets its second start.
    other();
    expect(await grantedNames({ acmeSecond })).toEqual([]);
    acmeFirst();
    expect(await grantedNames({ acmeSecond })).toEqual(["acmeSecond"]);
  });

  it("never runs past either cap, and never leaves a slot free that a waiting render may take", async () => {
    type Step = { kind: "acquire"; organization: number } | { kind: "release"; index: number };
    const step = fc.oneof(
      fc.record({
        kind: fc.constant("acquire" as const),
        organization: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constant("release" as const), index: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(step, { maxLength: 40 }),
        async (concurrency, runningMax, steps: Step[]) => {
          const slots = new RenderSlots({
            concurrency,
            queueMax: 100,
            queueMaxPerOrganization: 100,
            runningMaxPerOrganization: runningMax,
          });
          const running: { organization: number; release: ReleaseSlot }[] = [];
          const waiting = new Map<number, number>();
          const runningOf = (organization: number) =>
            running.filter((render) => render.organization === organization).length;
          for (const next of steps) {
            if (next.kind === "acquire") {
              const { organization } = next;
              waiting.set(organization, (waiting.get(organization) ?? 0) + 1);
              void slots.acquire({ organization }).then((slot) => {
                waiting.set(organization, (waiting.get(organization) ?? 0) - 1);
                if (slot.ok) running.push({ organization, release: slot.value });
              });
            } else if (running.length > 0) {
              const [ended] = running.splice(next.index % running.length, 1);
              ended?.release();
            }
            await new Promise((resolve) => setTimeout(resolve, 0));
            expect(running.length).toBe(slots.runningCount);
            expect(running.length).toBeLessThanOrEqual(concurrency);
            for (const [organization, count] of waiting) {
              expect(runningOf(organization)).toBeLessThanOrEqual(runningMax);
              // No slot is free while a render that may take it waits.
              if (count > 0 && running.length < concurrency) {
                expect(runningOf(organization)).toBe(runningMax);
              }
            }
          }
        },
      ),
      { seed: 20261128, numRuns: 200 },
    );
  });
});
