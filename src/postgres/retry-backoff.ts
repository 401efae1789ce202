/**
 * The backoff of failed jobs, kept with the service so webhook deliveries retry the same
 * way; re-exported here where the worker's settings name it.
 *
 * @module
 */
export * from "../service/jobs/retry-backoff.js";
