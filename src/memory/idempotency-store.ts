/**
 * The in-memory {@link IdempotencyStore}: the default store of the reference host and of
 * tests.
 *
 * Every method reads and writes a key's record in one synchronous stretch, with no
 * `await` in between, so interleaved async requests in one process see each claim as
 * atomic: of many concurrent claims of one key, exactly one wins.
 *
 * @module
 */

import type { IdempotencyRecord, IdempotencyScope } from "../idempotency/record.js";
import type { IdempotencyStore } from "../idempotency/store.js";
import { claimKey, completeKey, isReapable, releaseKey } from "../idempotency/transitions.js";
import type { OrganizationId } from "../organization-id.js";

/**
 * Creates an empty in-memory idempotency store. Lease tokens are numbered in claim order,
 * which keeps runs reproducible; they are never reused within one store.
 *
 * @example
 * ```ts
 * const keys = createMemoryIdempotencyStore();
 * const scope = { organizationId: toOrganizationId(1), key: "k1" };
 * const claim = await keys.claim(scope, { fingerprint: "f1", nowMilliseconds: 0, leaseMilliseconds: 60_000 });
 * claim.kind; // "claimed"
 * ```
 */
export function createMemoryIdempotencyStore(): IdempotencyStore {
  const organizations = new Map<OrganizationId, Map<string, IdempotencyRecord>>();
  let leasesIssued = 0;

  const keysOf = (organizationId: OrganizationId): Map<string, IdempotencyRecord> => {
    const existing = organizations.get(organizationId);
    if (existing !== undefined) return existing;
    const created = new Map<string, IdempotencyRecord>();
    organizations.set(organizationId, created);
    return created;
  };
  const write = (scope: IdempotencyScope, record: IdempotencyRecord | undefined): void => {
    const keys = keysOf(scope.organizationId);
    if (record === undefined) keys.delete(scope.key);
    else keys.set(scope.key, record);
  };

  return {
    async claim(scope, request) {
      const token = `lease-${leasesIssued + 1}`;
      const transition = claimKey(keysOf(scope.organizationId).get(scope.key), request, token);
      if (transition.result.kind === "claimed") leasesIssued += 1;
      write(scope, transition.record);
      return transition.result;
    },
    async complete(scope, request) {
      const transition = completeKey(keysOf(scope.organizationId).get(scope.key), request);
      write(scope, transition.record);
      return transition.result;
    },
    async release(scope, token) {
      const transition = releaseKey(keysOf(scope.organizationId).get(scope.key), token);
      write(scope, transition.record);
      return transition.result;
    },
    async reap(nowMilliseconds) {
      let reaped = 0;
      for (const keys of organizations.values()) {
        for (const [key, record] of keys) {
          if (!isReapable(record, nowMilliseconds)) continue;
          keys.delete(key);
          reaped += 1;
        }
      }
      return reaped;
    },
    async inspect(scope) {
      return organizations.get(scope.organizationId)?.get(scope.key);
    },
  };
}
