/**
 * `list_editor_sound_effects`: the library whose ids the `add_sound_effect` edit
 * operation accepts as `sound_effect_id` (spec 4.14, 4.19).
 *
 * @module
 */

import type { SoundEffect } from "../../ports/workspace.js";
import { success } from "../pipeline/results.js";
import { listSoundEffectsInputSchema } from "./agent-schemas.js";
import { agentUseCase } from "./agent-use-case.js";

/** A sound effect as the wire shows it. */
export interface SoundEffectBody {
  /** Passed as `sound_effect_id` to `add_sound_effect`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** URL of the audio. */
  readonly url: string;
  /** Length in seconds. */
  readonly duration_seconds: number;
  /** Words that describe it. */
  readonly tags: readonly string[];
}

function bodyOf(effect: SoundEffect): SoundEffectBody {
  const { id, name, url, durationSeconds, tags } = effect;
  return { id, name, url, duration_seconds: durationSeconds, tags: [...tags] };
}

// Every word of the query must appear in the name, the id or a tag.
function matches(effect: SoundEffect, query: string | undefined): boolean {
  if (query === undefined) return true;
  const text = [effect.id, effect.name, ...effect.tags].join(" ").toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "")
    .every((word) => text.includes(word));
}

/** The library, in its own order, filtered by `query` and cut at `limit`. */
export const listSoundEffects = agentUseCase(
  "listSoundEffects",
  listSoundEffectsInputSchema,
  async ({ deps, input }) => {
    const library = await deps.workspace.soundEffects();
    const found = library.filter((effect) => matches(effect, input.query));
    return success({
      object: "sound_effect_list",
      sound_effects: found.slice(0, input.limit).map(bodyOf),
    });
  },
);
