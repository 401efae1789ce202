/**
 * Items that make sound as plan sounds: source timing, level and fades.
 *
 * @module
 */
import { inferAudioRole } from "../audio-roles.js";
import type { SoundItem } from "../items.js";
import type { EditorState } from "../state.js";
import { fitDurations } from "./animations.js";
import { assetOf } from "./layers.js";
import { type PlacedWindows, sourceTimingOf, windowSeconds } from "./timing.js";
import type { PlannedSound } from "./types.js";

/** The sound of `item`, heard in `placed`. */
export function planSound(
  item: SoundItem,
  placed: PlacedWindows,
  state: EditorState,
): PlannedSound {
  const asset = assetOf(state, item.assetId);
  const fades = fitDurations(
    item.audioFadeInSeconds,
    item.audioFadeOutSeconds,
    windowSeconds(placed.window),
  );
  return {
    itemId: item.id,
    kind: item.type,
    inputId: item.assetId,
    audioRole: item.type === "audio" ? (item.audioRole ?? inferAudioRole(asset)) : null,
    window: placed.window,
    visible: placed.visible,
    source: sourceTimingOf(item, asset),
    volumeDb: item.volumeDb,
    fadeInSeconds: fades.enterSeconds,
    fadeOutSeconds: fades.exitSeconds,
  };
}
