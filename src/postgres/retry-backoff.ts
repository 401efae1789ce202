/**
 * The backoff of failed jobs, kept with the service so webhook deliveries retry the same
 * way; re-exported here where the worker's settings name it.
 *
 * @module
 */
export {
  JOB_RETRY_BACKOFF_DEFAULT,
  JOB_RETRY_BASE_MILLISECONDS,
  JOB_RETRY_CAP_MILLISECONDS,
  JOB_RETRY_FACTOR,
  jobRetryDelayMilliseconds,
  type RetryBackoff,
  retryCeilingMilliseconds,
} from "../service/jobs/retry-backoff.js";
