/**
 * Adding media to an editor project's timeline (spec 4.16 `add_to_editor`, 4.18): one
 * atomic change of the stored project through the engine's placement rules.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import type { EditError } from "../../editor/errors.js";
import { addMediaItem, type MediaPlacementFields, type MediaToPlace } from "../../editor/media.js";
import { summarizeEditor } from "../../editor/summary.js";
import type { MediaAddition } from "../../schemas/media.js";
import type { ServiceDependencies } from "../dependencies.js";
import type { Caller } from "../pipeline/authorize.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { editApiError } from "./apply-edits-to-project.js";
import { editorProjectNotFound } from "./editor-videos.js";

/** What to place on which project, and how. */
export interface MediaAdditionRequest {
  /** The caller's editor project. */
  readonly videoId: number;
  /** The media, resolved. */
  readonly media: MediaToPlace;
  /** Track, start and trim, as the request gave them. */
  readonly placement: MediaPlacementFields;
}

/**
 * Places media on the project's timeline: a compatible free track, or a new one. Answers
 * the addition result of spec 2.8, a 404 for a missing project, or a 400 when placement
 * fails (an explicit track that is occupied or incompatible, a trim past the media's end).
 */
export async function addMediaToProject(
  deps: ServiceDependencies,
  caller: Caller,
  addition: MediaAdditionRequest,
): Promise<Step<MediaAddition>> {
  const { videoId, media, placement } = addition;
  let rejection: EditError | undefined;
  let placed: { assetId: string; itemId: string } | undefined;
  const now = isoNow(deps.clock);
  const updated = await deps.stores.videos.update(caller.organization.id, videoId, (video) => {
    rejection = undefined;
    placed = undefined;
    if (video.editor === null) return video;
    const result = addMediaItem(video.editor, media, placement, {
      generateId: () => deps.ids.editorId(),
    });
    if (!result.ok) {
      rejection = result.error;
      return video;
    }
    placed = { assetId: result.assetId, itemId: result.itemId };
    return { ...video, editor: result.state, version: video.version + 1, updatedAt: now };
  });
  if (updated === undefined || updated.editor === null) return halt(editorProjectNotFound(videoId));
  if (rejection !== undefined) return halt(editApiError(rejection));
  if (placed === undefined)
    throw new Error("The project update neither placed nor rejected the media.");
  return proceed({
    video_id: videoId,
    asset_id: placed.assetId,
    item_id: placed.itemId,
    editor_summary: summarizeEditor(updated.editor),
  });
}
