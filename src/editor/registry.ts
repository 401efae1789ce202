/**
 * The one table from wire name to operation module (DESIGN principle 1).
 *
 * @module
 */
import type { EditOperation, EditOperationType } from "../schemas/edit-operations.js";
import { addCaptions } from "./operations/add_captions.js";
import { addSolid } from "./operations/add_solid.js";
import { addSoundEffect } from "./operations/add_sound_effect.js";
import { addText } from "./operations/add_text.js";
import { addVoiceover } from "./operations/add_voiceover.js";
import { applyItemTransition } from "./operations/apply_item_transition.js";
import { generateCaptionsFromItems } from "./operations/generate_captions_from_items.js";
import { moveItemToTrack } from "./operations/move_item_to_track.js";
import { removeItem } from "./operations/remove_item.js";
import { setAudioLevels } from "./operations/set_audio_levels.js";
import { setItemAnimation } from "./operations/set_item_animation.js";
import { setItemAudio } from "./operations/set_item_audio.js";
import { setItemLayerOrder } from "./operations/set_item_layer_order.js";
import { setItemMotion } from "./operations/set_item_motion.js";
import { setItemSource } from "./operations/set_item_source.js";
import { setItemTiming } from "./operations/set_item_timing.js";
import { setItemTransform } from "./operations/set_item_transform.js";
import { setTitle } from "./operations/set_title.js";
import { splitItem } from "./operations/split_item.js";
import { updateCaptions } from "./operations/update_captions.js";
import { updateText } from "./operations/update_text.js";
import type { OperationModule } from "./options.js";

/** The module of each operation, keyed by wire name. */
export type OperationRegistry = {
  readonly [Type in EditOperationType]: OperationModule<Extract<EditOperation, { type: Type }>>;
};

/** Every operation module by wire name, in the order of spec 4.14. */
export const OPERATION_MODULES: OperationRegistry = {
  set_title: setTitle,
  remove_item: removeItem,
  set_item_timing: setItemTiming,
  set_item_source: setItemSource,
  set_item_audio: setItemAudio,
  set_audio_levels: setAudioLevels,
  set_item_animation: setItemAnimation,
  set_item_motion: setItemMotion,
  apply_item_transition: applyItemTransition,
  split_item: splitItem,
  set_item_transform: setItemTransform,
  move_item_to_track: moveItemToTrack,
  set_item_layer_order: setItemLayerOrder,
  add_solid: addSolid,
  add_text: addText,
  update_text: updateText,
  add_captions: addCaptions,
  update_captions: updateCaptions,
  generate_captions_from_items: generateCaptionsFromItems,
  add_sound_effect: addSoundEffect,
  add_voiceover: addVoiceover,
};

/** The module for `type`, or undefined for a name that is not an operation. */
export function operationModule(type: string): OperationModule<EditOperation> | undefined {
  if (!Object.hasOwn(OPERATION_MODULES, type)) return undefined;
  // Each module accepts exactly the operation its key names; dispatch pairs them by `type`.
  return OPERATION_MODULES[type as EditOperationType] as OperationModule<EditOperation>;
}
