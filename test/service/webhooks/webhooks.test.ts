/**
 * Webhook deliveries through the real service, outbox and dispatcher, to a receiver on
 * 127.0.0.1, on both store sets: signed requests that `verifyWebhook` accepts, payloads
 * equal to the GET endpoints' bodies, retries with the same `webhook-id`, filtering by
 * `events`, and requests that never wait for a receiver.
 */
import {
  createWebhookDispatcher,
  type Renderer,
  verifyWebhook,
  type WebhookDispatcherOptions,
  type WebhookEndpoint,
} from "reelkit";
import type { WebhookEventType } from "reelkit/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { redBoxProject } from "../editor/export-and-frame-support.js";
import { get, post, staticAd } from "../generations/support.js";
import {
  createHarness,
  type Harness,
  type HarnessOptions,
  KEYS,
  ORGS,
} from "../support/harness.js";
import { type Receiver, startReceiver } from "./receiver.js";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const RAW_SECRET = "a plain shared secret";

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiver(...statuses: number[]): Promise<Receiver> {
  const started = await startReceiver(statuses.length === 0 ? [200] : statuses);
  receivers.push(started);
  return started;
}

function endpoint(
  url: string,
  events: readonly WebhookEventType[],
  overrides: Partial<WebhookEndpoint> = {},
): WebhookEndpoint {
  return { id: "main", url, secret: SECRET, events, trusted: true, ...overrides };
}

async function webhookHarness(
  endpoints: readonly WebhookEndpoint[],
  options: HarnessOptions = {},
): Promise<Harness> {
  return createHarness({ ...options, webhookEndpoints: { [ORGS.acme]: endpoints } });
}

function dispatcherOf(harness: Harness, options: Partial<WebhookDispatcherOptions> = {}) {
  const webhooks = harness.webhooks;
  if (webhooks === undefined) throw new Error("the harness has no webhooks");
  return createWebhookDispatcher({
    queue: webhooks.queue,
    endpoints: webhooks.endpoints,
    clock: harness.clock,
    random: () => 0.5,
    ...options,
  });
}

async function verified(harness: Harness, request: Receiver["received"][number], secret = SECRET) {
  return verifyWebhook({
    secret,
    headers: request.headers as Record<string, string>,
    body: request.body,
    nowMilliseconds: harness.clock.now(),
  });
}

const NOTHING = { delivered: 0, retried: 0, dead: 0 };

describe("webhook deliveries", () => {
  it("delivers a completed generation as a signed request whose data is the GET body", async () => {
    const hooks = await receiver();
    const harness = await webhookHarness([endpoint(hooks.url, ["generation.completed"])]);
    const created = await post(harness, "/generations", staticAd("Cold brew hero"));
    const id: string = created.body.generations[0].id;
    expect(await harness.runJobs()).toBe(1);

    expect(await dispatcherOf(harness).runDue()).toEqual({ ...NOTHING, delivered: 1 });
    expect(hooks.received).toHaveLength(1);
    const [request] = hooks.received;
    if (request === undefined) throw new Error("no request");
    const check = await verified(harness, request);
    expect(check).toEqual({
      ok: true,
      value: { id: request.headers["webhook-id"], timestampSeconds: harness.clock.now() / 1000 },
    });
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const event = JSON.parse(request.body);
    expect(event).toEqual({
      type: "generation.completed",
      timestamp: new Date(harness.clock.now()).toISOString(),
      data: (await get(harness, `/generations/${id}`)).body,
    });
    expect(event.data.status).toBe("completed");
    // Delivered once: nothing is due any more.
    expect(await dispatcherOf(harness).runDue()).toEqual(NOTHING);
  });

  it("delivers a failed faceless video with the error GET /videos/{id} reports", async () => {
    const hooks = await receiver();
    const harness = await webhookHarness([
      endpoint(hooks.url, ["video.failed"], { secret: RAW_SECRET }),
    ]);
    const created = await post(harness, "/faceless-videos", { prompt: "Octopuses #fail" });
    const videoId: number = created.body.video_id;
    await harness.runJobs();

    expect(await dispatcherOf(harness).runDue()).toEqual({ ...NOTHING, delivered: 1 });
    const [request] = hooks.received;
    if (request === undefined) throw new Error("no request");
    expect((await verified(harness, request, RAW_SECRET)).ok).toBe(true);
    expect((await verified(harness, request, SECRET)).ok).toBe(false);
    const event = JSON.parse(request.body);
    const video = (await get(harness, `/videos/${videoId}`)).body;
    expect(event).toMatchObject({ type: "video.failed", data: video });
    expect(video).toMatchObject({
      status: "error",
      error: { code: "generation_failed", credits_returned: true },
    });
  });

  it("delivers an editor export once it is stored", async () => {
    const hooks = await receiver();
    const renderer: Renderer = {
      async renderVideo(_plan, target) {
        const writer = target.sink?.getWriter();
        if (writer === undefined) throw new Error("expected a sink");
        await writer.write(new Uint8Array([0, 0, 0, 24]));
        await writer.close();
        return {
          ok: true,
          value: {
            sizeBytes: 4,
            width: 854,
            height: 480,
            frameCount: 1,
            durationSeconds: 5,
          },
        };
      },
      renderFrame: () => Promise.reject(new Error("not used")),
      renderContactSheet: () => Promise.reject(new Error("not used")),
    };
    const harness = await webhookHarness([endpoint(hooks.url, ["editor_video.exported"])], {
      renderer: () => renderer,
    });
    const id = await redBoxProject(harness);
    const exported = await harness.call("POST", `/editor/videos/${id}/export`, {
      key: KEYS.acme,
      body: { resolution: "480p" },
    });
    expect(exported.status).toBe(200);
    expect(await harness.runJobs()).toBe(1);

    expect(await dispatcherOf(harness).runDue()).toEqual({ ...NOTHING, delivered: 1 });
    const [request] = hooks.received;
    if (request === undefined) throw new Error("no request");
    expect((await verified(harness, request)).ok).toBe(true);
    const event = JSON.parse(request.body);
    expect(event.type).toBe("editor_video.exported");
    expect(event.data).toEqual((await get(harness, `/videos/${id}`)).body);
    expect(event.data).toMatchObject({ status: "completed", video_type: "editor" });
    expect(event.data.url).toMatch(/\.mp4$/);
  });

  it("sends the same webhook-id again after a 500, once the backoff has passed", async () => {
    const hooks = await receiver(500, 200);
    const harness = await webhookHarness([endpoint(hooks.url, ["generation.completed"])]);
    await post(harness, "/generations", staticAd("Retry me"));
    await harness.runJobs();
    const dispatcher = dispatcherOf(harness);

    expect(await dispatcher.runDue()).toEqual({ ...NOTHING, retried: 1 });
    // The first retry waits half of its 5 s ceiling (random 0.5): not due before that.
    harness.clock.advance(2499);
    expect(await dispatcher.runDue()).toEqual(NOTHING);
    harness.clock.advance(1);
    expect(await dispatcher.runDue()).toEqual({ ...NOTHING, delivered: 1 });

    const [first, second] = hooks.received;
    if (first === undefined || second === undefined) throw new Error("expected two requests");
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(second.body).toBe(first.body);
    // Whole seconds: 2.5 s later reads as 2 s later.
    expect(Number(second.headers["webhook-timestamp"])).toBe(
      Number(first.headers["webhook-timestamp"]) + 2,
    );
    expect((await verified(harness, second)).ok).toBe(true);
  });

  it("gives a delivery up after the attempt limit", async () => {
    const hooks = await receiver(503);
    const harness = await webhookHarness([endpoint(hooks.url, ["generation.completed"])]);
    await post(harness, "/generations", staticAd("Never taken"));
    await harness.runJobs();
    const dispatcher = dispatcherOf(harness, { maxAttempts: 2 });

    expect(await dispatcher.runDue()).toEqual({ ...NOTHING, retried: 1 });
    harness.clock.advance(60_000);
    expect(await dispatcher.runDue()).toEqual({ ...NOTHING, dead: 1 });
    harness.clock.advance(60 * 60_000);
    expect(await dispatcher.runDue()).toEqual(NOTHING);
    expect(hooks.received).toHaveLength(2);
  });

  it("sends each endpoint only the events it subscribes to", async () => {
    const completed = await receiver();
    const failed = await receiver();
    const harness = await webhookHarness([
      endpoint(completed.url, ["generation.completed"], { id: "completed" }),
      endpoint(failed.url, ["generation.failed", "video.failed"], { id: "failed" }),
    ]);
    await post(harness, "/generations", staticAd("Good one"));
    await post(harness, "/generations", staticAd("Bad one #fail"), { idempotencyKey: "second" });
    expect(await harness.runJobs()).toBe(2);

    expect(await dispatcherOf(harness).runDue()).toEqual({ ...NOTHING, delivered: 2 });
    expect(completed.received.map((request) => JSON.parse(request.body).type)).toEqual([
      "generation.completed",
    ]);
    expect(failed.received.map((request) => JSON.parse(request.body).type)).toEqual([
      "generation.failed",
    ]);
    expect(completed.received[0]?.headers["webhook-id"]).toMatch(/_completed$/);
    expect(failed.received[0]?.headers["webhook-id"]).toMatch(/_failed$/);
  });

  it("queues nothing for an organization without endpoints", async () => {
    const hooks = await receiver();
    const harness = await webhookHarness([endpoint(hooks.url, ["generation.completed"])]);
    await post(harness, "/generations", staticAd("Other org"), { key: KEYS.other });
    await harness.runJobs();
    expect(await dispatcherOf(harness).runDue()).toEqual(NOTHING);
    expect(hooks.received).toEqual([]);
  });

  it("never makes a request wait for a receiver that does not answer", async () => {
    const hanging = await startReceiver([200], { hang: true });
    receivers.push(hanging);
    const harness = await webhookHarness([endpoint(hanging.url, ["generation.completed"])]);
    await post(harness, "/generations", staticAd("First"));
    await harness.runJobs();
    const dispatching = dispatcherOf(harness).runDue();
    await hanging.receivedCount(1);

    // The receiver holds the first delivery open; requests and jobs go on regardless.
    const created = await post(harness, "/generations", staticAd("Second"), {
      idempotencyKey: "second",
    });
    expect(created.status).toBe(200);
    expect(await harness.runJobs()).toBe(1);
    const id: string = created.body.generations[0].id;
    expect((await get(harness, `/generations/${id}`)).body.status).toBe("completed");
    expect(hanging.received).toHaveLength(1);

    hanging.release();
    expect(await dispatching).toEqual({ ...NOTHING, delivered: 1 });
  });

  it("drops deliveries of an endpoint removed before they were sent", async () => {
    const hooks = await receiver();
    const harness = await webhookHarness([endpoint(hooks.url, ["generation.completed"])]);
    await post(harness, "/generations", staticAd("Orphan"));
    await harness.runJobs();
    const dispatcher = dispatcherOf(harness, {
      endpoints: { list: async () => [], get: async () => undefined },
    });
    expect(await dispatcher.runDue()).toEqual({ ...NOTHING, dead: 1 });
    expect(hooks.received).toEqual([]);
  });

  it("fails a client-registered endpoint when no SSRF-checked sender is configured", async () => {
    const hooks = await receiver();
    const harness = await webhookHarness([
      endpoint(hooks.url, ["generation.completed"], { trusted: false }),
    ]);
    await post(harness, "/generations", staticAd("Untrusted"));
    await harness.runJobs();
    expect(await dispatcherOf(harness, { maxAttempts: 1 }).runDue()).toEqual({
      ...NOTHING,
      dead: 1,
    });
    expect(hooks.received).toEqual([]);
  });

  it("lets two dispatchers share the outbox, each event delivered once", async () => {
    const hooks = await receiver();
    const harness = await webhookHarness([endpoint(hooks.url, ["generation.completed"])]);
    const count = 12;
    for (let index = 0; index < count; index += 1) {
      await post(harness, "/generations", staticAd(`Batch ${index}`), {
        idempotencyKey: `batch-${index}`,
      });
    }
    expect(await harness.runJobs()).toBe(count);
    const first = dispatcherOf(harness, { concurrency: 3 });
    const second = dispatcherOf(harness, { concurrency: 3 });

    let delivered = 0;
    for (;;) {
      const reports = await Promise.all([first.runDue(), second.runDue()]);
      const round = reports.reduce((sum, report) => sum + report.delivered, 0);
      expect(reports.every((report) => report.retried === 0 && report.dead === 0)).toBe(true);
      if (round === 0) break;
      delivered += round;
    }
    expect(delivered).toBe(count);
    const ids = hooks.received.map((request) => request.headers["webhook-id"]);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
  });

  it("keeps sending in the background once started", async () => {
    const hooks = await receiver();
    const harness = await webhookHarness([endpoint(hooks.url, ["generation.completed"])]);
    const dispatcher = dispatcherOf(harness, { pollMilliseconds: 5 });
    dispatcher.start();
    await post(harness, "/generations", staticAd("Background"));
    await harness.runJobs();
    await hooks.receivedCount(1);
    await dispatcher.stop();
    expect(JSON.parse(hooks.received[0]?.body ?? "{}").type).toBe("generation.completed");
  });
});
