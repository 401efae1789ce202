/**
 * Time limits for a download as abort signals, and a way to wait for any step (a DNS
 * answer, a connection, the next body chunk) without waiting past its limit, whether or
 * not the step itself listens to the signal.
 *
 * @module
 */
import type { TimeoutRefusal } from "./url-fetcher.js";

/** One time limit: which phase it bounds and how long it is. */
export interface TimeLimit {
  /** `response`: until response headers arrive; `transfer`: the whole download. */
  readonly phase: TimeoutRefusal["phase"];
  /** How long the phase may take. */
  readonly timeoutMilliseconds: number;
}

/** A running time limit. */
export interface Deadline {
  /** Aborts, with the {@link TimeLimit} as its reason, when this limit or its parent runs out. */
  readonly signal: AbortSignal;
  /** Stops this limit's own timer; the parent limit still applies. */
  stopTimer(): void;
  /** Stops the timer and detaches from the parent. */
  dispose(): void;
}

/** Starts a time limit, nested inside `parent` when given so it also ends with it. */
export function startDeadline(limit: TimeLimit, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(limit), limit.timeoutMilliseconds);
  const followParent = () => controller.abort(parent?.reason);
  if (parent?.aborted === true) followParent();
  else parent?.addEventListener("abort", followParent, { once: true });
  return {
    signal: controller.signal,
    stopTimer: () => clearTimeout(timer),
    dispose() {
      clearTimeout(timer);
      parent?.removeEventListener("abort", followParent);
    },
  };
}

function isTimeLimit(value: unknown): value is TimeLimit {
  return (
    typeof value === "object" &&
    value !== null &&
    "phase" in value &&
    "timeoutMilliseconds" in value
  );
}

/** The refusal for a signal aborted by a {@link Deadline}. */
export function timeoutRefusal(signal: AbortSignal): TimeoutRefusal {
  const limit = signal.reason;
  // Only deadlines abort these signals; anything else is a bug in the fetcher.
  if (!isTimeLimit(limit)) throw new Error("A download signal was aborted without a time limit.");
  const what = limit.phase === "response" ? "did not answer" : "did not finish downloading";
  return {
    reason: "timeout",
    message: `The URL ${what} within ${limit.timeoutMilliseconds} ms.`,
    phase: limit.phase,
    timeoutMilliseconds: limit.timeoutMilliseconds,
  };
}

/** How a step ended: with a value, with an error, or cut off by a time limit. */
export type Settled<T> =
  | { readonly kind: "value"; readonly value: T }
  | { readonly kind: "error"; readonly error: unknown }
  | { readonly kind: "timeout"; readonly refusal: TimeoutRefusal };

/** Waits for `work`, but no longer than `signal` allows; never rejects. */
export function settleWithin<T>(work: Promise<T>, signal: AbortSignal): Promise<Settled<T>> {
  return new Promise((resolve) => {
    const onAbort = () => resolve({ kind: "timeout", refusal: timeoutRefusal(signal) });
    if (signal.aborted) {
      work.catch(() => undefined);
      onAbort();
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve({ kind: "value", value });
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        resolve(
          signal.aborted
            ? { kind: "timeout", refusal: timeoutRefusal(signal) }
            : { kind: "error", error },
        );
      },
    );
  });
}
