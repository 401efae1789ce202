/**
 * The one shape of an expected outcome: a value, or the failure that prevented it. Every
 * room that can fail in a way its caller handles (the editor engine, pricing, the
 * service pipeline, the adapters) answers a {@link Result}, told apart by `ok` alone, as
 * zod's `safeParse` is by `success`.
 *
 * @module
 */

/** A success carrying its value. */
export interface Ok<Value> {
  /** Always `true`: the outcome succeeded. */
  readonly ok: true;
  /** What the step produced. */
  readonly value: Value;
}

/** A failure carrying what went wrong, as a value the caller handles. */
export interface Err<Failure> {
  /** Always `false`: the outcome failed. */
  readonly ok: false;
  /** Why, from a closed set the producer documents. */
  readonly error: Failure;
}

/**
 * A value, or the expected failure that prevented it; narrowed by `ok` only.
 *
 * @example
 * ```ts
 * import type { Result } from "reelkit";
 *
 * function half(n: number): Result<number, "odd"> {
 *   return n % 2 === 0 ? { ok: true, value: n / 2 } : { ok: false, error: "odd" };
 * }
 * const outcome = half(6);
 * if (outcome.ok) console.log(outcome.value); // 3
 * ```
 */
export type Result<Value, Failure> = Ok<Value> | Err<Failure>;

/** A success carrying `value`. */
export function ok<Value>(value: Value): Ok<Value> {
  return { ok: true, value };
}

/** A failure carrying `error`. */
export function err<Failure>(error: Failure): Err<Failure> {
  return { ok: false, error };
}
