/**
 * A `bad_request` about fields of a request body that parsed but does not fit the
 * workspace (an unknown target, a media kind the target refuses), shaped like a failed
 * parse so clients read every 400 the same way.
 *
 * @module
 */
import { type ApiError, apiError } from "../../errors/api-error.js";
import type { FieldIssue } from "../../errors/validation.js";

/** One field a {@link bodyFieldError} names, with what is wrong with it. */
export interface BodyFieldProblem {
  /** Dotted path of the field, such as `template_slug`. */
  readonly path: string;
  /** What is wrong with it. */
  readonly message: string;
}

/**
 * The 400 naming body fields: `context.location` is `body` and `context.fields` lists
 * each field with the issue `invalid_value`.
 *
 * @example
 * ```ts
 * bodyFieldError("No such target.", [{ path: "template_slug", message: "Unknown target." }]);
 * // { code: "bad_request", context: { location: "body", fields: [{ path: "template_slug", ... }] } }
 * ```
 */
export function bodyFieldError(message: string, problems: readonly BodyFieldProblem[]): ApiError {
  const fields: FieldIssue[] = problems.map((problem) => ({
    path: problem.path,
    message: problem.message,
    issue: "invalid_value",
  }));
  return apiError("bad_request", message, { context: { location: "body", fields } });
}
