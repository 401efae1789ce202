/**
 * The PostgreSQL webhook outbox below the service: deliveries commit or roll back with
 * the transaction around them, a claim hides a delivery until its lease ends, pruning
 * deletes delivered rows after the retention while keeping dead ones, and an idle
 * dispatcher is woken by `NOTIFY` instead of polling.
 */
import {
  createWebhookDispatcher,
  WEBHOOK_SAFETY_POLL_MILLISECONDS_DEFAULT,
  type WebhookDelivery,
  type WebhookDispatcher,
} from "reelkit";
import {
  atomically,
  createPostgresWebhookPorts,
  pruneWebhookDeliveries,
  saveWebhookEndpoints,
} from "reelkit/postgres";
import { afterEach, beforeEach, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { until } from "../support/held-jobs.js";
import { describeWithDatabase } from "./support/database.js";
import { truncate } from "./support/tables.js";

const NOW = Date.parse("2026-11-22T09:00:00.000Z");
const LEASE = 30_000;

function delivery(id: string): WebhookDelivery {
  return {
    id,
    organizationId: toOrganizationId(1),
    endpointId: "main",
    eventType: "generation.completed",
    body: `{"type":"generation.completed","id":"${id}"}`,
  };
}

describeWithDatabase("the PostgreSQL webhook outbox", (schema) => {
  const ports = () => createPostgresWebhookPorts(schema().pool, { schema: schema().name });
  const claim = (nowMilliseconds = NOW) =>
    ports().queue.claim({ limit: 10, nowMilliseconds, leaseMilliseconds: LEASE });
  beforeEach(() => truncate(schema(), ["webhook_deliveries", "webhook_endpoints"]));

  it("adds deliveries with the transaction around them, or not at all", async () => {
    const { pool } = schema();
    await expect(
      atomically(pool, async () => {
        await ports().outbox.add([delivery("msg_rolled_back")]);
        throw new Error("the job's completion failed");
      }),
    ).rejects.toThrow("the job's completion failed");
    await atomically(pool, () => ports().outbox.add([delivery("msg_committed")]));
    await ports().outbox.add([delivery("msg_committed")]);
    expect((await claim()).map((each) => each.id)).toEqual(["msg_committed"]);
  });

  it("hides a claimed delivery until its lease ends, then hands it out again", async () => {
    await ports().outbox.add([delivery("msg_a"), delivery("msg_b")]);
    expect((await claim()).map((each) => each.id)).toEqual(["msg_a", "msg_b"]);
    expect(await claim(NOW + LEASE - 1)).toEqual([]);
    const again = await claim(NOW + LEASE);
    expect(again).toEqual([
      { ...delivery("msg_a"), attempts: 0 },
      { ...delivery("msg_b"), attempts: 0 },
    ]);
    await ports().queue.retry("msg_a", NOW + LEASE + 5000, "The receiver answered 500.");
    await ports().queue.delivered("msg_b");
    expect(await claim(NOW + LEASE + 4999)).toEqual([]);
    expect(await claim(NOW + LEASE + 5000)).toEqual([{ ...delivery("msg_a"), attempts: 1 }]);
    await expect(ports().queue.delivered("msg_b")).rejects.toThrow(/No pending webhook delivery/);
  });

  it("prunes delivered rows after the retention and keeps dead ones", async () => {
    const { pool } = schema();
    await ports().outbox.add([delivery("msg_old"), delivery("msg_new"), delivery("msg_dead")]);
    await claim();
    await ports().queue.delivered("msg_old");
    await ports().queue.delivered("msg_new");
    await ports().queue.dead("msg_dead", "gone");
    await pool.query(
      `UPDATE ${schema().table("webhook_deliveries")} SET finished_at = now() - interval '8 days'
       WHERE id IN ('msg_old', 'msg_dead')`,
    );
    expect(await pruneWebhookDeliveries(pool, { schema: schema().name })).toBe(1);
    const { rows } = await pool.query(
      `SELECT id, state FROM ${schema().table("webhook_deliveries")} ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: "msg_dead", state: "dead" },
      { id: "msg_new", state: "delivered" },
    ]);
  });

  it("saves operator endpoints, updating those it already has", async () => {
    const { pool } = schema();
    const main = {
      id: "main",
      url: "https://hooks.example.com/a",
      secret: "whsec_aGk=",
      events: ["video.completed" as const],
      trusted: true,
    };
    await saveWebhookEndpoints(
      pool,
      { organizationId: 1, endpoints: [main] },
      { schema: schema().name },
    );
    await saveWebhookEndpoints(
      pool,
      { organizationId: 1, endpoints: [{ ...main, url: "https://hooks.example.com/b" }] },
      {
        schema: schema().name,
      },
    );
    const organization = toOrganizationId(1);
    expect(await ports().endpoints.list(organization)).toEqual([
      { ...main, url: "https://hooks.example.com/b" },
    ]);
    expect(await ports().endpoints.get(organization, "other")).toBeUndefined();
    expect(await ports().endpoints.list(toOrganizationId(2))).toEqual([]);
  });

  const dispatchers: WebhookDispatcher[] = [];
  afterEach(() => Promise.all(dispatchers.splice(0).map((each) => each.stop())));
  const startDispatcher = async (statuses: number[]) => {
    await saveWebhookEndpoints(
      schema().pool,
      {
        organizationId: 1,
        endpoints: [
          {
            id: "main",
            url: "https://hooks.example.com/a",
            secret: "whsec_aGk=",
            events: ["generation.completed"],
            trusted: true,
          },
        ],
      },
      { schema: schema().name },
    );
    const sent: string[] = [];
    const dispatcher = createWebhookDispatcher({
      queue: ports().queue,
      endpoints: ports().endpoints,
      send: async (request) => {
        sent.push(request.headers["webhook-id"] ?? "");
        return { status: statuses.shift() ?? 200 };
      },
      backoff: { baseMilliseconds: 300, factor: 2, capMilliseconds: 300 },
      random: () => 0.99,
      onError: () => undefined,
    });
    dispatcher.start();
    dispatchers.push(dispatcher);
    // Idle: listening, and its first looks found nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return sent;
  };

  it("sends a delivery queued while idle at once, woken by NOTIFY, not by its 30 s poll", async () => {
    const sent = await startDispatcher([]);
    expect(WEBHOOK_SAFETY_POLL_MILLISECONDS_DEFAULT).toBe(30_000);
    await atomically(schema().pool, () => ports().outbox.add([delivery("msg_woken")]));
    await until(() => sent.length === 1);
    expect(sent).toEqual(["msg_woken"]);
  });

  it("sends a retry it scheduled again when it comes due, not at its next poll", async () => {
    const sent = await startDispatcher([500]);
    await ports().outbox.add([delivery("msg_retried")]);
    await until(() => sent.length === 2);
    expect(sent).toEqual(["msg_retried", "msg_retried"]);
  });
});
