/**
 * Helpers of the generation, slideshow and video tests: paid POSTs with an idempotency
 * key, and My Media items, reference inspirations and editor projects put straight into
 * the stores (their own endpoints are tested elsewhere).
 */

import type { MediaRecord, ReferenceRecord, VideoRecord } from "reelkit";
import { createEditorState } from "reelkit/editor";
import type { MediaType } from "reelkit/schemas";
import type { OrganizationId } from "../../../src/organization-id.js";
import {
  countingUuid,
  type Harness,
  type HarnessResponse,
  KEYS,
  ORGS,
} from "../support/harness.js";

/** When the harness clock starts. */
export const START = "2026-11-22T09:00:00.000Z";

/** A UUID v4 that no store holds. */
export const MISSING_UUID = "11111111-2222-4333-8444-555555555555";

/** Options of {@link post}. */
export interface PostOptions {
  readonly key?: string;
  readonly idempotencyKey?: string;
}

/** POSTs a JSON body as acme (or `key`), with an `Idempotency-Key` header when given. */
export function post(
  harness: Harness,
  path: string,
  body: unknown,
  options: PostOptions = {},
): Promise<HarnessResponse> {
  const headers: Record<string, string> =
    options.idempotencyKey === undefined ? {} : { "Idempotency-Key": options.idempotencyKey };
  return harness.call("POST", path, { key: options.key ?? KEYS.acme, body, headers });
}

/** GETs a path as acme (or `key`). */
export function get(
  harness: Harness,
  path: string,
  key: string = KEYS.acme,
): Promise<HarnessResponse> {
  return harness.call("GET", path, { key });
}

/** Settings of {@link putMedia}. */
export interface MediaSettings {
  readonly organizationId?: OrganizationId;
  readonly mediaType?: MediaType;
  readonly status?: string;
}

/** Puts a My Media item into the store; returns it. */
export async function putMedia(
  harness: Harness,
  settings: MediaSettings = {},
): Promise<MediaRecord> {
  const id = countingUuid();
  const mediaType = settings.mediaType ?? "image";
  const record: MediaRecord = {
    media: {
      id,
      media_type: mediaType,
      url: `https://cdn.example.com/media/${id}.${mediaType === "image" ? "png" : "mp4"}`,
      filename: `${id}.bin`,
      status: settings.status ?? "completed",
      metadata: {},
      created_at: START,
      updated_at: START,
    },
    organizationId: settings.organizationId ?? ORGS.acme,
    objectKey: null,
    searchText: "",
  };
  await harness.deps.stores.media.insert([record]);
  return record;
}

/** Puts a reference inspiration into the store; returns its id. */
export async function putReference(
  harness: Harness,
  settings: { readonly organizationId?: OrganizationId; readonly analysisStatus?: string } = {},
): Promise<string> {
  const id = countingUuid();
  const record: ReferenceRecord = {
    reference: {
      id,
      organization_id: settings.organizationId ?? ORGS.acme,
      template_slug: "product-hero",
      template_category: "static-ads",
      media_kind: "image",
      visibility: "private",
      label: "Look",
      preview_image_url: null,
      video_url: null,
      media_urls: ["https://cdn.example.com/look.png"],
      analysis_status: settings.analysisStatus ?? "ready",
      analysis_error: null,
      public_approval_status: "not_requested",
      created_at: START,
    },
    holdId: countingUuid(),
    creditsDeducted: 30,
  };
  await harness.deps.stores.references.insert([record]);
  return id;
}

/** Puts an editor project of acme into the store; returns its id. */
export async function putEditorProject(harness: Harness, title: string): Promise<number> {
  const id = await harness.deps.stores.videos.nextId(ORGS.acme);
  const record: VideoRecord = {
    id,
    organizationId: ORGS.acme,
    createdAt: START,
    updatedAt: START,
    kind: "editor",
    title,
    status: "ready",
    url: null,
    failure: null,
    holdId: null,
    aspectRatio: "9:16",
    script: null,
    editor: createEditorState({ title }),
    instructions: [],
    version: 0,
  };
  await harness.deps.stores.videos.insert([record]);
  return id;
}

/** A static ad request of `count` generations at 20 credits each. */
export function staticAd(prompt = "A sunlit kitchen counter with our cold brew", count = 1) {
  return { type: "static_ad", template_slug: "product-hero", prompt, request_count: count };
}
