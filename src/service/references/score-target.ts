/**
 * Scoring one reference template target for described media: half the score for
 * accepting the media kind (every suggested target does), the other half for the share of
 * the target's words (label, slug, category) that the description mentions.
 *
 * @module
 */
import type { ReferenceTemplateTarget } from "../../schemas/assets.js";
import type { ReferenceMediaKind } from "../../schemas/common.js";
import { meaningfulWords } from "./description-words.js";

/** The score every target accepting the media kind starts from. */
export const KIND_ACCEPTED_SCORE = 0.5;

/** A target's score, from 0 to 1, and the sentence that explains it. */
export interface TargetScore {
  /** From 0 to 1, rounded to two decimals; higher fits better. */
  readonly score: number;
  /** Why the target fits, in one sentence. */
  readonly reason: string;
}

/** The distinct words a target is known by: its label, slug and category. */
export function targetWords(target: ReferenceTemplateTarget): string[] {
  return meaningfulWords(`${target.label} ${target.template_slug} ${target.template_category}`);
}

function quoted(words: readonly string[]): string {
  return words.map((word) => `"${word}"`).join(", ");
}

function reasonFor(
  kind: ReferenceMediaKind,
  described: boolean,
  matched: readonly string[],
): string {
  const accepts = `Accepts ${kind} media`;
  if (!described) return `${accepts}; add a description to rank targets by what the media shows.`;
  if (matched.length === 0) return `${accepts}; the description names none of its words.`;
  return `${accepts} and the description mentions ${quoted(matched)}.`;
}

/**
 * Scores a target that accepts `kind` against the description's words (undefined when no
 * description was given).
 *
 * @example
 * ```ts
 * scoreTarget(unboxingTarget, "video", ["unboxing", "headphone"]);
 * // { score: 0.67, reason: 'Accepts video media and the description mentions "unboxing".' }
 * ```
 */
export function scoreTarget(
  target: ReferenceTemplateTarget,
  kind: ReferenceMediaKind,
  descriptionWords: readonly string[] | undefined,
): TargetScore {
  const words = targetWords(target);
  const mentioned = new Set(descriptionWords ?? []);
  const matched = words.filter((word) => mentioned.has(word));
  const share = words.length === 0 ? 0 : matched.length / words.length;
  const score = Math.round((KIND_ACCEPTED_SCORE + (1 - KIND_ACCEPTED_SCORE) * share) * 100) / 100;
  return { score, reason: reasonFor(kind, descriptionWords !== undefined, matched) };
}
