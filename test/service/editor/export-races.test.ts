/**
 * Concurrent exports of one project and the jobs that run them, on both store sets, with
 * their store calls released in an order `fc.scheduler` chooses: whatever the
 * interleaving, every hold resolves exactly once, the project ends on a completed
 * export that was paid for, and nothing stays pending.
 */
import fc from "fast-check";
import { createService, type ReelkitService, type Renderer } from "reelkit";
import { createFetchHandler } from "reelkit/http";
import { describe, expect, it } from "vitest";
import type { CreditStore } from "../../../src/credits/index.js";
import type { ResourceStores, VideoStore } from "../../../src/ports/stores.js";
import { BASE_URL, createHarness, type Harness, KEYS, ORGS } from "../support/harness.js";
import { redBoxProject } from "./export-and-frame-support.js";

const ON_POSTGRES = process.env.REELKIT_TEST_STORES === "postgres";

// A renderer that answers at once, so the runs explore orderings rather than ffmpeg.
const INSTANT_RENDERER: Renderer = {
  async renderVideo(plan, target) {
    const writer = target.sink?.getWriter();
    if (writer === undefined) throw new Error("expected a sink");
    await writer.write(new Uint8Array([0, 0, 0, 24]));
    await writer.close();
    return {
      ok: true,
      value: {
        sizeBytes: 4,
        width: plan.width,
        height: plan.height,
        frameCount: 1,
        durationSeconds: plan.durationSeconds,
      },
    };
  },
  renderFrame: () => Promise.reject(new Error("not used")),
  renderContactSheet: () => Promise.reject(new Error("not used")),
};

/** The store calls of one run, released by its scheduler; direct outside a run. */
interface ScheduledPorts {
  readonly credits: CreditStore;
  readonly stores: ResourceStores;
  /** Hold ids reserved since the last call. */
  takeHolds(): string[];
  /** Puts the calls under `scheduler` until `run` ends. */
  during<T>(scheduler: fc.Scheduler, run: () => Promise<T>): Promise<T>;
}

function scheduledPorts(harness: Harness): ScheduledPorts {
  let scheduler: fc.Scheduler | undefined;
  let holds: string[] = [];
  const step = <T>(label: string, call: () => Promise<T>): Promise<T> =>
    scheduler === undefined ? call() : scheduler.schedule(Promise.resolve(label), label).then(call);
  const credits = harness.deps.credits;
  const videos = harness.deps.stores.videos;
  const scheduledCredits: CreditStore = {
    reserve(organizationId, requests) {
      holds.push(...requests.map((request) => request.holdId));
      return step("reserve", () => credits.reserve(organizationId, requests));
    },
    capture: (organizationId, holdId) =>
      step(`capture ${holdId}`, () => credits.capture(organizationId, holdId)),
    release: (organizationId, holdId) =>
      step(`release ${holdId}`, () => credits.release(organizationId, holdId)),
    grant: (organizationId, amount, reference) => credits.grant(organizationId, amount, reference),
    balance: (organizationId) => credits.balance(organizationId),
    hold: (organizationId, holdId) => credits.hold(organizationId, holdId),
    ledger: (organizationId) => credits.ledger(organizationId),
    reconcile: (organizationId) => credits.reconcile(organizationId),
  };
  const scheduledVideos: VideoStore = new Proxy(videos, {
    get(target, name, receiver) {
      if (name === "update") {
        return (...args: Parameters<VideoStore["update"]>) =>
          step(`update ${args[1]}`, () => target.update(...args));
      }
      const value = Reflect.get(target, name, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    credits: scheduledCredits,
    stores: { ...harness.deps.stores, videos: scheduledVideos },
    takeHolds() {
      const taken = holds;
      holds = [];
      return taken;
    },
    async during(chosen, run) {
      scheduler = chosen;
      try {
        return await chosen.waitFor(run());
      } finally {
        scheduler = undefined;
      }
    },
  };
}

function exportRequest(
  service: ReelkitService,
  { id, resolution, errors }: { id: number; resolution: string; errors: unknown[] },
) {
  const handler = createFetchHandler(service.api, { onError: (error) => errors.push(error) });
  return handler(
    new Request(`${BASE_URL}/editor/videos/${id}/export`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEYS.acme}`, "content-type": "application/json" },
      body: JSON.stringify({ resolution }),
    }),
  );
}

describe("concurrent exports of one project", () => {
  it("resolve every hold exactly once, whatever the interleaving of requests and jobs", async () => {
    const harness = await createHarness({ renderer: () => INSTANT_RENDERER });
    const ports = scheduledPorts(harness);
    const service = createService({
      ...harness.deps,
      credits: ports.credits,
      stores: ports.stores,
    });
    const runJobs = () => harness.queue.runPending(service.processJob);
    const serverErrors: unknown[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.constantFrom("480p", "720p"), { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 1, max: 3 }),
        async (scheduler, resolutions, runners) => {
          const id = await redBoxProject(harness);
          ports.takeHolds();
          const before = await harness.deps.credits.balance(ORGS.acme);
          const answers = await ports.during(scheduler, () =>
            Promise.all([
              ...resolutions.map((resolution) =>
                exportRequest(service, { id, resolution, errors: serverErrors }),
              ),
              ...Array.from({ length: runners }, () => runJobs()),
            ]),
          );
          for (const answer of answers.slice(0, resolutions.length)) {
            expect((answer as Response).status).toBe(200);
          }
          await runJobs();
          const holds = ports.takeHolds();
          expect(holds.length).toBeGreaterThanOrEqual(1);

          const states = await Promise.all(
            holds.map(
              async (holdId) => (await harness.deps.credits.hold(ORGS.acme, holdId))?.state,
            ),
          );
          expect(states.every((state) => state === "captured" || state === "released")).toBe(true);
          const ledger = await harness.deps.credits.ledger(ORGS.acme);
          for (const holdId of holds) {
            const resolutions = ledger.filter(
              (entry) =>
                "holdId" in entry &&
                entry.holdId === holdId &&
                (entry.kind === "capture" || entry.kind === "release"),
            );
            expect(resolutions).toHaveLength(1);
          }
          const captured = states.filter((state) => state === "captured").length;
          const after = await harness.deps.credits.balance(ORGS.acme);
          expect(after.pending).toBe(0);
          expect(before.posted - after.posted).toBe(5 * captured);
          expect((await harness.deps.credits.reconcile(ORGS.acme)).balanced).toBe(true);

          const video = await harness.deps.stores.videos.get(ORGS.acme, id);
          const last = video?.lastExport;
          expect(last?.status).toBe("completed");
          expect((await harness.deps.credits.hold(ORGS.acme, last?.holdId ?? ""))?.state).toBe(
            "captured",
          );
        },
      ),
      { seed: 20261122, numRuns: ON_POSTGRES ? 12 : 60 },
    );
    expect([...harness.serverErrors, ...serverErrors]).toEqual([]);
  }, 120_000);
});
