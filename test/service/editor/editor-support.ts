/**
 * Helpers of the editor tests: creating projects, reading them back, and putting My Media
 * items straight into the store.
 */

import type { MediaRecord } from "reelkit";
import type { OrganizationId } from "../../../src/organization-id.js";
import { countingUuid, type Harness, KEYS, ORGS } from "../support/harness.js";

/** Creates an editor project through the API and returns its id. */
export async function createProject(
  harness: Harness,
  body: Record<string, unknown> = { title: "Launch" },
  key: string = KEYS.acme,
): Promise<number> {
  const response = await harness.call("POST", "/editor/videos", { key, body });
  if (response.status !== 200) throw new Error(`create failed: ${JSON.stringify(response.body)}`);
  return response.body.video.id as number;
}

/** Reads a project through the API (the `video` record). */
export async function readProject(harness: Harness, id: number, key: string = KEYS.acme) {
  const response = await harness.call("GET", `/editor/videos/${id}`, { key });
  if (response.status !== 200) throw new Error(`get failed: ${JSON.stringify(response.body)}`);
  return response.body.video;
}

/** Sends a PATCH with the given body. */
export function patchProject(
  harness: Harness,
  id: number,
  body: unknown,
  options: { key?: string; headers?: Record<string, string> } = {},
) {
  return harness.call("PATCH", `/editor/videos/${id}`, {
    key: options.key ?? KEYS.acme,
    body,
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
}

/** The stored version of a project (not on the wire). */
export async function storedVersion(
  harness: Harness,
  id: number,
  orgId: OrganizationId = ORGS.acme,
) {
  return (await harness.deps.stores.videos.get(orgId, id))?.version;
}

/** What {@link insertMedia} may set. */
export interface MediaFields {
  readonly organizationId?: OrganizationId;
  readonly media_type?: "image" | "video" | "audio" | "voice";
  readonly url?: string;
  readonly filename?: string;
  readonly status?: string;
  readonly metadata?: Record<string, unknown>;
}

/** Inserts a My Media item directly into the store and returns its id. */
export async function insertMedia(harness: Harness, fields: MediaFields = {}): Promise<string> {
  const id = countingUuid();
  const now = "2026-11-22T09:00:00.000Z";
  const record: MediaRecord = {
    media: {
      id,
      media_type: fields.media_type ?? "video",
      url: fields.url ?? `https://cdn.example.com/media/${id}.mp4`,
      filename: fields.filename ?? "clip.mp4",
      status: fields.status ?? "completed",
      metadata: fields.metadata ?? {},
      created_at: now,
      updated_at: now,
    },
    organizationId: fields.organizationId ?? ORGS.acme,
    objectKey: null,
    searchText: (fields.filename ?? "clip.mp4").toLowerCase(),
  };
  await harness.deps.stores.media.insert([record]);
  return id;
}

export { CDN_MEDIA } from "../support/cdn-media.js";
