/**
 * Items that make sound as plan sounds: source timing, level and fades (timed over the
 * whole a half of a split item was cut from, so they go on where they stood).
 *
 * @module
 */
import { inferAudioRole } from "../audio-roles.js";
import type { SoundItem } from "../items.js";
import type { EditorState } from "../state.js";
import { fitDurations } from "./animations.js";
import { assetOf } from "./layers.js";
import { effectWindowOf, type PlacedWindows, sourceTimingOf, windowSeconds } from "./timing.js";
import type { PlannedSound } from "./types.js";

/** The sound of `item`, heard in `placed`. */
export function planSound(
  item: SoundItem,
  placed: PlacedWindows,
  state: EditorState,
): PlannedSound {
  const asset = assetOf(state, item.assetId);
  const fadeWindow = effectWindowOf(item, { family: "audioFade", window: placed.window });
  const fades = fitDurations(
    item.audioFadeInSeconds,
    item.audioFadeOutSeconds,
    windowSeconds(fadeWindow),
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
    fadeWindow,
    fadeInSeconds: fades.enterSeconds,
    fadeOutSeconds: fades.exitSeconds,
  };
}
