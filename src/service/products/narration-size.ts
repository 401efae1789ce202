/**
 * How long a faceless video's narration may be. The narration becomes one `add_voiceover`
 * item of the video's project, so it keeps that operation's limits (spec 4.14 rule 3,
 * section 8): at most {@link VOICEOVER_MAX_WORDS} spoken words and
 * {@link VOICEOVER_TEXT_MAX_LENGTH} characters. A given script past them is refused at
 * the request; a written one is sized below them, and a writer's longer answer is cut to
 * the whole sentences that fit.
 *
 * @module
 */

import { err, ok, type Result } from "../../result.js";
import { VOICEOVER_MAX_WORDS, VOICEOVER_TEXT_MAX_LENGTH } from "../../schemas/limits.js";
import { countSpokenWords } from "../../schemas/spoken-words.js";
import { narrationSentences } from "./narration-text.js";

/** A narration too large for one voiceover: which limit it passes, and its size. */
export interface NarrationOverflow {
  /** `too_many_words` or `too_long`. */
  readonly reason: "too_many_words" | "too_long";
  /** Its spoken words. */
  readonly words: number;
  /** Its characters. */
  readonly characters: number;
}

/** Whether a narration fits one voiceover, and its size when it does not. */
export type NarrationFit = Result<void, NarrationOverflow>;

/**
 * Whether `script` fits one voiceover.
 *
 * @example
 * ```ts
 * narrationFit("Octopuses have three hearts."); // { ok: true, value: undefined }
 * ```
 */
export function narrationFit(script: string): NarrationFit {
  const words = countSpokenWords(script);
  const characters = script.length;
  if (words > VOICEOVER_MAX_WORDS) return err({ reason: "too_many_words", words, characters });
  if (characters > VOICEOVER_TEXT_MAX_LENGTH) {
    return err({ reason: "too_long", words, characters });
  }
  return ok(undefined);
}

/**
 * Spoken words a script of `durationSeconds` is written with at `wordsPerSecond`, at
 * least one and at most what one voiceover holds.
 *
 * @example
 * ```ts
 * scriptWordTarget(20, 2.5); // 50
 * ```
 */
export function scriptWordTarget(durationSeconds: number, wordsPerSecond: number): number {
  return Math.min(VOICEOVER_MAX_WORDS, Math.max(1, Math.round(durationSeconds * wordsPerSecond)));
}

/**
 * `script` as narrated: itself when it fits one voiceover, otherwise its leading whole
 * sentences that fit (or, when not even the first does, its leading words that fit).
 */
export function fittedScript(script: string): string {
  if (narrationFit(script).ok) return script;
  let fitted = "";
  for (const sentence of narrationSentences(script)) {
    const longer = fitted === "" ? sentence : `${fitted} ${sentence}`;
    if (!narrationFit(longer).ok) break;
    fitted = longer;
  }
  if (fitted !== "") return fitted;
  const words: string[] = [];
  for (const word of script.split(/\s+/u).filter((part) => part !== "")) {
    if (!narrationFit([...words, word].join(" ")).ok) break;
    words.push(word);
  }
  return words.join(" ");
}
