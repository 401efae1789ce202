/**
 * The unit-of-work port: store calls made inside one unit commit together or not at
 * all. A paid request runs its credit hold, its records, its queued job and its stored
 * idempotent response as one unit, so a failure at any step leaves no charge and no job
 * behind. PostgreSQL stores provide it as a database transaction; stores without one
 * leave it out, and the service then runs the steps one after another.
 *
 * @module
 */

/** Runs work whose store calls commit together. */
export interface UnitOfWork {
  /**
   * Runs `work` as one unit. It may run `work` again after a transient conflict, so
   * effects outside the stores must be safe to repeat.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
}
