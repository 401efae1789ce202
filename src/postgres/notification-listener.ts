/**
 * One connection taken from the pool listening on `NOTIFY` channels, replaced after a
 * short jittered backoff when it is lost (a restarted server, a failover, a killed
 * backend). Notifications sent while nobody listened are lost, so the owner is told when
 * listening starts and when it stops, and decides what a gap means: idle workers look at
 * the outbox again, the API key cache stops trusting what it holds.
 *
 * @module
 */
import type { Pool, PoolClient } from "pg";
import { jobRetryDelayMilliseconds, type RetryBackoff } from "../ports/retry-backoff.js";

/** How soon a lost listening connection is replaced: up to 1 s, 2 s, 4 s... at most 30 s. */
export const LISTEN_RECONNECT_BACKOFF: RetryBackoff = {
  baseMilliseconds: 1000,
  factor: 2,
  capMilliseconds: 30_000,
};

/** A notification as it arrived. */
export interface ChannelNotification {
  /** The channel it was sent on. */
  readonly channel: string;
  /** Its payload; empty when none was sent. */
  readonly payload: string;
}

/** What {@link listenForNotifications} needs. */
export interface NotificationListenerOptions {
  /** The pool to take the listening connection from; it keeps it until stopped. */
  readonly pool: Pool;
  /** The channels to listen on, all on the one connection. */
  readonly channels: readonly string[];
  /** Called for each notification. */
  readonly onNotification: (notification: ChannelNotification) => void;
  /**
   * Called once `LISTEN` is acknowledged; `again` is true when it follows a loss, so
   * notifications sent meanwhile were missed.
   */
  readonly onListening?: (again: boolean) => void;
  /**
   * Called as soon as the connection is known to be lost, or listening failed, before
   * {@link onError} and before a new connection is tried.
   */
  readonly onLost?: () => void;
  /** Told when listening fails or its connection is lost. */
  readonly onError: (error: unknown) => void;
  /** Names what listens, in the error of a lost connection ("jobs", "API key changes"). */
  readonly purpose: string;
  /** The reconnection jitter's source of numbers in `[0, 1)`; `Math.random` by default. */
  readonly random?: () => number;
}

/** A connection listening on a channel. */
export interface NotificationListener {
  /** Resolves once the first attempt to listen has ended, whether it listens or not. */
  readonly ready: Promise<void>;
  /**
   * Stops listening and closes the connection (a listening one never goes back to the
   * pool). Resolves once the connection is closed, so the server no longer lists it.
   */
  stop(): Promise<void>;
}

/** Listens on `channels` until stopped, reconnecting when the connection is lost. */
export function listenForNotifications(options: NotificationListenerOptions): NotificationListener {
  const random = options.random ?? Math.random;
  // Channel names are built from a checked schema name, so they need no escaping beyond
  // the quotes that keep their dot and case. One round trip listens on them all.
  const listen = options.channels.map((channel) => `LISTEN "${channel}"`).join("; ");
  let stopped = false;
  let client: PoolClient | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let connecting: Promise<void> = Promise.resolve();
  // The last dropped connection's closing, which `stop` waits for.
  let closed: Promise<void> = Promise.resolve();

  const onNotification = (message: { channel: string; payload?: string }): void =>
    options.onNotification({ channel: message.channel, payload: message.payload ?? "" });
  const drop = (lost: PoolClient): void => {
    lost.off("notification", onNotification);
    lost.off("error", onLost);
    lost.off("end", onLost);
    // A connection that listened must not serve other queries of the pool.
    lost.on("error", () => undefined);
    // The pool announces a removed connection once its socket has closed, which the
    // server does only after taking the backend out of `pg_stat_activity`; it announces
    // it at once when the connection had already ended.
    closed = new Promise((resolve) => {
      const onRemove = (removed: PoolClient): void => {
        if (removed !== lost) return;
        options.pool.off("remove", onRemove);
        resolve();
      };
      options.pool.on("remove", onRemove);
    });
    lost.release(true);
  };
  function onLost(error?: unknown): void {
    const lost = client;
    if (lost === undefined) return;
    client = undefined;
    drop(lost);
    options.onLost?.();
    if (stopped) return;
    options.onError(
      new Error(`The connection listening for ${options.purpose} was lost.`, { cause: error }),
    );
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
      options.onLost?.();
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
    options.onListening?.(again);
  }

  connecting = connect(false);
  return {
    ready: connecting,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await connecting;
      onLost();
      await closed;
    },
  };
}
