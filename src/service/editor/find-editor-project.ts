/**
 * Reading one editor project of the caller's organization. A video that is missing,
 * belongs to another organization, or is not an editor project (a faceless video or a
 * slideshow render) is answered the same way: 404 `not_found` (spec 1.4).
 *
 * @module
 */
import type { EditorState } from "../../editor/state.js";
import type { ServiceDependencies } from "../dependencies.js";
import type { Caller } from "../pipeline/authorize.js";
import { halt, proceed, type Step } from "../pipeline/responses.js";
import type { VideoRecord } from "../ports/records.js";
import { editorProjectNotFound } from "./add-media-to-project.js";

/** A video record that is an editor project, its timeline state present. */
export type EditorProjectRecord = VideoRecord & { readonly editor: EditorState };

/** True when the video is an editor project with a timeline state. */
export function isEditorProject(video: VideoRecord): video is EditorProjectRecord {
  return video.kind === "editor" && video.editor !== null;
}

/** The caller's editor project `videoId`, or the 404 of {@link editorProjectNotFound}. */
export async function findEditorProject(
  deps: ServiceDependencies,
  caller: Caller,
  videoId: number,
): Promise<Step<EditorProjectRecord>> {
  const video = await deps.stores.videos.get(caller.organization.id, videoId);
  if (video === undefined || !isEditorProject(video)) return halt(editorProjectNotFound(videoId));
  return proceed(video);
}
