/**
 * Queueing a checked slideshow (spec 2.4, 4.6): one hold whose id is the slideshow id,
 * a slideshow record and the video record its slides are built into (both `queued`; the
 * video keeps the workflow's progress), and one `slideshow` job that runs the workflow.
 * A job the queue refuses leaves both records in `error`, releases the hold and answers
 * 500.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { SlideshowRecord, VideoRecord } from "../../ports/records.js";
import type { CreateSlideshowRequest } from "../../schemas/slideshows.js";
import {
  jobInputOf,
  QUEUE_UNAVAILABLE_FAILURE,
  queueUnavailableError,
  tryEnqueue,
} from "../jobs/enqueue.js";
import { failWork } from "../jobs/work.js";
import type { Caller } from "../pipeline/authorize.js";
import type { PaidAnswer } from "../pipeline/paid.js";
import { failure, success } from "../pipeline/results.js";
import { newSlideshowProgress } from "../products/slideshow-workflow.js";
import { type PricedRequest, underOneHold } from "./one-hold.js";
import { titleOf, UNTITLED_SLIDESHOW } from "./titles.js";
import { renderedVideoRecord } from "./videos.js";

function slideshowJobInput(request: CreateSlideshowRequest, record: SlideshowRecord) {
  return jobInputOf({
    prompt: request.prompt,
    title: record.title,
    slide_count: record.slideCount,
    aspect_ratio: record.aspectRatio,
    video_id: record.videoId,
    product_image_urls: request.product_image_urls,
    avatar_id: request.avatar_id,
    avatar_image_url: request.avatar_image_url,
    brand_kit_id: request.brand_kit_id,
    custom_reference_inspiration_id: request.custom_reference_inspiration_id,
    language: request.language,
    product_context: request.product_context,
    generate_text_overlays: request.generate_text_overlays,
  });
}

async function markNotQueued(deps: ServiceDependencies, slideshow: SlideshowRecord): Promise<void> {
  const now = isoNow(deps.clock);
  const org = slideshow.organizationId;
  await deps.stores.slideshows.update(org, slideshow.id, failWork(QUEUE_UNAVAILABLE_FAILURE, now));
  await deps.stores.videos.update(
    org,
    slideshow.videoId,
    failWork<VideoRecord>(QUEUE_UNAVAILABLE_FAILURE, now),
  );
}

interface NewSlideshow {
  readonly id: string;
  readonly organizationId: OrganizationId;
  readonly videoId: number;
  readonly credits: number;
  readonly now: string;
}

function slideshowRecord(request: CreateSlideshowRequest, fields: NewSlideshow): SlideshowRecord {
  return {
    id: fields.id,
    organizationId: fields.organizationId,
    createdAt: fields.now,
    updatedAt: fields.now,
    videoId: fields.videoId,
    title: titleOf(request.title, request.prompt, UNTITLED_SLIDESHOW),
    slideCount: request.slide_count,
    aspectRatio: request.aspect_ratio,
    prompt: request.prompt,
    status: "queued",
    url: null,
    failure: null,
    holdId: fields.id,
    creditsDeducted: fields.credits,
  };
}

async function storeRecords(
  deps: ServiceDependencies,
  slideshow: SlideshowRecord,
  request: CreateSlideshowRequest,
): Promise<void> {
  const record = renderedVideoRecord({
    id: slideshow.videoId,
    organizationId: slideshow.organizationId,
    kind: "slideshow",
    title: slideshow.title,
    aspectRatio: request.aspect_ratio,
    holdId: slideshow.holdId,
    script: null,
    now: slideshow.createdAt,
  });
  const video: VideoRecord = {
    ...record,
    workflow: newSlideshowProgress(request.generate_text_overlays),
  };
  await deps.stores.videos.insert([video]);
  await deps.stores.slideshows.insert([slideshow]);
}

/** Charges, stores and queues a checked slideshow; answers its creation result. */
export async function queueSlideshow(
  deps: ServiceDependencies,
  caller: Caller,
  { request, credits }: PricedRequest<CreateSlideshowRequest>,
): Promise<PaidAnswer> {
  const id = deps.ids.uuid();
  return underOneHold(deps, caller, {
    hold: { holdId: id, amount: credits },
    work: async (balance) => {
      const organizationId = caller.organization.id;
      const videoId = await deps.stores.videos.nextId(organizationId);
      const now = isoNow(deps.clock);
      const slideshow = slideshowRecord(request, { id, organizationId, videoId, credits, now });
      await storeRecords(deps, slideshow, request);
      const queued = await tryEnqueue(deps, {
        id: deps.ids.uuid(),
        kind: "slideshow",
        organizationId,
        resourceId: id,
        holdId: id,
        input: slideshowJobInput(request, slideshow),
      });
      if (!queued) {
        await markNotQueued(deps, slideshow);
        return failure(queueUnavailableError("slideshow"));
      }
      return success({
        object: "slideshow_generation",
        status: "queued",
        slideshow_id: id,
        video_id: videoId,
        title: slideshow.title,
        slide_count: slideshow.slideCount,
        credits_deducted: credits,
        remaining_credits: balance.available,
      });
    },
  });
}
