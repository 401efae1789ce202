/**
 * Audio roles (spec 4.14 rule 2): what each sound on the timeline is for. Items added by
 * the engine carry their role; items of older states may not, and get one inferred from
 * their asset, written to the item when an operation matches it.
 *
 * @module
 */
import { AUDIO_ROLES, type AudioRole } from "../vocabulary.js";
import type { EditDraft } from "./draft.js";
import type { AudioItem, SoundItem } from "./items.js";
import type { EditorAsset } from "./state.js";

export { AUDIO_ROLES };

/** True when `value` is an {@link AudioRole}. */
export function isAudioRole(value: unknown): value is AudioRole {
  return typeof value === "string" && (AUDIO_ROLES as readonly string[]).includes(value);
}

// Metadata keys older imports used to state a role or a category, most explicit first.
const DECLARED_ROLE_KEYS = ["audio_role", "audioRole", "role", "kind", "category"] as const;

/**
 * Infers the role of a sound from its asset: a role the asset or its metadata declares;
 * else `sound_effect` for library sounds, `voiceover` for synthesized speech, `voice` for
 * My Media voice assets, `source_video` for the sound of a video file, and `audio`
 * otherwise.
 *
 * @example
 * ```ts
 * inferAudioRole({ id: "a1", type: "audio", url: "https://cdn.example/boom.mp3", name: null,
 *   durationSeconds: 1, width: null, height: null, mediaId: null,
 *   metadata: { sound_effect_id: "boom" } }); // "sound_effect"
 * ```
 */
export function inferAudioRole(asset: EditorAsset | undefined): AudioRole {
  if (asset === undefined) return "audio";
  if (isAudioRole(asset.audioRole)) return asset.audioRole;
  // Older states may lack metadata altogether.
  const metadata: Readonly<Record<string, unknown>> = asset.metadata ?? {};
  const declared = DECLARED_ROLE_KEYS.map((key) => metadata[key]).find(isAudioRole);
  if (declared !== undefined) return declared;
  if (metadata.sound_effect_id !== undefined) return "sound_effect";
  if (metadata.voice_id !== undefined) return "voiceover";
  if (metadata.media_type === "voice" || metadata.mediaType === "voice") return "voice";
  return asset.type === "video" ? "source_video" : "audio";
}

/** The role of a sound item: `source_video` for a video's own sound, else the audio item's role. */
export function soundRoleOf(draft: EditDraft, item: SoundItem): AudioRole {
  if (item.type === "video") return "source_video";
  return item.audioRole ?? inferAudioRole(draft.asset(item.assetId));
}

/** Writes the inferred role onto an audio item of an older state that lacks one. */
export function normalizeAudioRole(draft: EditDraft, item: AudioItem): AudioItem {
  if (item.audioRole !== undefined) return item;
  return draft.updateItem(item, { audioRole: inferAudioRole(draft.asset(item.assetId)) });
}
