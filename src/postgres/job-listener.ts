/**
 * Waking idle workers with `LISTEN`: one connection taken from the pool listens on the
 * schema's jobs channel, on which `enqueue` and `requeueDeadJobs` notify when they
 * commit, and on its job cancels channel, on which a cancelled job's id arrives.
 * Notifications sent while the connection was being replaced are lost, so the worker is
 * woken once the channels are listened to again; its slow poll covers the jobs that went
 * missing, and claim renewals the cancellations.
 *
 * @module
 */
import type { Pool } from "pg";
import { listenForNotifications, type NotificationListener } from "./notification-listener.js";
import type { PostgresSchema } from "./schema.js";

/** What {@link listenForJobs} needs. */
export interface JobListenerOptions {
  /** The pool to take the listening connection from; it keeps it until stopped. */
  readonly pool: Pool;
  /** The schema whose channels to listen on. */
  readonly schema: PostgresSchema;
  /** Called for each job notification, and after listening again following a loss. */
  readonly onWake: () => void;
  /** Called with the id of each job whose work is no longer wanted. */
  readonly onCancel: (jobId: string) => void;
  /** Told when listening fails or its connection is lost. */
  readonly onError: (error: unknown) => void;
  /** The reconnection jitter's source of numbers in `[0, 1)`; `Math.random` by default. */
  readonly random?: () => number;
}

/** A connection listening for jobs. */
export type JobListener = NotificationListener;

/**
 * Listens on `schema`'s jobs and job cancels channels until stopped, reconnecting when
 * the connection is lost.
 */
export function listenForJobs(options: JobListenerOptions): JobListener {
  const { jobsChannel, jobCancelsChannel } = options.schema;
  return listenForNotifications({
    pool: options.pool,
    channels: [jobsChannel, jobCancelsChannel],
    purpose: "jobs",
    onNotification: ({ channel, payload }) => {
      if (channel === jobCancelsChannel) options.onCancel(payload);
      else options.onWake();
    },
    onListening: (again) => {
      if (again) options.onWake();
    },
    onError: options.onError,
    ...(options.random === undefined ? {} : { random: options.random }),
  });
}
