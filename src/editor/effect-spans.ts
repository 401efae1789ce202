/**
 * Effect spans: how a half of a split item keeps playing its whole's fades and
 * animations where they stand, so that a split is invisible and inaudible.
 *
 * An item's effects are timed over the item itself, unless a family of them carries a
 * span (`EffectSpans` on the item): then they are timed over the whole the item was cut
 * from, `[start - beforeSeconds, end + afterSeconds)`. A 3 s fade-in split at 1 s leaves
 * a left half whose fade reaches 2 s past its end (it ends at a third, as before) and a
 * right half whose fade began 1 s before its start (it goes on from a third to full at
 * 3 s). Each half keeps every effect of its whole, the ones that now fall outside it
 * included, because an enter and an exit share their whole's length when they must
 * shrink to fit it (`fitDurations`).
 *
 * Moving, trimming and re-timing keep the spans in seconds: the effects stay anchored to
 * the item's edges as they were. Setting an effect anew restarts its side: a new enter
 * animation, text fade-in or audio fade-in starts at the item's own start, a new exit or
 * fade-out ends at its own end, and a new motion runs over the item. A span is kept only
 * for a family the item has effects of, and only while it reaches past an edge.
 *
 * @module
 */
import type { AnimationConfig, TextStyle } from "../schemas/edit-values.js";
import type { EditDraft } from "./draft.js";
import {
  type EditorItem,
  type EffectFamily,
  type EffectSpan,
  type EffectSpans,
  isSoundItem,
  isVisualItem,
} from "./items.js";

/** A span that reaches nowhere past the item: its effects are timed over the item itself. */
export const ITEM_SPAN: EffectSpan = { beforeSeconds: 0, afterSeconds: 0 };

const FAMILIES: readonly EffectFamily[] = ["animation", "motion", "textFade", "audioFade"];

/** The effect families an item of `item`'s type has. */
export function effectFamiliesOf(item: EditorItem): EffectFamily[] {
  return FAMILIES.filter((family) => hasFamily(item, family));
}

function hasFamily(item: EditorItem, family: EffectFamily): boolean {
  switch (family) {
    case "animation":
    case "motion":
      return isVisualItem(item);
    case "textFade":
      return item.type === "text" || item.type === "captions";
    case "audioFade":
      return isSoundItem(item);
  }
}

/** How far `family`'s effects on `item` reach past its edges; {@link ITEM_SPAN} for none. */
export function effectSpanOf(
  item: Pick<EditorItem, "effectSpans">,
  family: EffectFamily,
): EffectSpan {
  return item.effectSpans?.[family] ?? ITEM_SPAN;
}

function animates(config: AnimationConfig | null): boolean {
  return config !== null && config.type !== "none";
}

/** Whether `item` has any effect of `family`. */
export function hasEffects(item: EditorItem, family: EffectFamily): boolean {
  switch (family) {
    case "animation":
      return isVisualItem(item) && (animates(item.enterAnimation) || animates(item.exitAnimation));
    case "motion":
      return isVisualItem(item) && item.motion !== null;
    case "textFade":
      return (
        (item.type === "text" || item.type === "captions") &&
        ((item.style.fade_in_seconds ?? 0) > 0 || (item.style.fade_out_seconds ?? 0) > 0)
      );
    case "audioFade":
      return isSoundItem(item) && (item.audioFadeInSeconds > 0 || item.audioFadeOutSeconds > 0);
  }
}

function reachesPast(span: EffectSpan): boolean {
  return span.beforeSeconds > 0 || span.afterSeconds > 0;
}

// `spans` without the families `item` has no effects of, nor spans that reach nowhere;
// undefined when nothing is left.
function tidied(item: EditorItem, spans: EffectSpans): EffectSpans | undefined {
  const kept: EffectSpans = {};
  for (const family of FAMILIES) {
    const span = spans[family];
    if (span !== undefined && reachesPast(span) && hasEffects(item, family)) kept[family] = span;
  }
  return Object.keys(kept).length === 0 ? undefined : kept;
}

/** Stores `spans` on `item`, tidied (see the module comment); returns the item as it is now. */
export function writeEffectSpans<Item extends EditorItem>(
  draft: EditDraft,
  item: Item,
  spans: EffectSpans,
): Item {
  const kept = tidied(item, spans);
  if (kept === undefined) return draft.clearItemFields(item, ["effectSpans"]);
  return draft.updateItem(item, { effectSpans: kept } as Partial<Item>);
}

/** Which sides of a family's effects an operation set anew. */
export interface RestartedSides {
  /** The enter animation, text fade-in or audio fade-in was set. */
  readonly start: boolean;
  /** The exit animation, text fade-out or audio fade-out was set. */
  readonly end: boolean;
}

/** The sides of a text or captions fade that a style change sets anew. */
export function textFadeSides(style: Partial<TextStyle> | undefined): RestartedSides {
  return {
    start: style?.fade_in_seconds !== undefined,
    end: style?.fade_out_seconds !== undefined,
  };
}

/**
 * Anchors the sides of `family` that an operation set anew to the item's own edges.
 * Returns the item as it is now; spans of effects it no longer has go when the batch
 * bounds its effects (`effects.ts`).
 */
export function restartEffects<Item extends EditorItem>(
  draft: EditDraft,
  item: Item,
  { family, sides }: { readonly family: EffectFamily; readonly sides: RestartedSides },
): Item {
  const spans = item.effectSpans;
  const span = spans?.[family];
  if (spans === undefined || span === undefined || !(sides.start || sides.end)) return item;
  const restarted = {
    beforeSeconds: sides.start ? 0 : span.beforeSeconds,
    afterSeconds: sides.end ? 0 : span.afterSeconds,
  };
  return writeEffectSpans(draft, item, { ...spans, [family]: restarted });
}

/** Lengths of the two halves of a split, in seconds. */
export interface SplitLengths {
  /** Length of the left half. */
  readonly leftSeconds: number;
  /** Length of the right half. */
  readonly rightSeconds: number;
}

/**
 * The spans of the two halves of `item` cut into `lengths`: every family the item has
 * effects of reaches as far as before, and past the cut by the other half's length.
 */
export function splitEffectSpans(
  item: EditorItem,
  { leftSeconds, rightSeconds }: SplitLengths,
): { left: EffectSpans; right: EffectSpans } {
  const left: EffectSpans = {};
  const right: EffectSpans = {};
  for (const family of effectFamiliesOf(item)) {
    if (!hasEffects(item, family)) continue;
    const { beforeSeconds, afterSeconds } = effectSpanOf(item, family);
    left[family] = { beforeSeconds, afterSeconds: afterSeconds + rightSeconds };
    right[family] = { beforeSeconds: beforeSeconds + leftSeconds, afterSeconds };
  }
  return { left, right };
}

/** The length of the whole `family`'s effects on `item` are timed over, in seconds. */
export function wholeSeconds(
  item: Pick<EditorItem, "effectSpans">,
  { family, itemSeconds }: { readonly family: EffectFamily; readonly itemSeconds: number },
): number {
  const { beforeSeconds, afterSeconds } = effectSpanOf(item, family);
  return beforeSeconds + itemSeconds + afterSeconds;
}

/** A broken rule of an item's spans: the field under `effectSpans`, and what is wrong. */
export interface EffectSpanProblem {
  /** `effectSpans` itself or `effectSpans.<family>`. */
  readonly field: string;
  /** What is wrong. */
  readonly message: string;
}

function spanProblem(item: EditorItem, family: string, span: unknown): string | undefined {
  if (!(FAMILIES as readonly string[]).includes(family)) {
    return `Unknown effect family "${family}".`;
  }
  const known = family as EffectFamily;
  if (!hasFamily(item, known)) return `A ${item.type} item has no ${family} effects.`;
  const { beforeSeconds, afterSeconds } = (span ?? {}) as Partial<EffectSpan>;
  const valid = [beforeSeconds, afterSeconds].every(
    (seconds) => typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0,
  );
  if (!valid) return "beforeSeconds and afterSeconds must be numbers >= 0.";
  if (!reachesPast(span as EffectSpan)) return "A span that reaches nowhere is left out.";
  if (!hasEffects(item, known)) return `A span is kept only while the item has ${family} effects.`;
  return undefined;
}

/**
 * What is wrong with `item`'s `effectSpans`, as the engine writes them: each names a
 * family of the item's type that it has effects of, and reaches past an edge by finite,
 * non-negative seconds. Empty when all is well (or there are none).
 */
export function effectSpanProblems(item: EditorItem): EffectSpanProblem[] {
  const spans: unknown = item.effectSpans;
  if (spans === undefined) return [];
  if (typeof spans !== "object" || spans === null || Array.isArray(spans)) {
    return [{ field: "effectSpans", message: "effectSpans must be an object of spans by family." }];
  }
  const problems: EffectSpanProblem[] = [];
  for (const [family, span] of Object.entries(spans)) {
    const message = spanProblem(item, family, span);
    if (message !== undefined) problems.push({ field: `effectSpans.${family}`, message });
  }
  return problems;
}
