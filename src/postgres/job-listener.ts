/**
 * Waking idle workers with `LISTEN`: one connection taken from the pool listens on the
 * schema's jobs channel, on which `enqueue` and `requeueDeadJobs` notify when they
 * commit. Notifications sent while the connection was being replaced are lost, so the
 * worker is woken once the channel is listened to again, and its slow poll covers
 * whatever else goes missing.
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
  /** The schema whose jobs channel to listen on. */
  readonly schema: PostgresSchema;
  /** Called for each notification, and after listening again following a loss. */
  readonly onWake: () => void;
  /** Told when listening fails or its connection is lost. */
  readonly onError: (error: unknown) => void;
  /** The reconnection jitter's source of numbers in `[0, 1)`; `Math.random` by default. */
  readonly random?: () => number;
}

/** A connection listening for jobs. */
export type JobListener = NotificationListener;

/**
 * Listens on `schema`'s jobs channel until stopped, reconnecting when the connection
 * is lost.
 */
export function listenForJobs(options: JobListenerOptions): JobListener {
  return listenForNotifications({
    pool: options.pool,
    channel: options.schema.jobsChannel,
    purpose: "jobs",
    onNotification: options.onWake,
    onListening: (again) => {
      if (again) options.onWake();
    },
    onError: options.onError,
    ...(options.random === undefined ? {} : { random: options.random }),
  });
}
