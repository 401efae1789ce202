/**
 * Reading My Media items for the editor: only completed items of the caller's
 * organization can be placed or played, and the facts the editor wants (size, length)
 * are read from the item's free-form metadata when it holds them.
 *
 * @module
 */
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { MediaRecord } from "../../ports/records.js";
import type { Caller } from "../pipeline/authorize.js";

/** The status of a My Media item that is ready to use (spec 2.8). */
export const MEDIA_COMPLETED_STATUS = "completed";

/**
 * The caller's completed My Media item `mediaId`; undefined when it is missing, belongs
 * to another organization or is not completed yet, which callers answer as not found.
 */
export async function findCompletedMedia(
  deps: ServiceDependencies,
  caller: Caller,
  mediaId: string,
): Promise<MediaRecord | undefined> {
  const record = await deps.stores.media.get(caller.organization.id, mediaId);
  return record?.media.status === MEDIA_COMPLETED_STATUS ? record : undefined;
}

/**
 * A positive, finite number stored under `key` in an item's metadata (such as `width`,
 * `height` or `duration_seconds`); null when absent or not usable.
 */
export function positiveMetadataNumber(
  metadata: Readonly<Record<string, unknown>>,
  key: string,
): number | null {
  const value = Object.hasOwn(metadata, key) ? metadata[key] : undefined;
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}
