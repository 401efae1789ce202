/**
 * Idempotency: the key state machine of spec 4.0 (claim with a lease, complete, replay,
 * conflict), request fingerprints over canonical JSON, the `IdempotencyStore` port and
 * `runIdempotent`, which ties them together around a paid action.
 *
 * @module
 */
export * from "./canonical-json.js";
export * from "./conflict-error.js";
export * from "./defaults.js";
export * from "./fingerprint.js";
export * from "./record.js";
export * from "./resolve-key.js";
export * from "./run-idempotent.js";
export * from "./store.js";
export * from "./transitions.js";
