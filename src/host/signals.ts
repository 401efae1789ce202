/**
 * What the reference host does with SIGTERM and SIGINT: the first stops it cleanly; a
 * later one, for a stop that hangs, ends the process at once. A terminal's Ctrl+C is sent
 * to the whole foreground process group, so under `npm start` the host receives it once
 * from the terminal and once more forwarded by npm; a signal that soon after the first is
 * the same request, not an impatient second one.
 *
 * @module
 */

/** Signals this soon after the first repeat it rather than insist. */
export const REPEATED_SIGNAL_WINDOW_MILLISECONDS = 1000;

/** What to do with a stop signal. */
export type SignalAction = "stop" | "ignore" | "exit";

/**
 * The action for a signal received at `nowMilliseconds`, given when the first one came
 * (undefined when this is the first).
 *
 * @example
 * ```ts
 * signalAction(undefined, 5000); // "stop"
 * signalAction(5000, 5010); // "ignore": npm forwarding the same Ctrl+C
 * signalAction(5000, 9000); // "exit"
 * ```
 */
export function signalAction(
  firstAtMilliseconds: number | undefined,
  nowMilliseconds: number,
): SignalAction {
  if (firstAtMilliseconds === undefined) return "stop";
  const elapsed = nowMilliseconds - firstAtMilliseconds;
  return elapsed < REPEATED_SIGNAL_WINDOW_MILLISECONDS ? "ignore" : "exit";
}
