/**
 * Adding media to an editor project's timeline (spec 4.16 `add_to_editor`, 4.18): one
 * atomic change of the stored project through the engine's placement rules, kept as one
 * revision whose operation type is `add_media`.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import { addMediaItem, type MediaPlacementFields, type MediaToPlace } from "../../editor/media.js";
import { summarizeEditor } from "../../editor/summary.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { RevisionActor } from "../../ports/revisions.js";
import type { MediaAddition } from "../../schemas/media.js";
import type { Caller } from "../pipeline/authorize.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { editApiError } from "./apply-edits-to-project.js";
import { editorProjectNotFound } from "./editor-videos.js";
import { projectBoundRefusal } from "./project-bounds.js";
import { editRevision } from "./revision-stacks.js";

/** The operation type a revision that placed media on the timeline lists. */
export const ADD_MEDIA_OPERATION = "add_media";

/** What to place on which project, and how. */
export interface MediaAdditionRequest {
  /** The caller's editor project. */
  readonly videoId: number;
  /** The media, resolved. */
  readonly media: MediaToPlace;
  /** Track, start and trim, as the request gave them. */
  readonly placement: MediaPlacementFields;
  /** Who placed it, recorded with the revision; `api` when absent. */
  readonly actor?: RevisionActor;
}

/**
 * Places media on the project's timeline: a compatible free track, or a new one. Answers
 * the addition result of spec 2.8, a 404 for a missing project, or a 400 when placement
 * fails (an explicit track that is occupied or incompatible, a trim past the media's end)
 * or the project is full (`project-bounds.ts`).
 */
export async function addMediaToProject(
  deps: ServiceDependencies,
  caller: Caller,
  addition: MediaAdditionRequest,
): Promise<Step<MediaAddition>> {
  const { videoId, media, placement, actor = "api" } = addition;
  const createdAt = isoNow(deps.clock);
  const committed = await deps.stores.videos.commitRevision<Step<MediaAddition>>(
    caller.organization.id,
    videoId,
    async (head) => {
      const result = addMediaItem(head.video.editor, media, {
        placement,
        generateId: () => deps.ids.editorId(),
      });
      if (!result.ok) return { value: halt(editApiError(result.error)) };
      const outOfBounds = projectBoundRefusal(head.video.editor, result.value.state);
      if (outOfBounds !== undefined) return { value: halt(outOfBounds) };
      const append = editRevision(
        head,
        { state: result.value.state, forward: result.value.patches, inverse: result.value.inverse },
        { actor, operationTypes: [ADD_MEDIA_OPERATION], instructions: null, createdAt },
      );
      const addition: MediaAddition = {
        video_id: videoId,
        asset_id: result.value.assetId,
        item_id: result.value.itemId,
        editor_summary: summarizeEditor(result.value.state),
      };
      return { value: proceed(addition), append };
    },
  );
  return committed === undefined ? halt(editorProjectNotFound(videoId)) : committed.value;
}
