/**
 * In-memory implementations of the store ports: the default for the reference host and
 * for tests, correct under interleaved async requests in one process.
 *
 * @module
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
