/**
 * POST /editor/media (spec 4.16): creates a completed My Media item from exactly one
 * source (inline base64, a multipart file, or an HTTPS `source_url`, which may be this
 * host's own direct-upload URL), and optionally adds it to an editor project, where a GIF
 * plays as a `gif` item.
 *
 * @module
 */

import type { MediaToPlace } from "../../editor/media.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { MediaRecord } from "../../ports/records.js";
import type { RevisionActor } from "../../ports/revisions.js";
import type { MediaAddition } from "../../schemas/media.js";
import { addMediaToProject } from "../editor/add-media-to-project.js";
import { editRateRefusal } from "../editor/edit-rate-limit.js";
import { findEditorProject } from "../editor/editor-videos.js";
import { editActorOf } from "../editor/revision-preconditions.js";
import type { Caller } from "../pipeline/authorize.js";
import { proceed, type Step, success } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { type ProbedMedia, receiveMedia } from "./receive-media.js";
import { storeMediaItem } from "./store-media.js";
import { type EditorTarget, parseUploadRequest } from "./upload-request.js";

// The item just stored, and where the request asked to place it (nowhere when absent).
interface StoredUpload {
  readonly target: EditorTarget | undefined;
  readonly record: MediaRecord;
  readonly received: ProbedMedia;
  /** Who placed it, recorded with the project's revision. */
  readonly actor: RevisionActor;
}

async function addToProject(
  deps: ServiceDependencies,
  caller: Caller,
  { target, record, received, actor }: StoredUpload,
): Promise<Step<MediaAddition | null>> {
  if (target === undefined) return proceed(null);
  const media = mediaToPlaceOf(record, received);
  return addMediaToProject(deps, caller, {
    videoId: target.videoId,
    media,
    placement: target.placement ?? {},
    actor,
  });
}

/**
 * POST /editor/media: answers `editor_media_upload` with the item and, with
 * `add_to_editor`, where it landed. A missing project (404) is found before anything is
 * downloaded or stored, and the item is recorded only after the addition succeeded, so
 * a failed request leaves no item behind (its stored bytes may remain, unreferenced).
 */
export const uploadEditorMedia: UseCaseFactory = authenticated(
  "uploadEditorMedia",
  async ({ deps, caller, request }) => {
    const upload = parseUploadRequest(request);
    if (!upload.ok) return upload.error;
    const target = upload.value.editorTarget;
    if (target !== undefined) {
      const limited = await editRateRefusal(deps, caller);
      if (limited !== undefined) return limited;
      const project = await findEditorProject(deps, { caller, videoId: target.videoId });
      if (!project.ok) return project.error;
    }
    const received = await receiveMedia(deps, caller, upload.value);
    if (!received.ok) return received.error;
    const record = await storeMediaItem(deps, caller, {
      upload: upload.value,
      received: received.value,
    });
    if (!record.ok) return record.error;
    const editor = await addToProject(deps, caller, {
      target,
      record: record.value,
      received: received.value,
      actor: editActorOf(request),
    });
    if (!editor.ok) return editor.error;
    await deps.stores.media.insert([record.value]);
    return success({
      object: "editor_media_upload",
      media: record.value.media,
      editor: editor.value,
    });
  },
);

/** The timeline media of a new item, its length and size as probing found them. */
export function mediaToPlaceOf(
  record: MediaRecord,
  { sniffed, probe }: Pick<ProbedMedia, "sniffed" | "probe">,
): MediaToPlace {
  const { media } = record;
  return {
    kind: sniffed.format === "gif" ? "gif" : media.media_type,
    url: media.url,
    name: media.filename,
    durationSeconds: probe.durationSeconds,
    width: probe.width,
    height: probe.height,
    mediaId: media.id,
    metadata: { ...media.metadata },
  };
}
