/**
 * The preconditions of editor revisions (an extension of spec 4.13 and 4.14): the entity
 * tag of a revision, `If-None-Match` on reads, and `If-Match` or `expected_revision` on
 * changes. A change whose precondition names a revision other than the latest answers
 * 409 `revision_conflict` with `context.current_revision` and changes nothing.
 *
 * @module
 */
import { type ApiError, apiError } from "../../errors/api-error.js";
import type { ServiceRequest } from "../../ports/contract.js";
import type { RevisionActor } from "../../ports/revisions.js";
import { halt, proceed, type Step } from "../pipeline/results.js";

/**
 * The entity tag of a project at `revision`, as the `ETag` header carries it.
 *
 * @example
 * ```ts
 * revisionEtag(7); // "\"rev-7\""
 * ```
 */
export function revisionEtag(revision: number): string {
  return `"rev-${revision}"`;
}

/** The `ETag` header of an answer about a project at `revision`. */
export function etagHeader(revision: number): Readonly<Record<string, string>> {
  return { etag: revisionEtag(revision) };
}

const TAG = /^\s*(W\/)?"rev-(0|[1-9][0-9]{0,8})"\s*$/;

// One entity tag of a list: the revision it names, and whether it is weak (`W/"rev-3"`).
interface RevisionTag {
  readonly revision: number;
  readonly weak: boolean;
}

// The tags a list names; undefined for `*`, null when malformed.
function revisionTags(header: string): readonly RevisionTag[] | undefined | null {
  if (header.trim() === "*") return undefined;
  const tags: RevisionTag[] = [];
  for (const part of header.split(",")) {
    const match = TAG.exec(part);
    if (match === null) return null;
    tags.push({ revision: Number(match[2]), weak: match[1] !== undefined });
  }
  return tags;
}

/**
 * True when `If-None-Match` names the project's entity tag at `revision` (or is `*`), so
 * the client already holds the answer. Weak comparison, as RFC 9110 asks: `W/"rev-3"`
 * matches revision 3; a tag in another form never matches.
 */
export function holdsRevision(ifNoneMatch: string | undefined, revision: number): boolean {
  if (ifNoneMatch === undefined) return false;
  const tags = revisionTags(ifNoneMatch);
  if (tags === null) return false;
  return tags === undefined || tags.some((tag) => tag.revision === revision);
}

/** The revisions a change accepts to apply on; `undefined` accepts any (the latest). */
export type RevisionCondition = readonly number[] | undefined;

function malformedIfMatch(): ApiError {
  return apiError(
    "bad_request",
    'If-Match must be "*" or entity tags from an ETag header, such as "rev-3".',
    {
      context: {
        location: "header",
        fields: [
          { path: "If-Match", message: "Not an entity tag of this API.", issue: "invalid_format" },
        ],
      },
    },
  );
}

/**
 * The condition of a change: the revisions `If-Match` names, narrowed by the body's
 * `expected_revision`. `If-Match` compares strongly, as RFC 9110 requires: a weak tag
 * (`W/"rev-3"`) never matches, so a header of weak tags only leaves no revision to apply
 * on (a 409 `revision_conflict`). A malformed `If-Match` is a 400 naming the header.
 */
export function revisionConditionOf(
  request: Pick<ServiceRequest, "ifMatch">,
  expectedRevision: number | undefined,
): Step<RevisionCondition> {
  const tags = request.ifMatch === undefined ? undefined : revisionTags(request.ifMatch);
  if (tags === null) return halt(malformedIfMatch());
  const tagged = tags?.filter((tag) => !tag.weak).map((tag) => tag.revision);
  if (expectedRevision === undefined) return proceed(tagged);
  return proceed(
    tagged === undefined || tagged.includes(expectedRevision) ? [expectedRevision] : [],
  );
}

/** True when a project at `current` meets the condition. */
export function meetsCondition(condition: RevisionCondition, current: number): boolean {
  return condition === undefined || condition.includes(current);
}

/** The 409 of a change whose precondition names a revision other than the latest. */
export function revisionConflict(current: number, condition: RevisionCondition): ApiError {
  const expected = condition?.length === 1 ? condition[0] : undefined;
  return apiError(
    "revision_conflict",
    `The project is at revision ${current}${expected === undefined ? "" : `, not ${expected}`}; nothing was changed. Read it again and decide on the latest revision.`,
    {
      context: {
        current_revision: current,
        ...(expected === undefined ? {} : { expected_revision: expected }),
      },
    },
  );
}

/** Who made an edit, by the adapter that carried its request. */
export function editActorOf(request: Pick<ServiceRequest, "channel">): RevisionActor {
  return request.channel === "mcp" ? "mcp" : "api";
}
