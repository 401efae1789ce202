/**
 * The realistic edit batch the editor benchmarks apply: fifty operations of the kinds an
 * agent or an editing UI sends together, each aimed at a different existing item of a
 * {@link buildTimeline} state, so every operation does real work and the batch applies.
 *
 * @module
 */
import {
  type ApplySuccess,
  applyOperations,
  type EditorItem,
  type EditorItemType,
  type EditorState,
  validateEditorState,
} from "../../src/editor/index.js";
import type { EditOperation } from "../../src/schemas/edit-operations.js";
import { countingIds } from "./ids.js";
import { GAP_FRAMES, ITEM_FRAMES } from "./timeline.js";

/** Operations in the benchmark batch. */
export const EDIT_BATCH_SIZE = 50;

/** Prefix of the ids a benchmark batch gives new items and tracks. */
export const NEW_ID_PREFIX = "bench-new";

const VISUAL: readonly EditorItemType[] = ["video", "image", "gif", "text", "solid"];
const SOUND: readonly EditorItemType[] = ["video", "audio"];
const SOURCE_TIMED: readonly EditorItemType[] = ["video", "gif", "audio"];
const ANY: readonly EditorItemType[] = [...VISUAL, "audio"];

// The golden ratio spreads successive picks over the whole timeline without clustering.
const SPREAD = (Math.sqrt(5) - 1) / 2;

/** Hands out distinct items of given types, spread over the timeline. */
class ItemPicker {
  readonly #byType = new Map<EditorItemType, EditorItem[]>();
  readonly #candidates = new Map<string, EditorItem[]>();
  readonly #used = new Set<string>();
  #cursor = 0;

  constructor(state: EditorState) {
    for (const item of Object.values(state.items)) {
      const list = this.#byType.get(item.type) ?? [];
      list.push(item);
      this.#byType.set(item.type, list);
    }
  }

  /** An item of one of `types` that no earlier pick returned. */
  take(types: readonly EditorItemType[]): EditorItem {
    const key = types.join(",");
    let candidates = this.#candidates.get(key);
    if (candidates === undefined) {
      candidates = types.flatMap((type) => this.#byType.get(type) ?? []);
      this.#candidates.set(key, candidates);
    }
    for (let attempt = 0; attempt < candidates.length; attempt += 1) {
      this.#cursor += 1;
      const index = Math.floor(((this.#cursor * SPREAD) % 1) * candidates.length);
      const item = candidates[index];
      if (item !== undefined && !this.#used.has(item.id)) {
        this.#used.add(item.id);
        return item;
      }
    }
    throw new Error(`The timeline has no unused item of type ${types.join(" or ")} left.`);
  }
}

type Recipe = (picker: ItemPicker, state: EditorState, round: number) => EditOperation;

const seconds = (frames: number, state: EditorState): number => frames / state.fps;

// Each recipe builds one operation; `round` varies the values between repeats.
const RECIPES: ReadonlyArray<readonly [count: number, recipe: Recipe]> = [
  [
    7,
    (picker, _state, round) => ({
      type: "set_item_transform",
      item_id: picker.take(VISUAL).id,
      left: 40 + round,
      top: 120 + 10 * round,
      opacity: 0.8,
    }),
  ],
  [
    7,
    (picker, state) => {
      // Starts a third of a second later and grows by a sixth: still inside its own gap.
      const item = picker.take(ANY);
      return {
        type: "set_item_timing",
        item_id: item.id,
        from_seconds: seconds(item.from + GAP_FRAMES / 3, state),
        duration_seconds: seconds(item.durationInFrames + GAP_FRAMES / 6, state),
      };
    },
  ],
  [
    5,
    (picker, _state, round) => ({
      type: "set_item_animation",
      item_id: picker.take(VISUAL).id,
      enter: { type: "slide", direction: "left", duration_seconds: 0.4 },
      exit: round % 2 === 0 ? { type: "fade" } : null,
    }),
  ],
  [
    5,
    (picker, _state, round) => ({
      type: "set_item_audio",
      item_id: picker.take(SOUND).id,
      volume_db: -6 - round,
      audio_fade_in_seconds: 0.5,
      audio_fade_out_seconds: 1,
    }),
  ],
  [
    5,
    (picker, _state, round) => ({
      type: "update_text",
      item_id: picker.take(["text"]).id,
      text: `Updated caption ${round}`,
      style: { color: "#ffd400", font_weight: "700" },
    }),
  ],
  [
    5,
    (picker, state, round) => {
      // Odd rounds fit a short title into a gap; even rounds need a new front track.
      const anchor = picker.take(ANY);
      const short = round % 2 === 1;
      return {
        type: "add_text",
        text: `New title ${round}`,
        from_seconds: seconds(anchor.from + ITEM_FRAMES + 5, state),
        ...(short ? { duration_seconds: seconds(GAP_FRAMES / 2, state) } : {}),
      };
    },
  ],
  [
    4,
    (picker, state, round) => {
      // Odd rounds fill a gap on the back-most visual track; even ones need a new track.
      const anchor = picker.take(ANY);
      const short = round % 2 === 1;
      return {
        type: "add_solid",
        from_seconds: seconds(anchor.from + ITEM_FRAMES + 5, state),
        duration_seconds: short ? seconds(GAP_FRAMES / 2, state) : 4,
        style: { color: "#202a44", opacity: 0.6 },
      };
    },
  ],
  [4, (picker) => ({ type: "remove_item", item_id: picker.take(ANY).id })],
  [
    3,
    (picker, state) => {
      const item = picker.take(ANY);
      return {
        type: "split_item",
        item_id: item.id,
        at_seconds: seconds(item.from + item.durationInFrames / 2, state),
      };
    },
  ],
  [
    2,
    (picker, _state, round) => ({
      type: "set_item_source",
      item_id: picker.take(SOURCE_TIMED).id,
      source_start_seconds: 5 + round,
      playback_rate: 1.25,
    }),
  ],
  [
    2,
    (picker) => ({
      type: "set_item_motion",
      item_id: picker.take(VISUAL).id,
      motion: { type: "ken_burns", direction: "right", intensity: 0.4 },
    }),
  ],
  [1, () => ({ type: "set_title", title: "Benchmark timeline, edited" })],
];

/**
 * The fifty-operation batch for `state` (a {@link buildTimeline} state of at least a few
 * hundred items): the recipes taken in turn, so kinds interleave as in a real batch, and
 * the first operation is a `set_item_transform`, the one-operation batch of the
 * benchmarks. Deterministic for a given state.
 */
export function buildEditBatch(state: EditorState): EditOperation[] {
  const picker = new ItemPicker(state);
  const remaining = RECIPES.map(([count]) => count);
  const batch: EditOperation[] = [];
  for (let round = 0; batch.length < EDIT_BATCH_SIZE; round += 1) {
    for (const [index, [, recipe]] of RECIPES.entries()) {
      if ((remaining[index] ?? 0) <= 0) continue;
      remaining[index] = (remaining[index] ?? 0) - 1;
      batch.push(recipe(picker, state, round));
    }
  }
  return batch;
}

/** `applyOperations` with the deterministic ids every benchmark run uses. */
export function applyBatch(
  state: EditorState,
  operations: readonly EditOperation[],
): ReturnType<typeof applyOperations> {
  return applyOperations(state, operations, { generateId: countingIds(NEW_ID_PREFIX) });
}

/**
 * Applies `operations` once and fails loudly unless the batch applies and the next state
 * keeps every invariant; benchmarks call it before timing anything.
 */
export function assertBatchApplies(
  state: EditorState,
  operations: readonly EditOperation[],
): ApplySuccess {
  const result = applyBatch(state, operations);
  if (!result.ok) {
    const { code, message, operationIndex } = result.error;
    const operation = JSON.stringify(operations[operationIndex ?? 0]);
    throw new Error(
      `Benchmark batch rejected at ${operationIndex} (${code}): ${message} ${operation}`,
    );
  }
  const problems = validateEditorState(result.value.state);
  if (problems.length > 0) {
    throw new Error(`Benchmark batch broke an invariant: ${JSON.stringify(problems.slice(0, 3))}`);
  }
  return result;
}
