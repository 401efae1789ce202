/**
 * `editorStateArbitrary`: valid editor states that the engine can actually reach. Each
 * starts as `createEditorState` makes it and goes through a drawn sequence of steps, each
 * a batch applied with `applyOperations` (provider results supplied), or media placed
 * with `addMediaItem`. Nothing is built by hand, so a state can never hold a shape the
 * engine would not produce, and a failing property shrinks by dropping steps.
 *
 * @module
 */
import fc from "fast-check";
import { applyOperations, createEditorState, type EditorState } from "../editor/index.js";
import { FPS_MAX, FPS_MIN, OPERATIONS_PER_REQUEST_MAX } from "../schemas/limits.js";
import { EDITOR_ASPECT_RATIOS, type EditorAspectRatio } from "../vocabulary.js";
import { planBatch } from "./batch-planning.js";
import { chooseTypes, generatorOf } from "./generators.js";
import { countingIdGenerator } from "./ids.js";
import { type MediaStep, mediaStepArbitrary, placeMedia } from "./media-placement.js";
import type { OperationPlan } from "./plans.js";
import { type GenerationOptions, generatorSettings, wholeOption } from "./settings.js";
import { titleArbitrary } from "./values/text.js";

/** Options of {@link editorStateArbitrary}. */
export interface EditorStateArbitraryOptions extends GenerationOptions {
  /**
   * Frame rates to draw: one rate, a list of rates, or an inclusive range. Default: the
   * common rates 24, 25, 30 and 60 half the time, any rate from 1 to 120 otherwise.
   */
  fps?: number | readonly number[] | { readonly min: number; readonly max: number };
  /** Aspect ratios to draw. Default all four. */
  aspectRatios?: readonly EditorAspectRatio[];
  /** Most steps (batches or media placements) after the empty state, 0 to 100. Default 10. */
  maxBatches?: number;
  /** Most operations in one batch, 1 to 50. Default 4. */
  maxOperationsPerBatch?: number;
  /** Most items in a state; a step that would pass it is skipped. Default 20. */
  maxItems?: number;
  /** Whether to place video, image, GIF and audio media with `addMediaItem`. Default true. */
  media?: boolean;
  /** Prefix of the ids the states' items, tracks and assets get (`gen-1`, ...). Default `gen`. */
  idPrefix?: string;
}

const COMMON_FPS = [24, 25, 30, 60];
const MAX_BATCHES_DEFAULT = 10;
const OPERATIONS_PER_BATCH_DEFAULT = 4;
const MAX_ITEMS_DEFAULT = 20;
// Operations that add items are drawn this many times as often as the others, so states
// grow instead of hovering around empty while edits find nothing to act on.
const ADDING_WEIGHT = 3;

type Step =
  | { readonly kind: "batch"; readonly plans: readonly OperationPlan[] }
  | { readonly kind: "media"; readonly media: MediaStep };

function checkedFps(value: number): number {
  return wholeOption("fps", value, { fallback: value, min: FPS_MIN, max: FPS_MAX });
}

function fpsArbitrary(option: EditorStateArbitraryOptions["fps"]): fc.Arbitrary<number> {
  if (option === undefined) {
    return fc.oneof(fc.constantFrom(...COMMON_FPS), fc.integer({ min: FPS_MIN, max: FPS_MAX }));
  }
  if (typeof option === "number") return fc.constant(checkedFps(option));
  if ("min" in option) {
    return fc.integer({ min: checkedFps(option.min), max: checkedFps(option.max) });
  }
  const [first, ...rest] = option.map(checkedFps);
  if (first === undefined) throw new RangeError("fps must list at least one frame rate.");
  return fc.constantFrom(first, ...rest);
}

function stepArbitrary(options: EditorStateArbitraryOptions): fc.Arbitrary<Step> | undefined {
  const settings = generatorSettings(options);
  const types = chooseTypes(options.types, true);
  const maxLength = wholeOption("maxOperationsPerBatch", options.maxOperationsPerBatch, {
    fallback: OPERATIONS_PER_BATCH_DEFAULT,
    min: 1,
    max: OPERATIONS_PER_REQUEST_MAX,
  });
  const steps: fc.WeightedArbitrary<Step>[] = [];
  const together = types.filter((type) => type !== "add_voiceover");
  if (together.length > 0) {
    const plans = fc.oneof(
      ...together.map((type) => ({
        weight: generatorOf(type).adds ? ADDING_WEIGHT : 1,
        arbitrary: generatorOf(type).plans(settings),
      })),
    );
    const batch = fc.array(plans, { minLength: 1, maxLength });
    steps.push({
      weight: 4,
      arbitrary: batch.map((drawn): Step => ({ kind: "batch", plans: drawn })),
    });
  }
  // The engine takes a voiceover only as the only operation of its batch.
  if (types.includes("add_voiceover")) {
    const voiceover = generatorOf("add_voiceover").plans(settings);
    steps.push({
      weight: 1,
      arbitrary: voiceover.map((plan): Step => ({ kind: "batch", plans: [plan] })),
    });
  }
  if (options.media ?? true) {
    const media = mediaStepArbitrary(settings.timelineSeconds);
    steps.push({
      weight: 3,
      arbitrary: media.map((drawn): Step => ({ kind: "media", media: drawn })),
    });
  }
  const [first, ...rest] = steps;
  return first === undefined ? undefined : fc.oneof(first, ...rest);
}

function applyStep(
  state: EditorState,
  step: Step,
  { generateId, maxItems }: { generateId: () => string; maxItems: number },
): EditorState {
  let next = state;
  if (step.kind === "media") {
    next = placeMedia(state, step.media, generateId);
  } else {
    const planned = planBatch(state, step.plans, true);
    if (planned.operations.length === 0) return state;
    const result = applyOperations(state, planned.operations, { ...planned.results, generateId });
    if (result.ok) next = result.value.state;
  }
  return Object.keys(next.items).length > maxItems ? state : next;
}

/**
 * Valid editor states, reached the way a project is: `createEditorState` with a drawn
 * aspect ratio, frame rate and title, then up to `maxBatches` steps, each a batch of
 * planned operations applied with `applyOperations` or media placed with
 * `addMediaItem`. Every type of operation may appear, including
 * `generate_captions_from_items` and `add_voiceover`, whose provider results the
 * arbitrary supplies itself. Ids come from a counter (`gen-1`, `gen-2`, ...), never from
 * randomness, so a seed replays the same states and shrinking stays deterministic.
 *
 * `validateEditorState` finds no problem in any of them; reelkit's own suite checks that.
 * A hundred runs take well under a second with the defaults.
 *
 * @example
 * ```ts
 * fc.assert(
 *   fc.property(editorStateArbitrary({ fps: [24, 30], maxItems: 10 }), (state) => {
 *     assertEditorInvariants(state);
 *     expect(JSON.parse(JSON.stringify(state))).toEqual(state);
 *   }),
 *   { seed: 20261122, numRuns: 100 },
 * );
 * ```
 */
export function editorStateArbitrary(
  options: EditorStateArbitraryOptions = {},
): fc.Arbitrary<EditorState> {
  const maxBatches = wholeOption("maxBatches", options.maxBatches, {
    fallback: MAX_BATCHES_DEFAULT,
    min: 0,
    max: 100,
  });
  const maxItems = wholeOption("maxItems", options.maxItems, {
    fallback: MAX_ITEMS_DEFAULT,
    min: 0,
    max: 10_000,
  });
  const aspectRatios = options.aspectRatios ?? EDITOR_ASPECT_RATIOS;
  const [firstRatio, ...otherRatios] = aspectRatios;
  if (firstRatio === undefined) throw new RangeError("aspectRatios must list at least one ratio.");
  const idPrefix = options.idPrefix ?? "gen";
  const step = stepArbitrary(options);
  return fc
    .record({
      fps: fpsArbitrary(options.fps),
      aspectRatio: fc.constantFrom(firstRatio, ...otherRatios),
      title: fc.option(titleArbitrary(), { nil: undefined }),
      steps: step === undefined ? fc.constant([]) : fc.array(step, { maxLength: maxBatches }),
    })
    .map((drawn) => {
      const generateId = countingIdGenerator(idPrefix);
      let state = createEditorState({
        aspect_ratio: drawn.aspectRatio,
        fps: drawn.fps,
        ...(drawn.title === undefined ? {} : { title: drawn.title }),
      });
      for (const current of drawn.steps)
        state = applyStep(state, current, { generateId, maxItems });
      return state;
    });
}
