/**
 * What completing a product records besides its status and URL: its rendered file as
 * the project's latest export, as if exported then, so that GET /videos/{id} reports it
 * like any export and exporting the unchanged project again reuses it without a charge.
 *
 * @module
 */
import type { EditorExportRecord, VideoRecord } from "../../ports/records.js";
import type { RecordChange } from "../../ports/stores.js";

/**
 * Records a completed product's rendered file as its project's export, paid by the
 * product's hold of `credits`. A video already holding an export (one a client asked for
 * while the product rendered) keeps it.
 */
export function renderedAsExport(credits: number, now: string): RecordChange<VideoRecord> {
  return (row) => {
    const rendered = row.workflow?.rendered;
    if (rendered == null || row.status !== "completed" || row.holdId === null) return row;
    if (row.lastExport !== undefined) return row;
    const exported: EditorExportRecord = {
      status: "completed",
      url: rendered.url,
      failure: null,
      holdId: row.holdId,
      creditsDeducted: credits,
      contentHash: rendered.contentHash,
      resolution: rendered.resolution,
      width: rendered.width,
      height: rendered.height,
      durationSeconds: rendered.durationSeconds,
      ...(rendered.revision === undefined ? {} : { revision: rendered.revision }),
      createdAt: now,
      updatedAt: now,
    };
    return { ...row, lastExport: exported };
  };
}
