/**
 * The clock port. Nothing in the core reads `Date.now()` directly: time arrives through a
 * {@link Clock}, so tests can fix it and move it by hand.
 *
 * @module
 */

/** A source of the current time. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** The real clock, backed by `Date.now()`. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to; for tests and simulations. */
export interface ManualClock extends Clock {
  /** Moves the clock forward by `milliseconds` (never backwards). */
  advance(milliseconds: number): void;
  /** Sets the clock to `epochMilliseconds`. */
  set(epochMilliseconds: number): void;
}

/**
 * Creates a {@link ManualClock} that starts at `startEpochMilliseconds`.
 *
 * @example
 * ```ts
 * const clock = createManualClock(Date.UTC(2026, 0, 1));
 * clock.advance(1000);
 * new Date(clock.now()).toISOString(); // "2026-01-01T00:00:01.000Z"
 * ```
 */
export function createManualClock(startEpochMilliseconds = 0): ManualClock {
  let current = startEpochMilliseconds;
  return {
    now: () => current,
    advance(milliseconds) {
      if (milliseconds < 0) throw new RangeError("A manual clock never moves backwards.");
      current += milliseconds;
    },
    set(epochMilliseconds) {
      current = epochMilliseconds;
    },
  };
}

/** The clock's current time as an ISO 8601 UTC string. */
export function isoNow(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}
