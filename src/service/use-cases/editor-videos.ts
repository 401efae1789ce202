/**
 * Editor projects (spec 2.7, 4.12, 4.13): creating an empty project, listing the
 * organization's projects newest first, and reading one with its timeline state.
 *
 * @module
 */
import { createEditorState } from "../../editor/state.js";
import {
  createEditorVideoRequestSchema,
  editorVideoIdParamsSchema,
  listEditorVideosQuerySchema,
} from "../../schemas/editor-videos.js";
import { editorVideoRecordOf } from "../editor/editor-video-body.js";
import { findEditorProject, isEditorProject } from "../editor/find-editor-project.js";
import { parseInput } from "../pipeline/parse.js";
import { okResponse } from "../pipeline/responses.js";
import { isoNow } from "../pipeline/time.js";
import type { VideoRecord } from "../ports/records.js";
import { authenticated, type UseCaseFactory } from "../use-case.js";

/**
 * POST /editor/videos: an empty project with the composition size of its aspect ratio,
 * `ready` at once (which does not mean an MP4 was exported). Free of charge.
 */
export const createEditorVideo: UseCaseFactory = authenticated(
  "createEditorVideo",
  async ({ deps, caller, request }) => {
    const body = parseInput(createEditorVideoRequestSchema, request.body, "body");
    if (!body.ok) return body.response;
    const { title, aspect_ratio: aspectRatio, fps } = body.value;
    const editor = createEditorState(
      title === undefined
        ? { aspect_ratio: aspectRatio, fps }
        : { aspect_ratio: aspectRatio, fps, title },
    );
    const now = isoNow(deps.clock);
    const record: VideoRecord = {
      id: await deps.stores.videos.nextId(caller.organization.id),
      organizationId: caller.organization.id,
      createdAt: now,
      updatedAt: now,
      kind: "editor",
      status: "ready",
      title: title ?? null,
      url: null,
      failure: null,
      holdId: null,
      aspectRatio,
      script: null,
      editor,
      instructions: [],
      version: 0,
    };
    await deps.stores.videos.insert([record]);
    return okResponse({ object: "editor_video", video: editorVideoRecordOf(record) });
  },
);

/** GET /editor/videos: the organization's editor projects, newest first, at most `limit`. */
export const listEditorVideos: UseCaseFactory = authenticated(
  "listEditorVideos",
  async ({ deps, caller, request }) => {
    const query = parseInput(listEditorVideosQuerySchema, request.query, "query");
    if (!query.ok) return query.response;
    const videos = await deps.stores.videos.list(caller.organization.id, {
      limit: query.value.limit,
      filter: isEditorProject,
    });
    return okResponse({ object: "editor_video_list", videos: videos.map(editorVideoRecordOf) });
  },
);

/** GET /editor/videos/{id}: one project with its summary and timeline state. */
export const getEditorVideo: UseCaseFactory = authenticated(
  "getEditorVideo",
  async ({ deps, caller, request }) => {
    const params = parseInput(editorVideoIdParamsSchema, request.pathParams, "path");
    if (!params.ok) return params.response;
    const project = await findEditorProject(deps, caller, params.value.id);
    if (!project.ok) return project.response;
    return okResponse({ object: "editor_video", video: editorVideoRecordOf(project.value) });
  },
);
