/**
 * Waking idle workers with `LISTEN`: one connection taken from the pool listens on the
 * schema's jobs channel, on which `enqueue` and `requeueDeadJobs` notify when they
 * commit. A lost connection (a restarted server, a failover, a killed backend) is
 * replaced after a short jittered backoff; notifications sent while nobody listened are
 * lost, so the worker is woken once the channel is listened to again, and its slow poll
 * covers whatever else goes missing.
 *
 * @module
 */
import type { Pool, PoolClient } from "pg";
import { jobRetryDelayMilliseconds, type RetryBackoff } from "./retry-backoff.js";
import type { PostgresSchema } from "./schema.js";

/** How soon a lost listening connection is replaced: up to 1 s, 2 s, 4 s... at most 30 s. */
export const LISTEN_RECONNECT_BACKOFF: RetryBackoff = {
  baseMilliseconds: 1000,
  factor: 2,
  capMilliseconds: 30_000,
};

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
export interface JobListener {
  /** Resolves once the first attempt to listen has ended, whether it listens or not. */
  readonly ready: Promise<void>;
  /** Stops listening and closes the connection (a listening one never goes back to the pool). */
  stop(): Promise<void>;
}

/**
 * Listens on `schema`'s jobs channel until stopped, reconnecting when the connection
 * is lost.
 */
export function listenForJobs(options: JobListenerOptions): JobListener {
  const random = options.random ?? Math.random;
  const listen = `LISTEN "${options.schema.jobsChannel}"`;
  let stopped = false;
  let client: PoolClient | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let connecting: Promise<void> = Promise.resolve();

  const onNotification = (): void => options.onWake();
  const drop = (lost: PoolClient): void => {
    lost.off("notification", onNotification);
    lost.off("error", onLost);
    lost.off("end", onLost);
    // A connection that listened must not serve other queries of the pool.
    lost.on("error", () => undefined);
    lost.release(true);
  };
  function onLost(error?: unknown): void {
    const lost = client;
    if (lost === undefined) return;
    client = undefined;
    drop(lost);
    if (stopped) return;
    options.onError(new Error("The connection listening for jobs was lost.", { cause: error }));
    scheduleConnect();
  }
  function scheduleConnect(): void {
    failures += 1;
    const delay = jobRetryDelayMilliseconds(failures, LISTEN_RECONNECT_BACKOFF, random);
    retry = setTimeout(() => {
      retry = undefined;
      connecting = connect(true);
    }, delay);
    retry.unref();
  }
  async function connect(again: boolean): Promise<void> {
    let taken: PoolClient | undefined;
    try {
      taken = await options.pool.connect();
      taken.on("error", onLost);
      taken.on("end", onLost);
      taken.on("notification", onNotification);
      client = taken;
      await taken.query(listen);
    } catch (error) {
      // A connection lost during LISTEN was already dropped, and its replacement
      // scheduled, by `onLost`.
      if (taken !== undefined && client !== taken) return;
      if (taken !== undefined) {
        client = undefined;
        drop(taken);
      }
      if (stopped) return;
      options.onError(error);
      scheduleConnect();
      return;
    }
    if (stopped) {
      onLost();
      return;
    }
    failures = 0;
    if (again) options.onWake();
  }

  connecting = connect(false);
  return {
    ready: connecting,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await connecting;
      onLost();
    },
  };
}
