/**
 * A renderer port double for tests of the workflows' bookkeeping (statuses, credits,
 * resumption), where what the file shows is beside the point: it writes the simulator's
 * 3-second placeholder MP4 for any plan and reports the plan's size and length, so no
 * ffmpeg runs. Tests of what a viewer sees and hears use the real ffmpeg renderer.
 */
import type { RenderedVideo, Renderer, RenderFailure } from "reelkit";
import type { RenderPlan } from "reelkit/editor";
import { placeholderMp4 } from "../../../src/simulated/placeholder-video.js";

/** The stub and the plans it was asked to render, in order. */
export interface StubRenderer extends Renderer {
  readonly plans: RenderPlan[];
}

/** A renderer that answers every video with the placeholder MP4, or with `failure`. */
export function stubRenderer(failure?: RenderFailure): StubRenderer {
  const plans: RenderPlan[] = [];
  const unavailable: RenderFailure = {
    ok: false,
    error: { code: "renderer_unavailable", message: "The stub renderer draws no pictures." },
  };
  return {
    plans,
    async renderVideo(plan, target) {
      plans.push(plan);
      if (failure !== undefined) return failure;
      const bytes = placeholderMp4(`${plan.width}:${plan.height}`);
      if (target.sink === undefined) throw new Error("The stub renderer writes to sinks only.");
      const writer = target.sink.getWriter();
      await writer.write(bytes);
      await writer.close();
      const rendered: RenderedVideo = {
        sizeBytes: bytes.length,
        width: plan.width,
        height: plan.height,
        frameCount: Math.round(plan.durationSeconds * plan.fps),
        durationSeconds: plan.durationSeconds,
      };
      return { ok: true, value: rendered };
    },
    async renderFrame() {
      return unavailable;
    },
    async renderContactSheet() {
      return unavailable;
    },
  };
}
