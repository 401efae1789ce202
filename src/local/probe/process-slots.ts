/**
 * A bound on how many programs run at once: probes past it wait their turn, first come
 * first served, so a burst of uploads never starts more processes than the host allows.
 *
 * @module
 */

/** Hands out a fixed number of slots. */
export interface ProcessSlots {
  /** Runs `work` in a slot, waiting for one to free up first. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** Slots for `count` concurrent runs. */
export function createProcessSlots(count: number): ProcessSlots {
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new RangeError("The number of concurrent processes must be a positive integer.");
  }
  let free = count;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next === undefined) free += 1;
    else next();
  };
  return {
    async run(work) {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
