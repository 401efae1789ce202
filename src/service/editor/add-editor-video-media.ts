/**
 * POST /editor/videos/{id}/media (spec 4.18): places a completed My Media item or a
 * direct URL on a project's timeline, on a compatible free track unless `track_id` says
 * otherwise.
 *
 * @module
 */
import { editorVideoIdParamsSchema } from "../../schemas/editor-videos.js";
import { addEditorMediaRequestSchema } from "../../schemas/media.js";
import { parseInput } from "../pipeline/input.js";
import { success } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { addMediaToProject } from "./add-media-to-project.js";
import { editRateRefusal } from "./edit-rate-limit.js";
import { findEditorProject } from "./editor-videos.js";
import { placementOf, resolveMediaToPlace } from "./media-to-place.js";
import { editActorOf } from "./revision-preconditions.js";

/** POST /editor/videos/{id}/media: answers where the media landed (`editor_media_addition`). */
export const addEditorVideoMedia: UseCaseFactory = authenticated(
  "addEditorVideoMedia",
  async ({ deps, caller, request }) => {
    const params = parseInput(editorVideoIdParamsSchema, request.pathParams, "path");
    if (!params.ok) return params.error;
    const body = parseInput(addEditorMediaRequestSchema, request.body, "body");
    if (!body.ok) return body.error;
    const limited = await editRateRefusal(deps, caller);
    if (limited !== undefined) return limited;
    // A missing project is found before any media is downloaded for it.
    if (body.value.url !== undefined) {
      const project = await findEditorProject(deps, { caller, videoId: params.value.id });
      if (!project.ok) return project.error;
    }
    const media = await resolveMediaToPlace(deps, caller, body.value);
    if (!media.ok) return media.error;
    const addition = await addMediaToProject(deps, caller, {
      videoId: params.value.id,
      media: media.value,
      placement: placementOf(body.value),
      actor: editActorOf(request),
    });
    if (!addition.ok) return addition.error;
    return success({ object: "editor_media_addition", ...addition.value });
  },
);
