/**
 * Webhooks on PostgreSQL: endpoints in `webhook_endpoints`, deliveries in the
 * `webhook_deliveries` outbox. `add` joins the ambient transaction (`atomically`, the
 * service's unit of work), so a job's deliveries commit with its completion. Dispatchers
 * on any number of hosts claim due rows with `FOR UPDATE SKIP LOCKED` and a lease, and
 * wait for `NOTIFY` on the schema's webhooks channel, which `add` sends, when idle.
 * Delivered rows are pruned after the job outbox's retention.
 *
 * @module
 */
import type { Pool } from "pg";
import { toOrganizationId } from "../organization-id.js";
import type {
  ClaimedWebhookDelivery,
  WebhookDeliveryQueue,
  WebhookEndpoint,
  WebhookEndpoints,
  WebhookOutbox,
  WebhookPorts,
} from "../ports/webhooks.js";
import type { WebhookEventType } from "../vocabulary.js";
import { checkedBatchSize, inBatches } from "./batches.js";
import { listenForNotifications } from "./notification-listener.js";
import { JOB_DONE_RETENTION_DEFAULT_MILLISECONDS } from "./outbox-pruning.js";
import { type PostgresSchema, type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";
import { queryable } from "./transaction.js";

/** The PostgreSQL webhook ports, with the dispatcher's queue. */
export interface PostgresWebhookPorts extends WebhookPorts {
  /** The claims a dispatcher takes deliveries with. */
  readonly queue: WebhookDeliveryQueue;
}

interface EndpointRow {
  id: string;
  url: string;
  secret: string;
  events: string[];
  trusted: boolean;
}

const endpointOf = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  secret: row.secret,
  events: row.events as WebhookEventType[],
  trusted: row.trusted,
});

function postgresEndpoints(pool: Pool, schema: PostgresSchema): WebhookEndpoints {
  const table = schema.table("webhook_endpoints");
  const columns = "id, url, secret, events, trusted";
  return {
    async list(organizationId) {
      const { rows } = await queryable(pool).query<EndpointRow>(
        `SELECT ${columns} FROM ${table} WHERE organization_id = $1 ORDER BY created_at, id`,
        [organizationId],
      );
      return rows.map(endpointOf);
    },
    async get(organizationId, endpointId) {
      const { rows } = await queryable(pool).query<EndpointRow>(
        `SELECT ${columns} FROM ${table} WHERE organization_id = $1 AND id = $2`,
        [organizationId, endpointId],
      );
      return rows[0] === undefined ? undefined : endpointOf(rows[0]);
    },
  };
}

function postgresOutbox(pool: Pool, schema: PostgresSchema): WebhookOutbox {
  // Idle dispatchers are woken when the statement's transaction commits, not before.
  const sql = `WITH added AS (
      INSERT INTO ${schema.table("webhook_deliveries")}
        (id, organization_id, endpoint_id, event_type, body)
      SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::text[])
      ON CONFLICT (id) DO NOTHING RETURNING id)
    SELECT pg_notify($6, '') FROM (SELECT 1 FROM added LIMIT 1) AS any_added`;
  return {
    async add(deliveries) {
      if (deliveries.length === 0) return;
      await queryable(pool).query(sql, [
        deliveries.map((delivery) => delivery.id),
        deliveries.map((delivery) => delivery.organizationId),
        deliveries.map((delivery) => delivery.endpointId),
        deliveries.map((delivery) => delivery.eventType),
        deliveries.map((delivery) => delivery.body),
        schema.webhooksChannel,
      ]);
    },
  };
}

interface DeliveryRow {
  id: string;
  organization_id: number;
  endpoint_id: string;
  event_type: string;
  body: string;
  attempts: number;
}

const seconds = (milliseconds: number): number => milliseconds / 1000;

function postgresQueue(pool: Pool, schema: PostgresSchema): WebhookDeliveryQueue {
  const table = schema.table("webhook_deliveries");
  // Times come from the dispatcher's clock, so every host (and a test's manual clock)
  // judges due dates and leases the same way.
  const claimSql = `WITH due AS (
      SELECT id FROM ${table}
      WHERE state = 'pending'
        AND (available_at IS NULL OR available_at <= to_timestamp($1))
        AND (claimed_until IS NULL OR claimed_until <= to_timestamp($1))
      ORDER BY position LIMIT $2 FOR UPDATE SKIP LOCKED)
    UPDATE ${table} AS delivery SET claimed_until = to_timestamp($3)
    FROM due WHERE delivery.id = due.id
    RETURNING delivery.id, delivery.organization_id, delivery.endpoint_id, delivery.event_type,
      delivery.body, delivery.attempts`;
  const settle = async (sql: string, values: unknown[]): Promise<void> => {
    const { rowCount } = await pool.query(sql, values);
    if (rowCount !== 1) throw new Error(`No pending webhook delivery has id ${values[0]}.`);
  };
  return {
    async claim({ limit, nowMilliseconds, leaseMilliseconds }) {
      const { rows } = await pool.query<DeliveryRow>(claimSql, [
        seconds(nowMilliseconds),
        limit,
        seconds(nowMilliseconds + leaseMilliseconds),
      ]);
      return rows.map(
        (row): ClaimedWebhookDelivery => ({
          id: row.id,
          organizationId: toOrganizationId(row.organization_id),
          endpointId: row.endpoint_id,
          eventType: row.event_type as WebhookEventType,
          body: row.body,
          attempts: row.attempts,
        }),
      );
    },
    delivered: (id) =>
      settle(
        `UPDATE ${table} SET state = 'delivered', claimed_until = NULL, finished_at = now()
         WHERE id = $1 AND state = 'pending'`,
        [id],
      ),
    retry: (id, nextAttemptAtMilliseconds, error) =>
      settle(
        `UPDATE ${table} SET attempts = attempts + 1, available_at = to_timestamp($2),
           claimed_until = NULL, last_error = $3
         WHERE id = $1 AND state = 'pending'`,
        [id, seconds(nextAttemptAtMilliseconds), error],
      ),
    dead: (id, error) =>
      settle(
        `UPDATE ${table} SET state = 'dead', attempts = attempts + 1, claimed_until = NULL,
           last_error = $2, finished_at = now()
         WHERE id = $1 AND state = 'pending'`,
        [id, error],
      ),
    // One connection of the pool listens on the channel `add` notifies on. A delivery
    // queued while it was being replaced is found by the wake after listening again.
    listen: ({ onQueued, onError }) =>
      listenForNotifications({
        pool,
        channels: [schema.webhooksChannel],
        purpose: "webhook deliveries",
        onNotification: onQueued,
        onListening: onQueued,
        onError,
      }),
  };
}

/**
 * The webhook ports over the pool's database (run {@link migrate} first, with the same
 * `schema` option).
 *
 * @example
 * ```ts
 * const webhooks = createPostgresWebhookPorts(pool, { schema: "reelkit" });
 * const service = createService({ ...deps, ...postgres, webhooks });
 * createWebhookDispatcher({ queue: webhooks.queue, endpoints: webhooks.endpoints }).start();
 * ```
 */
export function createPostgresWebhookPorts(
  pool: Pool,
  options: PostgresSchemaOptions = {},
): PostgresWebhookPorts {
  const schema = postgresSchemaOf(options);
  return {
    endpoints: postgresEndpoints(pool, schema),
    outbox: postgresOutbox(pool, schema),
    queue: postgresQueue(pool, schema),
  };
}

/**
 * Writes an organization's operator-configured endpoints: new ids are added, existing
 * ones take the given URL, secret, events and trust; endpoints not given are left alone
 * (a client may have registered them).
 *
 * @example
 * ```ts
 * await saveWebhookEndpoints(pool, { organizationId: toOrganizationId(1), endpoints: [
 *   { id: "main", url: "https://hooks.example.com/reelkit", secret: "whsec_aGVsbG8=", events: ["video.completed"], trusted: true },
 * ] });
 * ```
 */
export async function saveWebhookEndpoints(
  pool: Pool,
  saved: { readonly organizationId: number; readonly endpoints: readonly WebhookEndpoint[] },
  options: PostgresSchemaOptions = {},
): Promise<void> {
  const { organizationId, endpoints } = saved;
  const table = postgresSchemaOf(options).table("webhook_endpoints");
  for (const endpoint of endpoints) {
    await queryable(pool).query(
      `INSERT INTO ${table} (organization_id, id, url, secret, events, trusted)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (organization_id, id) DO UPDATE SET url = EXCLUDED.url,
         secret = EXCLUDED.secret, events = EXCLUDED.events, trusted = EXCLUDED.trusted`,
      [
        organizationId,
        endpoint.id,
        endpoint.url,
        endpoint.secret,
        endpoint.events,
        endpoint.trusted,
      ],
    );
  }
}

/** Settings of {@link pruneWebhookDeliveries}. */
export interface WebhookPruningOptions extends PostgresSchemaOptions {
  /**
   * How long a delivered row is kept; the job outbox's
   * `JOB_DONE_RETENTION_DEFAULT_MILLISECONDS` (a week) by default.
   */
  readonly doneRetentionMilliseconds?: number;
  /** Rows one statement deletes at most; 500 by default. */
  readonly batchSize?: number;
}

/**
 * Deletes delivered rows older than the retention, in batches, and says how many. Dead
 * rows are kept: each is an event a receiver never took. The job worker calls it with
 * its outbox pruning.
 *
 * @example
 * ```ts
 * await pruneWebhookDeliveries(pool, { schema: "reelkit" }); // 340
 * ```
 */
export async function pruneWebhookDeliveries(
  pool: Pool,
  options: WebhookPruningOptions = {},
): Promise<number> {
  const table = postgresSchemaOf(options).table("webhook_deliveries");
  const batchSize = checkedBatchSize(options.batchSize);
  const retention = options.doneRetentionMilliseconds ?? JOB_DONE_RETENTION_DEFAULT_MILLISECONDS;
  const sql = `WITH doomed AS (
      SELECT id FROM ${table}
      WHERE state = 'delivered' AND finished_at < now() - make_interval(secs => $1::double precision / 1000)
      ORDER BY finished_at LIMIT $2 FOR UPDATE SKIP LOCKED)
    DELETE FROM ${table} AS delivery USING doomed WHERE delivery.id = doomed.id`;
  return inBatches(
    async () => (await pool.query(sql, [retention, batchSize])).rowCount ?? 0,
    batchSize,
  );
}
