/**
 * In-memory implementations of the store ports: the default for the reference host and
 * for tests, correct under interleaved async requests in one process.
 *
 * @module
 */
export * from "./credit-store.js";
export * from "./idempotency-store.js";
