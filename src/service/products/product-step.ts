/**
 * How a product's progress reads on the wire: the step its workflow is in, and the
 * slides of a slideshow.
 *
 * @module
 */

import type { VideoRecord } from "../../ports/records.js";
import type { FacelessStep, SlideshowStep } from "../../vocabulary.js";
import { FACELESS_WORKFLOW } from "./faceless-workflow.js";
import type { FacelessVideo, SlideshowVideo } from "./product-record.js";
import { SLIDESHOW_WORKFLOW } from "./slideshow-workflow.js";
import { currentStep } from "./step-runner.js";

/**
 * The step of a product video's workflow: the one running or next to run (`scenes` for a
 * queued faceless video, `slides` for a queued slideshow), the one that failed, or `done`;
 * null for a video without a workflow (an editor project).
 */
export function productStepOf(video: VideoRecord): FacelessStep | SlideshowStep | "done" | null {
  const workflow = video.workflow;
  if (workflow === undefined) return null;
  return workflow.kind === "faceless_video"
    ? currentStep(FACELESS_WORKFLOW.steps, video as FacelessVideo)
    : currentStep(SLIDESHOW_WORKFLOW.steps, video as SlideshowVideo);
}

/** One slide as GET /slideshows/{id} reports it. */
export interface SlideBody {
  /** The slide's number, from 1. */
  readonly number: number;
  /** The stored picture of the slide; null until generated. */
  readonly image_url: string | null;
  /** The slide's text overlay; null without overlays or until planned. */
  readonly text: string | null;
}

/** The slides of a slideshow's video, planned or generated so far; empty before. */
export function slidesOf(video: VideoRecord | undefined): SlideBody[] {
  const workflow = video?.workflow;
  if (workflow?.kind !== "slideshow" || workflow.slides === null) return [];
  return workflow.slides.map((slide, index) => ({
    number: index + 1,
    image_url: workflow.visuals[index]?.url ?? null,
    text: workflow.textOverlays ? slide.headline : null,
  }));
}
