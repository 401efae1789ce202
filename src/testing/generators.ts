/**
 * The one table from operation type to its generator, and the choice of types a caller
 * may ask for.
 *
 * @module
 */
import type { EditOperationType } from "../schemas/edit-operations.js";
import { setAudioLevelsGenerator, setItemAudioGenerator } from "./operations/audio-levels.js";
import {
  moveItemToTrackGenerator,
  removeItemGenerator,
  setItemLayerOrderGenerator,
  setItemTimingGenerator,
  splitItemGenerator,
} from "./operations/items.js";
import {
  applyItemTransitionGenerator,
  setItemAnimationGenerator,
  setItemMotionGenerator,
  setItemTransformGenerator,
} from "./operations/looks.js";
import {
  addCaptionsGenerator,
  addSolidGenerator,
  addTextGenerator,
  updateCaptionsGenerator,
  updateTextGenerator,
} from "./operations/overlays.js";
import { setTitleGenerator } from "./operations/project.js";
import { addVoiceoverGenerator, generateCaptionsGenerator } from "./operations/providers.js";
import { addSoundEffectGenerator } from "./operations/sound-effects.js";
import { setItemSourceGenerator } from "./operations/sources.js";
import type { OperationGenerator } from "./plans.js";

// Keyed by every wire name, so a new operation type fails to compile until it has one.
const GENERATORS: { readonly [Type in EditOperationType]: OperationGenerator } = {
  set_title: setTitleGenerator,
  remove_item: removeItemGenerator,
  set_item_timing: setItemTimingGenerator,
  set_item_source: setItemSourceGenerator,
  set_item_audio: setItemAudioGenerator,
  set_audio_levels: setAudioLevelsGenerator,
  set_item_animation: setItemAnimationGenerator,
  set_item_motion: setItemMotionGenerator,
  apply_item_transition: applyItemTransitionGenerator,
  split_item: splitItemGenerator,
  set_item_transform: setItemTransformGenerator,
  move_item_to_track: moveItemToTrackGenerator,
  set_item_layer_order: setItemLayerOrderGenerator,
  add_solid: addSolidGenerator,
  add_text: addTextGenerator,
  update_text: updateTextGenerator,
  add_captions: addCaptionsGenerator,
  update_captions: updateCaptionsGenerator,
  generate_captions_from_items: generateCaptionsGenerator,
  add_sound_effect: addSoundEffectGenerator,
  add_voiceover: addVoiceoverGenerator,
};

/** Every operation type, in the order of spec 4.14. */
export const ALL_OPERATION_TYPES = Object.keys(GENERATORS) as EditOperationType[];

/** The operation types that need provider results in `ApplyOptions`. */
export const PROVIDER_OPERATION_TYPES: readonly EditOperationType[] = ALL_OPERATION_TYPES.filter(
  (type) => GENERATORS[type].needsProviders,
);

/** The generator of `type`. */
export function generatorOf(type: EditOperationType): OperationGenerator {
  return GENERATORS[type];
}

/**
 * The types to draw from: `requested` (default every type), without the provider types
 * unless `withProviders`. Asking for a provider type without providers, or for a name
 * that is not an operation, is a mistake in the caller's suite, so it throws.
 */
export function chooseTypes(
  requested: readonly EditOperationType[] | undefined,
  withProviders: boolean,
): EditOperationType[] {
  if (requested === undefined) {
    return ALL_OPERATION_TYPES.filter((type) => withProviders || !GENERATORS[type].needsProviders);
  }
  for (const type of requested) {
    if (!Object.hasOwn(GENERATORS, type)) {
      throw new RangeError(`"${String(type)}" is not an edit operation type.`);
    }
    if (!withProviders && GENERATORS[type].needsProviders) {
      throw new RangeError(
        `${type} needs provider results in ApplyOptions; draw it with editBatchWithProvidersArbitrary.`,
      );
    }
  }
  if (requested.length === 0) throw new RangeError("types must name at least one operation type.");
  return [...new Set(requested)];
}
