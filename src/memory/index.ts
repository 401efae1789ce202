/**
 * reelkit/memory: in-memory implementations of every store port (accounts, credits,
 * idempotency keys, jobs, records, media, webhooks, rate limits, editor revisions) and
 * `createMemoryPorts`, which wires them all. The default of the reference host and of
 * tests, correct under interleaved async requests in one process; `reelkit/postgres`
 * holds the durable ones.
 *
 * @example
 * ```ts
 * import { createMemoryPorts } from "reelkit/memory";
 * import { API_SCOPES } from "reelkit/schemas";
 *
 * const ports = createMemoryPorts({
 *   organizations: [{ id: 1, credits: 1000, apiKeys: [{ key: "rk_test_acme", scopes: API_SCOPES }] }],
 * });
 * ```
 *
 * @packageDocumentation
 */

export * from "./account-store.js";
export * from "./credit-store.js";
export * from "./editor-revisions.js";
export * from "./idempotency-store.js";
export * from "./job-queue.js";
export * from "./media-storage.js";
export * from "./ports.js";
export * from "./rate-limiter.js";
export * from "./record-store.js";
export * from "./social.js";
export * from "./webhooks.js";
export * from "./workspace-directory.js";
