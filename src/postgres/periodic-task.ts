/**
 * Maintenance a worker repeats at a slow cadence (releasing abandoned holds, pruning the
 * outbox): one run at a time, never keeping the process alive, and awaited on stop so
 * nothing touches the pool after its owner closes it.
 *
 * @module
 */

/** A task repeated on an interval. */
export interface PeriodicTask {
  /** Stops repeating and resolves once a run in progress has ended. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMilliseconds` (the first time one interval after the
 * start), skipping a turn while the previous run is still going; never when the interval
 * is 0. Errors go to `onError`.
 */
export function startPeriodicTask(
  intervalMilliseconds: number,
  run: () => Promise<unknown>,
  onError: (error: unknown) => void,
): PeriodicTask {
  if (intervalMilliseconds <= 0) return { stop: async () => undefined };
  let current: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    current ??= run()
      .catch(onError)
      .finally(() => {
        current = undefined;
      });
  }, intervalMilliseconds);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
