/**
 * `add_sound_effect`: adds a sound as an audio item with role `sound_effect`, on a free
 * audio track (or the explicit `track_id` when free). Its source is exactly one of
 * `sound_effect_id` (looked up in `options.media.soundEffects`), `media_id` (in
 * `options.media.mediaItems`) or `url` (in `options.media.urls`, else used as is with an
 * unknown length); an unresolved source fails with `media_unresolved`. Without
 * `duration_seconds` the item runs to the end of the media, which then must have a
 * known length.
 *
 * @module
 */

import { ok, type Result } from "../../result.js";
import type { AddSoundEffectOperation } from "../../schemas/edit-operations.js";
import { addAudioClip } from "../audio-clips.js";
import { type EditFailure, editFailure } from "../errors.js";
import type { OperationContext, OperationModule } from "../options.js";
import type { ResolvedMedia } from "../providers.js";

function lookUp(
  table: Readonly<Record<string, ResolvedMedia>> | undefined,
  key: string,
): ResolvedMedia | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

function resolveSource(
  operation: AddSoundEffectOperation,
  context: OperationContext,
): Result<ResolvedMedia, EditFailure> {
  const { sound_effect_id: soundEffectId, media_id: mediaId, url } = operation;
  if (soundEffectId !== undefined) {
    const effect = lookUp(context.media.soundEffects, soundEffectId);
    if (effect !== undefined) return ok(effect);
    return editFailure("media_unresolved", `No sound effect "${soundEffectId}" in the library.`);
  }
  if (mediaId !== undefined) {
    const item = lookUp(context.media.mediaItems, mediaId);
    if (item !== undefined) return ok(item);
    return editFailure("media_unresolved", `No playable My Media item "${mediaId}".`);
  }
  if (url !== undefined)
    return ok(lookUp(context.media.urls, url) ?? { url, durationSeconds: null });
  return editFailure(
    "media_unresolved",
    "add_sound_effect needs one of sound_effect_id, url or media_id.",
  );
}

/** Applies `add_sound_effect`. */
export const addSoundEffect: OperationModule<AddSoundEffectOperation> = (
  draft,
  operation,
  context,
) => {
  const resolved = resolveSource(operation, context);
  if (!resolved.ok) return resolved;
  const source = resolved.value;
  const metadata: Record<string, unknown> =
    operation.sound_effect_id === undefined ? {} : { sound_effect_id: operation.sound_effect_id };
  return addAudioClip(draft, {
    media: {
      type: "audio",
      url: source.url,
      name: operation.name ?? source.name ?? null,
      durationSeconds: source.durationSeconds,
      width: null,
      height: null,
      mediaId: source.mediaId ?? operation.media_id ?? null,
      metadata,
    },
    role: "sound_effect",
    fields: operation,
    operationType: "add_sound_effect",
  });
};
