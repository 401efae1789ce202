/**
 * GET /editor/videos/{id}/frame (an extension beyond the contract): a PNG of the
 * composition at one instant, or a contact sheet of several, drawn by the same render
 * plan as the export, so a preview shows what the MP4 will contain. Free, but counted
 * against the organization's limit of previews.
 *
 * @module
 */
import { planContactSheet } from "../../../editor/render-plan/contact-sheet.js";
import { planRender } from "../../../editor/render-plan/plan-render.js";
import type { EditorState } from "../../../editor/state.js";
import { summarizeEditor } from "../../../editor/summary.js";
import { type ApiError, apiError } from "../../../errors/api-error.js";
import type { ServiceFile, ServiceResult } from "../../../ports/contract.js";
import type {
  RenderCallOptions,
  RenderError,
  RenderedImage,
  Renderer,
} from "../../../ports/renderer.js";
import type { Result } from "../../../result.js";
import {
  type EditorFrameQuery,
  editorFrameQuerySchema,
  PREVIEW_SHEET_WIDTH_DEFAULT,
  PREVIEW_WIDTH_DEFAULT,
} from "../../../schemas/editor-render.js";
import { editorVideoIdParamsSchema } from "../../../schemas/editor-videos.js";
import { parseInput } from "../../pipeline/input.js";
import { failure } from "../../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../../pipeline/use-case.js";
import { findEditorProject } from "../editor-videos.js";
import { frameRateRefusal } from "./frame-rate-limit.js";
import { RENDERER_NOT_CONFIGURED, renderApiError, renderPlanApiError } from "./render-errors.js";

/** Media type of a preview. */
export const PREVIEW_CONTENT_TYPE = "image/png";

/** GET /editor/videos/{id}/frame: the PNG of one instant, or a contact sheet of several. */
export const getEditorVideoFrame: UseCaseFactory = authenticated(
  "getEditorVideoFrame",
  async ({ deps, caller, request }) => {
    const params = parseInput(editorVideoIdParamsSchema, request.pathParams, "path");
    if (!params.ok) return params.error;
    const query = parseInput(editorFrameQuerySchema, request.query, "query");
    if (!query.ok) return query.error;
    const project = await findEditorProject(deps, { caller, videoId: params.value.id });
    if (!project.ok) return project.error;
    const state = project.value.editor;
    const outside = instantPastTheEnd(state, query.value);
    if (outside !== undefined) return failure(outside);
    if (deps.renderer === undefined) return failure(renderApiError(RENDERER_NOT_CONFIGURED));
    // Counted only once the preview would render: what the limit guards is ffmpeg's time.
    const limited = await frameRateRefusal(deps, caller);
    if (limited !== undefined) return limited;
    return renderPreview(deps.renderer, state, {
      query: query.value,
      call: {
        organizationId: caller.organization.id,
        // A client that has gone stops the render, and its wait for a slot.
        ...(request.signal === undefined ? {} : { signal: request.signal }),
      },
    });
  },
);

// Every instant must show a frame of the timeline: from 0 to before its end.
function instantPastTheEnd(state: EditorState, query: EditorFrameQuery): ApiError | undefined {
  const instants = Array.isArray(query.at_seconds) ? query.at_seconds : [query.at_seconds];
  const totalSeconds = summarizeEditor(state).totalDurationSeconds;
  const index = instants.findIndex((seconds) => seconds >= totalSeconds);
  if (index === -1) return undefined;
  const message =
    totalSeconds === 0
      ? "The timeline is empty, so it has no frame to show; add media, text or a solid first."
      : `at_seconds must be less than the timeline's length of ${totalSeconds} s.`;
  const path = Array.isArray(query.at_seconds) ? `at_seconds.${index}` : "at_seconds";
  return apiError("bad_request", message, {
    context: {
      location: "query",
      fields: [{ path, message, issue: "too_big" }],
      total_duration_seconds: totalSeconds,
    },
  });
}

// What to preview, and how the render call is made (for whom).
interface PreviewRequest {
  readonly query: EditorFrameQuery;
  readonly call: RenderCallOptions;
}

async function renderPreview(
  renderer: Renderer,
  state: EditorState,
  { query, call }: PreviewRequest,
): Promise<ServiceResult> {
  if (!Array.isArray(query.at_seconds)) {
    const planned = planRender(state, {
      atSeconds: query.at_seconds,
      width: query.width ?? PREVIEW_WIDTH_DEFAULT,
    });
    if (!planned.ok) return failure(renderPlanApiError(planned.error));
    const refused = renderer.check?.({ kind: "frame", plan: planned.value });
    if (refused !== undefined) return failure(renderApiError(refused.error));
    return pngOf(await renderer.renderFrame(planned.value, call));
  }
  const planned = planContactSheet(state, {
    atSeconds: query.at_seconds,
    width: query.width ?? PREVIEW_SHEET_WIDTH_DEFAULT,
  });
  if (!planned.ok) return failure(renderPlanApiError(planned.error));
  const refused = renderer.check?.({ kind: "contact_sheet", sheet: planned.value });
  if (refused !== undefined) return failure(renderApiError(refused.error));
  return pngOf(await renderer.renderContactSheet(planned.value, call));
}

function pngOf(rendered: Result<RenderedImage, RenderError>): ServiceFile | ServiceResult {
  if (!rendered.ok) return failure(renderApiError(rendered.error));
  return { kind: "file", contentType: PREVIEW_CONTENT_TYPE, bytes: rendered.value.png };
}
