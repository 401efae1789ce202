/**
 * What the workflows accept from a script writer's plan. A writer is a provider (a
 * language model, later): its answer is checked like any input before anything is built
 * on it, and an unusable answer fails the step as the provider's failure.
 *
 * @module
 */

import type { PlannedScene, PlannedSlide } from "../../ports/script-plans.js";
import { err, ok, type Result } from "../../result.js";
import { TEXT_MAX_LENGTH } from "../../schemas/limits.js";
import { comparableWord, narrationWords } from "./narration-text.js";
import { SCENES_MAX, VISUAL_PROMPT_MAX_LENGTH } from "./scene-plan.js";

/** A plan that can be built on, or a sentence saying why not. */
export type PlanCheck = Result<void, string>;

const PASSED: PlanCheck = ok(undefined);

// The letters and digits of a text in order, whatever its spaces and punctuation.
function spokenLetters(text: string): string {
  return narrationWords(text).map(comparableWord).join("");
}

function checkPrompt(prompt: unknown, where: string): PlanCheck {
  if (typeof prompt !== "string" || prompt.trim() === "") {
    return err(`${where} has no visual prompt.`);
  }
  if (prompt.length > VISUAL_PROMPT_MAX_LENGTH) {
    return err(`${where} has a visual prompt over ${VISUAL_PROMPT_MAX_LENGTH} characters.`);
  }
  return PASSED;
}

/**
 * Accepts scenes that narrate `script` whole and in order (the same letters and digits,
 * whatever the spacing and punctuation), 1 to {@link SCENES_MAX} of them, each with words
 * and a visual prompt.
 */
export function checkScenePlan(script: string, scenes: readonly PlannedScene[]): PlanCheck {
  if (!Array.isArray(scenes) || scenes.length < 1 || scenes.length > SCENES_MAX) {
    return err(`A scene plan has 1 to ${SCENES_MAX} scenes.`);
  }
  for (const [index, scene] of scenes.entries()) {
    const where = `Scene ${index + 1}`;
    if (typeof scene?.text !== "string" || narrationWords(scene.text).length === 0) {
      return err(`${where} narrates no words.`);
    }
    const prompt = checkPrompt(scene.visualPrompt, where);
    if (!prompt.ok) return prompt;
  }
  const planned = scenes.map((scene) => spokenLetters(scene.text)).join("");
  if (planned !== spokenLetters(script)) {
    return err("The scenes do not narrate the script whole and in order.");
  }
  return PASSED;
}

/** Accepts exactly `slideCount` slides, each with a headline and a visual prompt. */
export function checkSlidePlan(slideCount: number, slides: readonly PlannedSlide[]): PlanCheck {
  if (!Array.isArray(slides) || slides.length !== slideCount) {
    return err(`A slide plan has exactly ${slideCount} slides.`);
  }
  for (const [index, slide] of slides.entries()) {
    const where = `Slide ${index + 1}`;
    const headline = slide?.headline;
    if (typeof headline !== "string" || headline.trim() === "") {
      return err(`${where} has no headline.`);
    }
    if (headline.length > TEXT_MAX_LENGTH) {
      return err(`${where} has a headline over ${TEXT_MAX_LENGTH} characters.`);
    }
    const prompt = checkPrompt(slide.visualPrompt, where);
    if (!prompt.ok) return prompt;
  }
  return PASSED;
}
