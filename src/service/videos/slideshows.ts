/**
 * POST /slideshows (spec 4.6) and GET /slideshows/{id} (spec 4.7), and the slideshow as
 * the wire shows it (spec 2.4): its status, the step its workflow is in, its slides (each
 * slide's stored picture and text) and the rendered video's URL once done.
 *
 * @module
 */
import { priceSlideshow } from "../../credits/price-products.js";
import { pricingApiError } from "../../credits/pricing.js";
import { apiError } from "../../errors/api-error.js";
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { SlideshowRecord, VideoRecord, WorkStatus } from "../../ports/records.js";
import type { GenerationError } from "../../schemas/generations.js";
import { createSlideshowRequestSchema, slideshowIdParamsSchema } from "../../schemas/slideshows.js";
import type { FacelessStep, SlideshowStep } from "../../vocabulary.js";
import { checkWorkspaceReferences } from "../catalog/workspace-references.js";
import { workErrorOf } from "../jobs/work.js";
import { parseInput } from "../pipeline/input.js";
import { runPaidRequest } from "../pipeline/paid.js";
import { failure, success } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { productStepOf, type SlideBody, slidesOf } from "../products/product-step.js";
import { queueSlideshow } from "./queue-slideshow.js";

/**
 * POST /slideshows: checks the brand kit, avatar and reference, holds the slideshow's
 * credits, and queues it with the video it renders into, once per idempotency key.
 */
export const createSlideshow: UseCaseFactory = authenticated("createSlideshow", async (call) => {
  const body = parseInput(createSlideshowRequestSchema, call.request.body, "body");
  if (!body.ok) return body.error;
  const request = body.value;
  const { deps, caller } = call;
  return runPaidRequest({
    ...call,
    action: async () => {
      const priced = priceSlideshow(request, deps.prices);
      if (!priced.ok) return failure(pricingApiError(priced.error));
      const references = await checkWorkspaceReferences(deps, caller.organization.id, request);
      if (!references.ok) return references.error;
      return queueSlideshow(deps, caller, { request, credits: priced.value.totalCredits });
    },
  });
});

/** GET /slideshows/{id}: the slideshow's status, its URL once completed, its failure. */
export const getSlideshow: UseCaseFactory = authenticated(
  "getSlideshow",
  async ({ deps, caller, request }) => {
    const params = parseInput(slideshowIdParamsSchema, request.pathParams, "path");
    if (!params.ok) return params.error;
    const organizationId = caller.organization.id;
    const record = await deps.stores.slideshows.get(organizationId, params.value.id);
    if (record === undefined) {
      return failure(apiError("not_found", `No slideshow has id ${params.value.id}.`));
    }
    return success(await readSlideshowBody(deps, organizationId, record));
  },
);

/** A slideshow as GET /slideshows/{id} shows it, with its failure and its video's slides. */
export async function readSlideshowBody(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  record: SlideshowRecord,
): Promise<SlideshowBody> {
  const error = await workErrorOf(deps, organizationId, record);
  const video = await deps.stores.videos.get(organizationId, record.videoId);
  return slideshowBodyOf(record, { error, video });
}

/** The response body of GET /slideshows/{id}. */
export interface SlideshowBody {
  /** Always `slideshow`. */
  readonly object: "slideshow";
  /** The slideshow id. */
  readonly id: string;
  /** The video the slideshow renders into; readable with GET /videos/{id}. */
  readonly video_id: number;
  /** `queued`, `generating`, `completed` or `error`. */
  readonly status: WorkStatus;
  /**
   * The workflow's step (an extension): `slides`, `visuals`, `project` or `render` while
   * queued or generating, the step that failed on `error`, `done` once completed.
   */
  readonly step: SlideshowStep | FacelessStep | "done" | null;
  /** Title of the slideshow. */
  readonly title: string;
  /** Number of slides. */
  readonly slide_count: number;
  /** Aspect ratio of the slides. */
  readonly aspect_ratio: string;
  /** The final URL once completed; null before. */
  readonly url: string | null;
  /** The slides planned so far, each with its stored picture and text (an extension). */
  readonly slides: readonly SlideBody[];
  /** The failure when status is `error`; null otherwise. */
  readonly error: GenerationError | null;
  /** When the slideshow was queued. */
  readonly created_at: string;
  /** When the slideshow last changed. */
  readonly updated_at: string;
}

/** What a slideshow's wire record reads besides the slideshow: its failure and its video. */
export interface SlideshowExtras {
  /** The failure details when the slideshow failed; null otherwise. */
  readonly error: GenerationError | null;
  /** The video the slides are built into; undefined when it is gone. */
  readonly video: VideoRecord | undefined;
}

/** A slideshow record as GET /slideshows/{id} shows it. */
export function slideshowBodyOf(
  record: SlideshowRecord,
  { error, video }: SlideshowExtras,
): SlideshowBody {
  return {
    object: "slideshow",
    id: record.id,
    video_id: record.videoId,
    status: record.status,
    step: video === undefined ? null : productStepOf(video),
    title: record.title,
    slide_count: record.slideCount,
    aspect_ratio: record.aspectRatio,
    url: record.status === "completed" ? record.url : null,
    slides: slidesOf(video),
    error: record.status === "error" ? error : null,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}
