/**
 * The render step, shared by both products: the project as it stands exported by the
 * renderer port at the product resolution, streamed into media storage where exports are
 * kept, and recorded with the content hash an export keeps, so that exporting the
 * unchanged project again reuses this file. Without a renderer the step fails with
 * `renderer_unavailable` naming the missing renderer (the project stays, editable).
 *
 * @module
 */
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { ProductProgress, RenderedProduct } from "../../ports/product-workflow.js";
import type { JobFailure } from "../../ports/records.js";
import type { RenderError, Renderer } from "../../ports/renderer.js";
import { err, ok, type Result } from "../../result.js";
import type { ExportResolution } from "../../schemas/editor-render.js";
import { exportContentHash, planExport } from "../editor/render/export-plan.js";
import { RENDER_FAILURE_ANSWERS, RENDERER_NOT_CONFIGURED } from "../editor/render/render-errors.js";
import { type ProductRun, type ProductVideo, saveProgress } from "./product-record.js";
import { STEP_DONE, type StepOutcome, stepFailed, type WorkflowStep } from "./step-runner.js";

/** The resolution products render at when the service's settings do not say. */
export const PRODUCT_RESOLUTION_DEFAULT: ExportResolution = "720p";

/** Media type of a rendered product. */
const MP4_CONTENT_TYPE = "video/mp4";

// ffmpeg's own words stay in the server's logs: a failed render is described, not quoted.
const RENDER_FAILED_MESSAGE =
  "The renderer could not draw this project; the same project fails the same way.";

/** The failure a render error stands for; its category is the renderer's code. */
export function productRenderFailure(error: RenderError): JobFailure {
  const message = error.code === "render_failed" ? RENDER_FAILED_MESSAGE : error.message;
  return {
    category: error.code,
    message: `The render failed: ${message}`,
    retryable: RENDER_FAILURE_ANSWERS[error.code].retryable,
  };
}

/** The failure of a rendered file that could not be stored. */
const UNSTORED_FAILURE: JobFailure = Object.freeze({
  category: "output_unwritable",
  message: "The render finished but the video could not be stored; trying again may succeed.",
  retryable: true,
});

// The stored video's URL, or why it is not stored.
type Stored = Result<string, JobFailure>;

// The MP4 streams from the renderer into storage as it is written, never whole in memory;
// storage commits it only when the renderer closes the stream.
async function renderIntoStorage(
  deps: ServiceDependencies,
  renderer: Renderer,
  {
    plan,
    objectKey,
    organizationId,
    signal,
  }: {
    plan: Parameters<Renderer["renderVideo"]>[0];
    objectKey: string;
    organizationId: OrganizationId;
    signal: AbortSignal | undefined;
  },
): Promise<Stored> {
  const pipe = new TransformStream<Uint8Array, Uint8Array>();
  const storing = deps.mediaStorage
    .put(objectKey, pipe.readable, { contentType: MP4_CONTENT_TYPE })
    .then(
      (stored): Stored => ok(stored.url),
      (): Stored => err(UNSTORED_FAILURE),
    );
  const rendered = await renderer.renderVideo(
    plan,
    { sink: pipe.writable },
    { organizationId, ...(signal === undefined ? {} : { signal }) },
  );
  if (!rendered.ok) {
    await pipe.writable.abort(rendered.error.message).catch(() => undefined);
    await storing;
    return err(productRenderFailure(rendered.error));
  }
  return storing;
}

async function renderProduct(
  run: ProductRun,
  video: ProductVideo<ProductProgress>,
): Promise<StepOutcome> {
  const { deps } = run;
  if (deps.renderer === undefined) return stepFailed(productRenderFailure(RENDERER_NOT_CONFIGURED));
  const state = video.editor;
  if (state === null) throw new Error(`Video ${video.id} reached its render without a project.`);
  const resolution = deps.productResolution ?? PRODUCT_RESOLUTION_DEFAULT;
  const planned = planExport(state, resolution);
  if (!planned.ok) {
    const { code, message } = planned.error;
    return stepFailed({
      category: code,
      message: `The render failed: ${message}`,
      retryable: false,
    });
  }
  const contentHash = await exportContentHash(state, resolution);
  const objectKey = `exports/${run.job.organizationId}/${run.videoId}/${contentHash}.mp4`;
  const stored = await renderIntoStorage(deps, deps.renderer, {
    plan: planned.value,
    objectKey,
    organizationId: run.job.organizationId,
    signal: run.signal,
  });
  if (!stored.ok) return stepFailed(stored.error);
  const rendered: RenderedProduct = {
    url: stored.value,
    contentHash,
    resolution,
    width: planned.value.width,
    height: planned.value.height,
    durationSeconds: planned.value.durationSeconds,
    revision: video.version,
  };
  await saveProgress(run, video.workflow.kind, (progress) =>
    progress.rendered === null ? { ...progress, rendered } : progress,
  );
  return STEP_DONE;
}

/** The render step of a workflow over videos of `Progress`. */
export function renderStep<Progress extends ProductProgress>(): WorkflowStep<Progress, "render"> {
  return {
    name: "render",
    done: (video) => video.workflow.rendered !== null,
    run: renderProduct,
  };
}
