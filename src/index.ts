/**
 * reelkit: the embeddable core of a media-generation and video-editing API.
 *
 * - Schemas of every request and response, the limits, and the generated OpenAPI
 *   document and `skill.md`.
 * - The error codes, their HTTP statuses, and the structured error body.
 * - The editor engine: the timeline state and the 21 edit operations.
 * - Credits and idempotency: the two state machines that never double-charge, their
 *   store ports and in-memory stores.
 * - The service: one use case per endpoint over ports (stores, queue, providers, clock,
 *   ids), the in-memory defaults of every port, and the simulated providers.
 *
 * @packageDocumentation
 */
export * from "./clock.js";
export * from "./credits/index.js";
export * from "./editor/index.js";
export * from "./errors/index.js";
export * from "./idempotency/index.js";
export * from "./media/index.js";
export * from "./memory/index.js";
export * from "./schemas/index.js";
export * from "./service/index.js";
export * from "./simulated/index.js";
export * from "./vocabulary.js";
