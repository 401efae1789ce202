/**
 * A renderer's slots: at most `concurrency` renders at once, at most `queueMax` waiting,
 * first come first served; a waiting render leaves the queue when its signal aborts.
 *
 * @module
 */

/** Frees a slot; safe to call more than once. */
export type ReleaseSlot = () => void;

/** Why no slot was given. */
export type SlotRefusal = "busy" | "aborted";

interface Waiter {
  readonly grant: (release: ReleaseSlot) => void;
}

/** Counts running renders and queues the rest. */
export class RenderSlots {
  #running = 0;
  readonly #waiting: Waiter[] = [];
  readonly #concurrency: number;
  readonly #queueMax: number;

  /** Slots for `concurrency` renders at once and `queueMax` waiting. */
  constructor(concurrency: number, queueMax: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`concurrency must be a positive integer, got ${concurrency}.`);
    }
    this.#concurrency = concurrency;
    this.#queueMax = queueMax;
  }

  /** A slot once one is free, or why none will be given. */
  acquire(signal: AbortSignal | undefined): Promise<ReleaseSlot | SlotRefusal> {
    if (signal?.aborted) return Promise.resolve("aborted");
    if (this.#running < this.#concurrency) return Promise.resolve(this.#take());
    if (this.#waiting.length >= this.#queueMax) return Promise.resolve("busy");
    return new Promise((resolve) => {
      const onAbort = () => {
        const index = this.#waiting.indexOf(waiter);
        if (index >= 0) this.#waiting.splice(index, 1);
        resolve("aborted");
      };
      const waiter: Waiter = {
        grant: (release) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(release);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  #take(): ReleaseSlot {
    this.#running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running -= 1;
      const next = this.#waiting.shift();
      if (next !== undefined) next.grant(this.#take());
    };
  }
}
