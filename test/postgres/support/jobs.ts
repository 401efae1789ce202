/** Jobs for the outbox tests. */

import type { Job } from "reelkit";
import { toOrganizationId } from "../../../src/organization-id.js";

/** A generation job of organization 1 whose hold has the job's id. */
export function job(id: string, organizationId = 1): Job {
  const owner = toOrganizationId(organizationId);
  return {
    id,
    kind: "generation",
    organizationId: owner,
    resourceId: id,
    holdId: id,
    input: { n: id },
  };
}

/** Resolves after `milliseconds`. */
export const sleep = (milliseconds: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, milliseconds));
