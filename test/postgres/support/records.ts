/** Records for the store tests. */

import type { GenerationRecord, VideoRecord } from "reelkit";
import { toOrganizationId } from "../../../src/organization-id.js";

const CREATED = "2026-11-22T09:00:00.000Z";

/** A generation of organization `organizationId`. */
export function generation(id: string, organizationId = 1, creditsDeducted = 10): GenerationRecord {
  return {
    id,
    organizationId: toOrganizationId(organizationId),
    createdAt: CREATED,
    updatedAt: CREATED,
    type: "static_ad",
    prompt: `prompt of ${id}`,
    status: "generating",
    url: null,
    failure: null,
    holdId: id,
    creditsDeducted,
  };
}

/** An editor project without a timeline, enough for the store. */
export function editorProject(id: number, organizationId = 1): VideoRecord {
  return {
    id,
    organizationId: toOrganizationId(organizationId),
    createdAt: CREATED,
    updatedAt: CREATED,
    kind: "editor",
    title: `project ${id}`,
    status: "ready",
    url: null,
    failure: null,
    holdId: null,
    aspectRatio: "9:16",
    script: null,
    editor: null,
    instructions: [],
    version: 1,
  };
}
