/**
 * Queueing a checked faceless video (spec 2.5, 4.8): one hold, the script (the given one,
 * or one written from the prompt once the credits are held, sized to the duration at the
 * voice's pace), a `queued` video record that keeps the script and the workflow's
 * progress, and one `faceless_video` job that runs the workflow. A job the queue refuses
 * leaves the record in `error`, releases the hold and answers 500.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { VideoRecord } from "../../ports/records.js";
import type { CreateFacelessVideoRequest } from "../../schemas/faceless-videos.js";
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
import { newFacelessProgress } from "../products/faceless-workflow.js";
import { fittedScript } from "../products/narration-size.js";
import { type PricedRequest, underOneHold } from "./one-hold.js";
import { titleOf, UNTITLED_FACELESS_VIDEO } from "./titles.js";
import { renderedVideoRecord } from "./videos.js";

/** True when the text has anything besides white space. */
export function hasText(text: string | undefined): text is string {
  return text !== undefined && text.trim() !== "";
}

/** A checked faceless video: its request, its price and its voice's pace. */
export interface PricedFacelessVideo extends PricedRequest<CreateFacelessVideoRequest> {
  /** Spoken words per second of the chosen voice. */
  readonly wordsPerSecond: number;
}

// The given script is narrated as is (the use case checked that one voiceover holds it);
// without one the script writer drafts it from the prompt, which the use case has already
// required, and a draft longer than a voiceover holds keeps its whole sentences that fit.
async function scriptOf(deps: ServiceDependencies, priced: PricedFacelessVideo): Promise<string> {
  const { request, wordsPerSecond } = priced;
  if (hasText(request.script)) return request.script;
  const written = await deps.scriptWriter.write({
    prompt: request.prompt ?? "",
    durationSeconds: Number(request.duration),
    language: request.language,
    wordsPerSecond,
  });
  return fittedScript(written);
}

function facelessJobInput(priced: PricedFacelessVideo, video: VideoRecord) {
  const { request, wordsPerSecond } = priced;
  return jobInputOf({
    prompt: request.prompt,
    script: video.script,
    title: video.title,
    aspect_ratio: request.aspect_ratio,
    duration: request.duration,
    image_style: request.image_style,
    voice_id: request.voice_id,
    language: request.language,
    reference_image_urls: request.reference_image_urls,
    selected_ai_styles: request.selected_ai_styles,
    selected_flux_dev_styles: request.selected_flux_dev_styles,
    brand_kit_id: request.brand_kit_id,
    music_url: request.music_url,
    words_per_second: wordsPerSecond,
  });
}

/** Charges, scripts, stores and queues a checked faceless video; answers its creation result. */
export async function queueFacelessVideo(
  deps: ServiceDependencies,
  caller: Caller,
  priced: PricedFacelessVideo,
): Promise<PaidAnswer> {
  const { request, credits } = priced;
  const holdId = deps.ids.uuid();
  return underOneHold(deps, caller, {
    hold: { holdId, amount: credits },
    work: async (balance) => {
      const organizationId = caller.organization.id;
      const script = await scriptOf(deps, priced);
      const record = renderedVideoRecord({
        id: await deps.stores.videos.nextId(organizationId),
        organizationId,
        kind: "faceless_video",
        title: titleOf(request.title, request.prompt ?? script, UNTITLED_FACELESS_VIDEO),
        aspectRatio: request.aspect_ratio,
        holdId,
        script,
        now: isoNow(deps.clock),
      });
      const video: VideoRecord = { ...record, workflow: newFacelessProgress() };
      await deps.stores.videos.insert([video]);
      const queued = await tryEnqueue(deps, {
        id: deps.ids.uuid(),
        kind: "faceless_video",
        organizationId,
        resourceId: String(video.id),
        holdId,
        input: facelessJobInput(priced, video),
      });
      if (!queued) {
        const failed = failWork<VideoRecord>(QUEUE_UNAVAILABLE_FAILURE, isoNow(deps.clock));
        await deps.stores.videos.update(organizationId, video.id, failed);
        return failure(queueUnavailableError("faceless video"));
      }
      return success({
        object: "faceless_video_generation",
        status: "queued",
        video_id: video.id,
        credits_deducted: credits,
        remaining_credits: balance.available,
        script,
      });
    },
  });
}
