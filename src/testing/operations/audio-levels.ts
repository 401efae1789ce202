/**
 * Generators of the operations that set levels and fades: `set_item_audio` on one item
 * and `set_audio_levels` on every item a selector matches.
 *
 * @module
 */
import fc from "fast-check";
import {
  type EditorItem,
  type EditorState,
  inferAudioRole,
  isSoundItem,
  type SoundItem,
} from "../../editor/index.js";
import type { SetAudioLevelsOperation } from "../../schemas/edit-operations.js";
import { AUDIO_LEVEL_ITEM_IDS_MAX } from "../../schemas/limits.js";
import type { AudioRole } from "../../vocabulary.js";
import { type OperationGenerator, type PlanContext, planFrom } from "../plans.js";
import { assetOf, nameableItems, pick } from "../state-view.js";
import { audioFadeSecondsArbitrary, volumeDbArbitrary } from "../values/numbers.js";

/** Volume and fades as the wire sends them: at least one of the three fields. */
export function levelsArbitrary() {
  return fc
    .record({
      changes: fc.record(
        {
          volume_db: volumeDbArbitrary(),
          audio_fade_in_seconds: audioFadeSecondsArbitrary(),
          audio_fade_out_seconds: audioFadeSecondsArbitrary(),
        },
        { requiredKeys: [] },
      ),
      volume: volumeDbArbitrary(),
    })
    .map(({ changes, volume }) =>
      // The wire needs at least one level field; an empty draw becomes a volume change.
      Object.keys(changes).length > 0 ? changes : { volume_db: volume },
    );
}

/** `set_item_audio` on a video or audio item. */
export const setItemAudioGenerator: OperationGenerator = {
  applies: (context) => nameableItems(context, isSoundItem).length > 0,
  plans: () =>
    planFrom(fc.record({ index: fc.nat(), levels: levelsArbitrary() }), (drawn, context) => {
      const item = pick(nameableItems(context, isSoundItem), drawn.index);
      if (item === undefined) return undefined;
      return { type: "set_item_audio", item_id: item.id, ...drawn.levels };
    }),
  adds: false,
  needsProviders: false,
};

// The engine's rule for a sound's role: a video's own sound is `source_video`.
function soundRole(state: EditorState, item: SoundItem): AudioRole {
  if (item.type === "video") return "source_video";
  return item.audioRole ?? inferAudioRole(assetOf(state, item));
}

function distinct<Value>(values: readonly Value[]): Value[] {
  return [...new Set(values)];
}

type AudioSelector = Pick<
  SetAudioLevelsOperation,
  "item_ids" | "item_types" | "audio_roles" | "exclude_item_ids"
>;

function nonEmpty<Value>(values: readonly Value[], first: Value): [Value, ...Value[]] {
  const [head = first, ...rest] = values;
  return [head, ...rest];
}

/** How `set_audio_levels` selects, chosen from what the state holds. */
function selector(
  context: PlanContext,
  sounds: readonly [SoundItem, ...SoundItem[]],
  drawn: { mode: "ids" | "types" | "roles"; picks: readonly number[]; exclude: boolean },
): AudioSelector {
  const chosen = nonEmpty(
    distinct(drawn.picks.map((index) => pick(sounds, index) ?? sounds[0])),
    sounds[0],
  );
  if (drawn.mode === "ids") {
    const ids = chosen.slice(0, AUDIO_LEVEL_ITEM_IDS_MAX).map((item) => item.id);
    return { item_ids: nonEmpty(ids, chosen[0].id) };
  }
  // Types and roles are drawn from the chosen items, so the selector always matches one.
  const matches = (item: EditorItem) =>
    isSoundItem(item) &&
    (drawn.mode === "types"
      ? chosen.some((other) => other.type === item.type)
      : chosen.some((other) => soundRole(context.state, other) === soundRole(context.state, item)));
  const field: AudioSelector =
    drawn.mode === "types"
      ? { item_types: nonEmpty(distinct(chosen.map((item) => item.type)), chosen[0].type) }
      : {
          audio_roles: nonEmpty(
            distinct(chosen.map((item) => soundRole(context.state, item))),
            soundRole(context.state, chosen[0]),
          ),
        };
  const matched = Object.values(context.state.items).filter(matches);
  const excluded = matched.find((item) => context.canName(item.id));
  // Excluding one of several matches keeps the operation matching something.
  return drawn.exclude && matched.length > 1 && excluded !== undefined
    ? { ...field, exclude_item_ids: [excluded.id] }
    : field;
}

/** `set_audio_levels` by ids, types or roles drawn from the state's sounds, so it matches. */
export const setAudioLevelsGenerator: OperationGenerator = {
  applies: (context) => nameableItems(context, isSoundItem).length > 0,
  plans: () =>
    planFrom(
      fc.record({
        mode: fc.constantFrom("ids", "types", "roles"),
        picks: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        exclude: fc.boolean(),
        levels: levelsArbitrary(),
      }),
      (drawn, context) => {
        const [first, ...rest] = nameableItems(context, isSoundItem);
        if (first === undefined) return undefined;
        return {
          type: "set_audio_levels",
          ...selector(context, [first, ...rest], drawn),
          ...drawn.levels,
        };
      },
    ),
  adds: false,
  needsProviders: false,
};
