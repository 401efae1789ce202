/**
 * How an export job moves its project's export and does its work: the renderer turns
 * the state the request saw into an MP4, which is stored through the media storage port.
 * A job whose export was replaced by a newer one finds no export of its own: it records
 * nothing, and its hold is refunded (once: the replacing request refunds it too).
 *
 * @module
 */

import { isoNow } from "../../../clock.js";
import type { EditorState } from "../../../editor/state.js";
import type { ServiceDependencies } from "../../../ports/dependencies.js";
import type { Job, JobRunOptions, ProviderOutcome } from "../../../ports/jobs.js";
import type { EditorExportRecord, VideoRecord } from "../../../ports/records.js";
import type { RecordChange } from "../../../ports/stores.js";
import { err, ok } from "../../../result.js";
import type { ExportResolution } from "../../../schemas/editor-render.js";
import {
  type JobRecordHandler,
  type JobRecordWrite,
  jobStartOf,
  WORK_STATUSES,
} from "../../jobs/job-record-handler.js";
import { completeWork, failWork, startWork } from "../../jobs/work.js";
import { videoIdOf } from "../../videos/faceless-video-job.js";
import { planExport } from "./export-plan.js";
import { RENDERER_NOT_CONFIGURED, renderJobFailure } from "./render-errors.js";

/** What an export job carries: the state to render, as the request saw it. */
export interface EditorExportJobInput {
  /** The resolution asked for. */
  readonly resolution: ExportResolution;
  /** SHA-256 of the state and resolution; names the stored file. */
  readonly content_hash: string;
  /** The editor state to render. */
  readonly editor: EditorState;
}

/** Media type of an exported file. */
export const EXPORT_CONTENT_TYPE = "video/mp4";

/** A change of the project's export, applied only while the export is the one `holdId` pays. */
export function changeExport(
  holdId: string,
  change: RecordChange<EditorExportRecord>,
): RecordChange<VideoRecord> {
  return (row) => {
    const current = row.lastExport;
    if (current === undefined || current.holdId !== holdId) return row;
    const next = change(current);
    return next === current ? row : { ...row, lastExport: next };
  };
}

async function updateExport(
  deps: ServiceDependencies,
  job: Job,
  change: RecordChange<EditorExportRecord>,
): Promise<EditorExportRecord | undefined> {
  const id = videoIdOf(job);
  if (id === undefined) return undefined;
  const video = await deps.stores.videos.update(
    job.organizationId,
    id,
    changeExport(job.holdId, change),
  );
  const current = video?.lastExport;
  return current?.holdId === job.holdId ? current : undefined;
}

async function renderExport(
  deps: ServiceDependencies,
  job: Job,
  { signal }: JobRunOptions,
): Promise<ProviderOutcome> {
  const renderer = deps.renderer;
  if (renderer === undefined) return err(renderJobFailure(RENDERER_NOT_CONFIGURED));
  const input = job.input as unknown as EditorExportJobInput;
  const planned = planExport(input.editor, input.resolution);
  if (!planned.ok) {
    const { code, message } = planned.error;
    return err({ category: code, message, retryable: false });
  }
  const objectKey = `exports/${job.organizationId}/${job.resourceId}/${input.content_hash}.mp4`;
  // The MP4 streams from the renderer into storage as it is written, never whole in
  // memory; storage commits it only when the renderer closes the stream.
  const pipe = new TransformStream<Uint8Array, Uint8Array>();
  const storing = deps.mediaStorage.put(objectKey, pipe.readable, {
    contentType: EXPORT_CONTENT_TYPE,
  });
  // Observed now, so a failed render's abandoned write is not an unhandled rejection.
  const settled = storing.then(ok, (error: unknown) => err(error));
  // A replaced export, or one whose host is stopping, stops ffmpeg at once; the render
  // waits in its organization's line of the renderer's export lane.
  const rendered = await renderer.renderVideo(
    planned.value,
    { sink: pipe.writable },
    {
      organizationId: job.organizationId,
      ...(signal === undefined ? {} : { signal }),
    },
  );
  if (!rendered.ok) {
    await pipe.writable.abort(rendered.error.message).catch(() => undefined);
    await settled;
    return err(renderJobFailure(rendered.error));
  }
  const stored = await settled;
  if (!stored.ok) throw stored.error;
  return ok(stored.value.url);
}

// An export replaced while its job ran is no longer the job's to finish.
const writtenOf = (exported: EditorExportRecord | undefined): JobRecordWrite =>
  exported === undefined ? "gone" : "written";

/**
 * Moves the export of the video `resourceId`: `generating` when a worker takes the job,
 * then `completed` with the MP4's URL or `error` with the render's failure.
 */
export const editorExportJobHandler: JobRecordHandler = {
  async start(deps, job) {
    const exported = await updateExport(deps, job, startWork(isoNow(deps.clock)));
    return jobStartOf(exported?.status, WORK_STATUSES);
  },
  run: renderExport,
  async complete(deps, job, url) {
    return writtenOf(await updateExport(deps, job, completeWork(url, isoNow(deps.clock))));
  },
  async fail(deps, job, failure) {
    return writtenOf(await updateExport(deps, job, failWork(failure, isoNow(deps.clock))));
  },
};
