/**
 * The PostgreSQL {@link IdempotencyStore}. Each call is one transaction that locks the
 * key's row, applies the shared pure transition (`claimKey`, `completeKey`,
 * `releaseKey`) and writes the record it decided on, so of any number of concurrent
 * claims in any number of processes exactly one wins, and a crashed holder's key is
 * taken over once its lease has expired.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import type { Pool } from "pg";
import type { IdempotencyScope } from "../idempotency/record.js";
import type { IdempotencyStore } from "../idempotency/store.js";
import {
  type ClaimRequest,
  type ClaimResult,
  claimKey,
  completeKey,
  releaseKey,
} from "../idempotency/transitions.js";
import { insertKey, readKey, replaceKey } from "./idempotency-rows.js";
import { type PostgresSchema, type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";
import { inTransaction, queryable } from "./transaction.js";

// A claim tries to insert the key's row; when the row exists it reads it under a lock
// and decides. A row deleted in between (a release, a reap) sends the claim round again;
// two rounds almost always suffice, a few more cost nothing.
const CLAIM_ROUNDS = 4;

async function claimOnce(
  pool: Pool,
  schema: PostgresSchema,
  { scope, request }: { scope: IdempotencyScope; request: ClaimRequest },
): Promise<ClaimResult | undefined> {
  // The common case first: an unused key is claimed by one insert, no transaction.
  const fresh = claimKey(undefined, request, randomUUID());
  if (await insertKey(queryable(pool), schema, { scope, record: fresh.record }))
    return fresh.result;
  return inTransaction(pool, async (client) => {
    const record = await readKey(client, schema, { scope, lock: true });
    const transition = claimKey(record, request, randomUUID());
    if (transition.record === record) return transition.result;
    if (record !== undefined) {
      await replaceKey(client, schema, { scope, record: transition.record });
      return transition.result;
    }
    const inserted = await insertKey(client, schema, { scope, record: transition.record });
    return inserted ? transition.result : undefined;
  });
}

/**
 * Creates an idempotency store over the pool's database (run {@link migrate} first, with
 * the same `schema` option). Lease tokens are random UUIDs, unique across processes.
 *
 * @example
 * ```ts
 * const keys = createPostgresIdempotencyStore(pool);
 * const scope = { organizationId: toOrganizationId(1), key: "order-42" };
 * const claim = await keys.claim(scope, { fingerprint: "f1", nowMilliseconds: Date.now(), leaseMilliseconds: 60_000 });
 * claim.kind; // "claimed"
 * ```
 */
export function createPostgresIdempotencyStore(
  pool: Pool,
  options: PostgresSchemaOptions = {},
): IdempotencyStore {
  const schema = postgresSchemaOf(options);
  return {
    async claim(scope, request) {
      for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
        const result = await claimOnce(pool, schema, { scope, request });
        if (result !== undefined) return result;
      }
      throw new Error(`The key ${scope.key} kept changing under concurrent claims.`);
    },
    complete: (scope, request) =>
      inTransaction(pool, async (client) => {
        const record = await readKey(client, schema, { scope, lock: true });
        const transition = completeKey(record, request);
        if (transition.result.ok) {
          await replaceKey(client, schema, { scope, record: transition.record });
        }
        return transition.result;
      }),
    release: (scope, token) =>
      inTransaction(pool, async (client) => {
        const record = await readKey(client, schema, { scope, lock: true });
        const transition = releaseKey(record, token);
        if (transition.result.ok) await replaceKey(client, schema, { scope, record: undefined });
        return transition.result;
      }),
    async reap(nowMilliseconds) {
      const result = await queryable(pool).query(
        `DELETE FROM ${schema.table("idempotency_keys")} WHERE state = 'completed' AND retained_until_ms <= $1`,
        [nowMilliseconds],
      );
      return result.rowCount ?? 0;
    },
    inspect: (scope) => readKey(queryable(pool), schema, { scope, lock: false }),
  };
}
