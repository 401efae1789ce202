/**
 * Job inputs are plain JSON (the queue may serialize them), so fields a request left out
 * are dropped rather than carried as `undefined`.
 *
 * @module
 */

/** The fields whose value is defined, as a job input. */
export function jobInputOf(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
