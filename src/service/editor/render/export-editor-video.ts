/**
 * POST /editor/videos/{id}/export (an extension beyond the contract): renders the
 * project's timeline to an MP4 as paid, queued work. The credits are held before the
 * job is queued and settled once by the worker (captured when the MP4 is stored,
 * refunded when the render fails); GET /videos/{id} reports the export. An unchanged
 * project (same state, same resolution) reuses its last export without a charge.
 *
 * @module
 */
import { isoNow } from "../../../clock.js";
import { priceEditorExport } from "../../../credits/price-export.js";
import type { RenderPlan } from "../../../editor/render-plan/types.js";
import type { ServiceDependencies } from "../../../ports/dependencies.js";
import type { EditorExportRecord } from "../../../ports/records.js";
import { err, ok, type Result } from "../../../result.js";
import {
  type EditorVideoExport,
  EXPORT_RESOLUTION_DEFAULT,
  type ExportResolution,
  exportEditorVideoRequestSchema,
} from "../../../schemas/editor-render.js";
import { editorVideoIdParamsSchema } from "../../../schemas/editor-videos.js";
import {
  QUEUE_UNAVAILABLE_FAILURE,
  queueUnavailableError,
  tryEnqueue,
} from "../../jobs/enqueue.js";
import { failWork, isRunnable } from "../../jobs/work.js";
import type { Caller } from "../../pipeline/authorize.js";
import { parseInput } from "../../pipeline/input.js";
import { type PaidAnswer, runPaidRequest } from "../../pipeline/paid.js";
import { failure, success } from "../../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../../pipeline/use-case.js";
import { underOneHold } from "../../videos/one-hold.js";
import {
  type CallerProject,
  type EditorProjectRecord,
  editorProjectNotFound,
  findEditorProject,
} from "../editor-videos.js";
import { withProjectInFingerprint } from "../update-editor-video.js";
import { changeExport, type EditorExportJobInput } from "./editor-export-job.js";
import { exportContentHash, planExport } from "./export-plan.js";
import { RENDERER_NOT_CONFIGURED, renderApiError, renderPlanApiError } from "./render-errors.js";

/** POST /editor/videos/{id}/export: queues an MP4 export, or reuses the last one. */
export const exportEditorVideo: UseCaseFactory = authenticated(
  "exportEditorVideo",
  async (call) => {
    const { deps, caller, request } = call;
    const params = parseInput(editorVideoIdParamsSchema, request.pathParams, "path");
    if (!params.ok) return params.error;
    const body = parseInput(exportEditorVideoRequestSchema, request.body ?? {}, "body");
    if (!body.ok) return body.error;
    // Refused before the key is claimed or anything is held: no renderer, no export.
    if (deps.renderer === undefined) return failure(renderApiError(RENDERER_NOT_CONFIGURED));
    const videoId = params.value.id;
    const resolution = body.value.resolution ?? EXPORT_RESOLUTION_DEFAULT;
    return runPaidRequest({
      ...call,
      request: withProjectInFingerprint(request, videoId),
      action: () => startExport(deps, { caller, videoId }, resolution),
    });
  },
);

async function startExport(
  deps: ServiceDependencies,
  named: CallerProject,
  resolution: ExportResolution,
): Promise<PaidAnswer> {
  const { caller, videoId } = named;
  const project = await findEditorProject(deps, named);
  if (!project.ok) return project.error;
  const state = project.value.editor;
  const planned = planExport(state, resolution);
  if (!planned.ok) return failure(renderPlanApiError(planned.error));
  // What the renderer would refuse (a bound, a missing ffmpeg) is refused before any hold.
  const refused = deps.renderer?.check?.({ kind: "video", plan: planned.value });
  if (refused !== undefined) return failure(renderApiError(refused.error));
  const contentHash = await exportContentHash(state, resolution);
  const previous = project.value.lastExport;
  if (previous !== undefined && isReusable(previous, contentHash)) {
    await dateReusedExport(deps, { caller, project: project.value }, previous);
    const balance = await deps.credits.balance(caller.organization.id);
    return success(exportBodyOf(videoId, previous, { reused: true, available: balance.available }));
  }
  const amount = priceEditorExport(planned.value.durationSeconds, deps.prices);
  const holdId = deps.ids.uuid();
  return underOneHold(deps, caller, {
    hold: { holdId, amount },
    work: async (balance) => {
      const now = isoNow(deps.clock);
      const exported = newExport(planned.value, {
        holdId,
        amount,
        contentHash,
        resolution,
        now,
        revision: project.value.version,
      });
      const queued = await queueExport(deps, { caller, project: project.value }, exported);
      if (!queued.ok) return queued.error;
      return success(
        exportBodyOf(videoId, exported, { reused: false, available: balance.available }),
      );
    },
  });
}

// The last export serves again when it rendered (or is rendering) this very content.
function isReusable(previous: EditorExportRecord, contentHash: string): boolean {
  if (previous.contentHash !== contentHash) return false;
  return previous.status === "completed" || isRunnable(previous.status);
}

interface NewExportFields {
  readonly holdId: string;
  readonly amount: number;
  readonly contentHash: string;
  readonly resolution: ExportResolution;
  readonly now: string;
  readonly revision: number;
}

function newExport(plan: RenderPlan, fields: NewExportFields): EditorExportRecord {
  return {
    status: "queued",
    url: null,
    failure: null,
    holdId: fields.holdId,
    creditsDeducted: fields.amount,
    contentHash: fields.contentHash,
    resolution: fields.resolution,
    width: plan.width,
    height: plan.height,
    durationSeconds: plan.durationSeconds,
    revision: fields.revision,
    createdAt: fields.now,
    updatedAt: fields.now,
  };
}

// A reused export renders the project's current content too (an edit undone, or a
// change undone by hand, leaves it as it was): it now dates from the current revision,
// so GET /videos/{id} no longer calls it outdated.
async function dateReusedExport(
  deps: ServiceDependencies,
  { caller, project }: { readonly caller: Caller; readonly project: EditorProjectRecord },
  reused: EditorExportRecord,
): Promise<void> {
  if (reused.revision === project.version) return;
  const dated = changeExport(reused.holdId, (row) => ({ ...row, revision: project.version }));
  await deps.stores.videos.update(caller.organization.id, project.id, dated);
}

// Records the export on the project, refunds the export it replaces if that one was
// still waiting or running (its job then finds itself replaced and records nothing), and
// queues the job with the state as it is now, so later edits do not change this file.
async function queueExport(
  deps: ServiceDependencies,
  { caller, project }: { readonly caller: Caller; readonly project: EditorProjectRecord },
  exported: EditorExportRecord,
): Promise<Result<void, PaidAnswer>> {
  const organizationId = caller.organization.id;
  const recorded = await recordExport(deps, { caller, project }, exported);
  if (recorded === undefined) {
    return err(failure(editorProjectNotFound(project.id)));
  }
  const { replaced } = recorded;
  if (replaced !== undefined && isRunnable(replaced.status)) {
    await deps.credits.release(organizationId, replaced.holdId);
    // A render of the replaced export would be paid by nobody: stop it wherever it runs.
    await deps.queue.cancel?.({ organizationId, holdId: replaced.holdId });
  }
  const input: EditorExportJobInput = {
    resolution: exported.resolution,
    content_hash: exported.contentHash,
    editor: project.editor,
  };
  const queued = await tryEnqueue(deps, {
    id: deps.ids.uuid(),
    kind: "editor_export",
    organizationId,
    resourceId: String(project.id),
    holdId: exported.holdId,
    input: input as unknown as Record<string, unknown>,
  });
  if (queued) return ok(undefined);
  const failed = failWork<EditorExportRecord>(QUEUE_UNAVAILABLE_FAILURE, isoNow(deps.clock));
  await deps.stores.videos.update(
    organizationId,
    project.id,
    changeExport(exported.holdId, failed),
  );
  return err(failure(queueUnavailableError("export")));
}

// Makes `exported` the project's export and says which export it replaced: the one in
// the row the update changed, not the one this request read, since a concurrent export
// may have replaced that one in between (and refunded it). The change may run again
// after a conflict; the last run is the one written.
async function recordExport(
  deps: ServiceDependencies,
  { caller, project }: { readonly caller: Caller; readonly project: EditorProjectRecord },
  exported: EditorExportRecord,
): Promise<{ readonly replaced: EditorExportRecord | undefined } | undefined> {
  let replaced: EditorExportRecord | undefined;
  const recorded = await deps.stores.videos.update(caller.organization.id, project.id, (row) => {
    replaced = row.lastExport;
    return { ...row, lastExport: exported };
  });
  return recorded === undefined ? undefined : { replaced };
}

function exportBodyOf(
  videoId: number,
  exported: EditorExportRecord,
  answer: { readonly reused: boolean; readonly available: number },
): EditorVideoExport {
  // Only a new export (queued) or a reusable one (running or completed) is answered.
  if (exported.status === "error") throw new TypeError("A failed export is never answered.");
  return {
    object: "editor_video_export",
    video_id: videoId,
    status: exported.status,
    resolution: exported.resolution,
    width: exported.width,
    height: exported.height,
    duration_seconds: exported.durationSeconds,
    url: exported.status === "completed" ? exported.url : null,
    reused: answer.reused,
    credits_deducted: answer.reused ? 0 : exported.creditsDeducted,
    remaining_credits: answer.available,
  };
}
