/**
 * The default slide plan of a slideshow: the title on the first slide, then the
 * sentences of the product context and the prompt one per slide (or the brief's keywords
 * when they run out), and a closing line on the last. Pure and deterministic; it writes
 * from the texts it is given and translates nothing. A script writer without
 * `planSlides` is planned this way, and the simulated writer uses it.
 *
 * @module
 */
import type { PlannedSlide, SlidePlanRequest } from "../../ports/script-plans.js";
import { briefKeywords, briefTopic } from "./brief-keywords.js";
import { narrationSentences } from "./narration-text.js";
import { visualPrompt } from "./scene-plan.js";

/** Longest headline of the default plan, in characters (it is one slide's text). */
export const SLIDE_HEADLINE_MAX_LENGTH = 120;

/** Words of the brief quoted in a slide's visual prompt. */
const TOPIC_WORDS_MAX = 12;

// Closing lines of the last slide, chosen by the title so that slideshows vary.
const CLOSINGS = [
  "Save this for later.",
  "Which one will you try first?",
  "Share this with someone who needs it.",
  "Follow for more ideas like these.",
];

function fitted(text: string): string {
  const line = text.trim().replace(/\s+/gu, " ");
  if (line.length <= SLIDE_HEADLINE_MAX_LENGTH) return line;
  const cut = line.slice(0, SLIDE_HEADLINE_MAX_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > 0 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/u, "")}…`;
}

function capitalized(word: string): string {
  return word.length === 0 ? word : `${word[0]?.toLocaleUpperCase("und")}${word.slice(1)}`;
}

// A number from the text, the same on every host, to pick among variants.
function seedOf(text: string): number {
  let hash = 2166136261;
  for (const character of text) {
    hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 16777619) >>> 0;
  }
  return hash;
}

// The headlines of the middle slides: the given sentences first, then numbered keywords.
function middleHeadlines(request: SlidePlanRequest, count: number): string[] {
  const texts = [request.productContext ?? "", request.prompt ?? ""];
  const sentences = texts.flatMap(narrationSentences);
  const keywords = briefKeywords(texts.join(" "));
  return Array.from({ length: count }, (_, index) => {
    const sentence = sentences[index];
    if (sentence !== undefined) return sentence;
    const keyword = keywords[(index - sentences.length) % Math.max(1, keywords.length)];
    return keyword === undefined ? `Idea ${index + 1}` : `${index + 1}. ${capitalized(keyword)}`;
  });
}

/**
 * Plans `request.slideCount` slides: a headline and a visual prompt each.
 *
 * @example
 * ```ts
 * const slides = planSlidesFromBrief({ title: "Linen shirts", prompt: "5 ways to style a linen shirt", slideCount: 3, ... });
 * slides.map((slide) => slide.headline); // ["Linen shirts", "5 ways to style a linen shirt", "Save this for later."]
 * ```
 */
export function planSlidesFromBrief(request: SlidePlanRequest): PlannedSlide[] {
  const count = Math.max(0, request.slideCount);
  const closing = CLOSINGS[seedOf(request.title) % CLOSINGS.length] ?? "";
  const middle = middleHeadlines(request, Math.max(0, count - 2));
  const headlines = count === 1 ? [request.title] : [request.title, ...middle, closing];
  const brief = {
    topic: briefTopic(request.prompt ?? request.title, TOPIC_WORDS_MAX) || null,
    aspectRatio: request.aspectRatio,
    style: null,
    styles: [],
    brandName: request.brandKit?.name ?? null,
  };
  return headlines.slice(0, count).map((text, index) => {
    const headline = fitted(text);
    const subject = `Slide ${index + 1} of ${count}: ${headline}`;
    return { headline, visualPrompt: visualPrompt(subject, brief) };
  });
}
