/**
 * Editor projects (spec 2.7, 4.12, 4.13): creating an empty project, listing the
 * organization's projects newest first, and reading one with its timeline state. A faceless
 * video or a slideshow's video is a project too once its workflow has built it, with the
 * same id (its `video_type` says what made it). A video that is missing, belongs to
 * another organization, or has no project (yet) is answered the same way: 404
 * `not_found` (spec 1.4). Title and composition size are read from the editor state, so
 * `set_title` shows at once.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import { createEditorState, type EditorState } from "../../editor/state.js";
import { summarizeEditor } from "../../editor/summary.js";
import { type ApiError, apiError } from "../../errors/api-error.js";
import { concatenate } from "../../media/read-response.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { VideoRecord } from "../../ports/records.js";
import { editorVideoQuerySchema } from "../../schemas/editor-revisions.js";
import {
  createEditorVideoRequestSchema,
  type EditorVideo,
  type EditorVideoRecord,
  editorVideoIdParamsSchema,
} from "../../schemas/editor-videos.js";
import type { Caller } from "../pipeline/authorize.js";
import { parseInput } from "../pipeline/input.js";
import { halt, proceed, type Step, success } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { editRateRefusal } from "./edit-rate-limit.js";
import { etagHeader, holdsRevision } from "./revision-preconditions.js";

/**
 * POST /editor/videos: an empty project with the composition size of its aspect ratio,
 * `ready` at once (which does not mean an MP4 was exported). Free of charge.
 */
export const createEditorVideo: UseCaseFactory = authenticated(
  "createEditorVideo",
  async ({ deps, caller, request }) => {
    const body = parseInput(createEditorVideoRequestSchema, request.body, "body");
    if (!body.ok) return body.error;
    const limited = await editRateRefusal(deps, caller);
    if (limited !== undefined) return limited;
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
    return success({ object: "editor_video", video: editorVideoRecordOf(record) });
  },
);

/**
 * GET /editor/videos/{id}: one project with its summary and timeline state, at its latest
 * revision or, with `?revision=N`, as it was then. The answer carries the revision's
 * `ETag`; an `If-None-Match` naming it answers 304 without a body.
 */
export const getEditorVideo: UseCaseFactory = authenticated(
  "getEditorVideo",
  async ({ deps, caller, request }) => {
    const params = parseInput(editorVideoIdParamsSchema, request.pathParams, "path");
    if (!params.ok) return params.error;
    const query = parseInput(editorVideoQuerySchema, request.query, "query");
    if (!query.ok) return query.error;
    const named = { caller, videoId: params.value.id };
    const project =
      query.value.revision === undefined
        ? await findEditorProject(deps, named)
        : await findEditorProjectAt(deps, named, query.value.revision);
    if (!project.ok) return project.error;
    const revision = project.value.version;
    if (holdsRevision(request.ifNoneMatch, revision)) {
      return { kind: "not_modified", headers: etagHeader(revision) };
    }
    const { body, json } = serializedProject(project.value);
    return { kind: "ok", body, json, headers: etagHeader(revision) };
  },
);

// The answer of GET /editor/videos/{id}: the project record, as the list holds it too.
const ANSWER_PREFIX = new TextEncoder().encode('{"object":"editor_video","video":');
const ANSWER_SUFFIX = new TextEncoder().encode("}");

interface SerializedProject {
  readonly body: EditorVideo;
  readonly json: Uint8Array<ArrayBuffer>;
}

// Answers are made from the record's cached JSON, and kept for the state they show.
const answerByState = new WeakMap<EditorState, SerializedProject>();

function serializedProject(video: EditorProjectRecord): SerializedProject {
  const record = serializedRecord(video);
  const cached = answerByState.get(video.editor);
  if (cached !== undefined && cached.body.video === record.record) return cached;
  const body: EditorVideo = { object: "editor_video", video: record.record };
  const json = concatenate(
    [ANSWER_PREFIX, record.json, ANSWER_SUFFIX],
    ANSWER_PREFIX.byteLength + record.json.byteLength + ANSWER_SUFFIX.byteLength,
  );
  const serialized = { body, json };
  answerByState.set(video.editor, serialized);
  return serialized;
}

/** A project's wire record and its JSON, made once per state the record shows. */
export interface SerializedRecord {
  /** The wire record. */
  readonly record: EditorVideoRecord;
  /** The record as JSON, in UTF-8. */
  readonly json: Uint8Array<ArrayBuffer>;
}

// A revision's state never changes, and the stores hand out the same state object for
// the same latest revision, so a record is built and serialized once per state object
// and read again for free; the entry goes when the state is no longer held anywhere.
const recordByState = new WeakMap<EditorState, SerializedRecord & { readonly videoId: number }>();

/**
 * The wire record of an editor project and its JSON, from the cache when the same
 * project's state at the same revision was serialized before.
 */
export function serializedRecord(video: EditorProjectRecord): SerializedRecord {
  const cached = recordByState.get(video.editor);
  if (
    cached !== undefined &&
    cached.videoId === video.id &&
    cached.record.revision === video.version &&
    cached.record.status === video.status &&
    cached.record.created_at === video.createdAt
  ) {
    return cached;
  }
  const record = editorVideoRecordOf(video);
  const serialized = {
    videoId: video.id,
    record,
    json: new TextEncoder().encode(JSON.stringify(record)),
  };
  recordByState.set(video.editor, serialized);
  return serialized;
}

/** What an editor project reports as its status: it can be opened and edited. */
export const EDITOR_PROJECT_STATUS = "ready";

/**
 * The wire record of an editor project; throws for a video that has no editor state. A
 * product's project is `ready` like any other (its video's own status is on GET
 * /videos/{id}), and its `video_type` names the product.
 */
export function editorVideoRecordOf(video: VideoRecord): EditorVideoRecord {
  const editor = video.editor;
  if (editor === null) throw new TypeError(`Video ${video.id} is not an editor project.`);
  return {
    id: video.id,
    title: editor.title,
    status: EDITOR_PROJECT_STATUS,
    video_type: video.kind,
    aspect_ratio: { width: editor.compositionWidth, height: editor.compositionHeight },
    created_at: video.createdAt,
    revision: video.version,
    editor_summary: summarizeEditor(editor),
    editor: editor as unknown as EditorVideoRecord["editor"],
  };
}

/** The 404 of an editor project that is missing or belongs to another organization. */
export function editorProjectNotFound(videoId: number): ApiError {
  return apiError("not_found", `No editor video ${videoId} exists in this organization.`, {
    context: { video_id: videoId },
  });
}

/** A video record that is an editor project, its timeline state present. */
export type EditorProjectRecord = VideoRecord & { readonly editor: EditorState };

/**
 * True when the video has a timeline state: an editor project, or a product video whose
 * workflow built its project.
 */
export function isEditorProject(video: VideoRecord): video is EditorProjectRecord {
  return video.editor !== null;
}

/** One caller's project: who asks, and the editor video they name. */
export interface CallerProject {
  /** The authenticated caller, whose organization owns the project. */
  readonly caller: Caller;
  /** The editor video's id. */
  readonly videoId: number;
}

/**
 * The caller's editor project `videoId` as it was at `revision`: a 404 when the project is
 * missing, when the revision does not exist yet (`context.current_revision`), or when it is
 * no longer kept (`context.oldest_revision`).
 */
export async function findEditorProjectAt(
  deps: ServiceDependencies,
  { caller, videoId }: CallerProject,
  revision: number,
): Promise<Step<EditorProjectRecord>> {
  const found = await deps.stores.videos.projectAt(caller.organization.id, videoId, revision);
  switch (found.kind) {
    case "found":
      return proceed(found.video);
    case "missing":
      return halt(editorProjectNotFound(videoId));
    case "not_yet":
      return halt(
        apiError("not_found", `Editor video ${videoId} has no revision ${revision} yet.`, {
          context: { video_id: videoId, revision, current_revision: found.latestRevision },
        }),
      );
    case "forgotten":
      return halt(
        apiError(
          "not_found",
          `Revision ${revision} of editor video ${videoId} is no longer kept; the oldest kept is ${found.oldestRevision}.`,
          { context: { video_id: videoId, revision, oldest_revision: found.oldestRevision } },
        ),
      );
  }
}

/** The caller's editor project `videoId`, or the 404 of {@link editorProjectNotFound}. */
export async function findEditorProject(
  deps: ServiceDependencies,
  { caller, videoId }: CallerProject,
): Promise<Step<EditorProjectRecord>> {
  const video = await deps.stores.videos.get(caller.organization.id, videoId);
  if (video === undefined || !isEditorProject(video)) return halt(editorProjectNotFound(videoId));
  return proceed(video);
}
