/**
 * A simulated script writer: it writes a plain English narration about the prompt from a
 * stock of sentence patterns filled with the prompt's topic and keywords, picked and
 * ordered by the prompt (so two prompts read differently, and one prompt the same on
 * every run), in whole sentences whose words come as close to the requested duration at
 * the voice's pace as whole sentences can. It writes English whatever `language` says,
 * and plans scenes and slides with the service's deterministic defaults. A deployment
 * plugs in a language model through the same port.
 *
 * @module
 */
import type { ScriptWriter } from "../ports/jobs.js";
import { briefKeywords, briefTopic } from "../service/products/brief-keywords.js";
import { scriptWordTarget } from "../service/products/narration-size.js";
import { narrationWords } from "../service/products/narration-text.js";
import { planScenesBySentences } from "../service/products/scene-plan.js";
import { planSlidesFromBrief } from "../service/products/slide-plan.js";

/** Spoken words per second the simulated speech speaks at. */
export const SIMULATED_WORDS_PER_SECOND = 2.5;

/** Words of the prompt the simulated script names as its topic. */
const TOPIC_WORDS_MAX = 8;

const OPENINGS = [
  "Here is something worth knowing about {topic}.",
  "Let's talk about {topic}, because it matters more than you think.",
  "Most people get {topic} wrong, and here is why.",
  "If you care about {topic}, stay for the next few seconds.",
];

const MIDDLES = [
  "It starts with {a}, and that changes everything.",
  "Think about {a} for a moment.",
  "Most guides skip the part about {b}.",
  "The secret is simple: pay attention to {a} before anything else.",
  "Once you see how {a} connects to {b}, it all clicks.",
  "Small changes to {b} add up faster than you expect.",
  "Experts agree that {a} matters more than it looks.",
  "Here is a quick way to remember it.",
  "Picture {a} on an ordinary morning.",
  "Now compare that with {b}.",
  "That is why {topic} keeps surprising people.",
  "The numbers tell the same story.",
  "Try it once and you will notice the difference.",
  "The next part is where most people give up.",
  "Keep going, because the payoff is worth it.",
  "A little patience with {c} goes a long way.",
  "There is one detail almost everyone gets wrong.",
  "It is not about doing more; it is about doing {a} better.",
  "Ask yourself what {b} really needs.",
  "The answer is usually hiding in plain sight.",
  "Start small, stay consistent, and watch what changes.",
  "Every expert once started exactly where you are now.",
  "What happens next might surprise you.",
  "Here is the simplest version of the idea.",
  "Put {b} first, and the rest falls into place.",
  "The difference usually shows up within a week.",
  "Nobody talks about {c}, yet it shapes the result.",
  "Write it down, because you will want it later.",
  "One honest question about {a} can save you hours.",
  "The best part is that anyone can do this.",
];

const CLOSINGS = [
  "Follow for more about {topic}.",
  "Save this, and share it with someone who needs it.",
  "Now you know more about {topic} than most people.",
  "Try it today and see for yourself.",
];

// A number from the text, the same on every host.
function seedOf(text: string): number {
  let hash = 2166136261;
  for (const character of text) {
    hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 16777619) >>> 0;
  }
  return hash;
}

// A small seeded generator (mulberry32): the same seed, the same sequence.
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

interface Fill {
  readonly topic: string;
  readonly keywords: readonly string[];
}

// The topic inside a sentence: a leading capital of an ordinary word ("Three facts")
// drops, an acronym's ("NASA missions") stays.
function midSentence(topic: string): string {
  return /^\p{Lu}\p{Ll}/u.test(topic)
    ? `${topic[0]?.toLocaleLowerCase("en")}${topic.slice(1)}`
    : topic;
}

function filled(pattern: string, fill: Fill, turn: number): string {
  const keyword = (offset: number) =>
    fill.keywords.length === 0
      ? "it"
      : (fill.keywords[(turn + offset) % fill.keywords.length] as string);
  const topic = pattern.startsWith("{topic}") ? fill.topic : midSentence(fill.topic);
  return pattern
    .replaceAll("{topic}", topic)
    .replaceAll("{a}", keyword(0))
    .replaceAll("{b}", keyword(1))
    .replaceAll("{c}", keyword(2));
}

const wordsIn = (sentence: string) => narrationWords(sentence).length;

// The middle sentences, in the prompt's order, cycling with other keywords once used up,
// added while they bring the script closer to `target` words.
function middleSentences(fill: Fill, random: () => number, room: number): string[] {
  const order = shuffled(MIDDLES, random);
  const chosen: string[] = [];
  let words = 0;
  for (let turn = 0; words < room; turn += 1) {
    const sentence = filled(order[turn % order.length] as string, fill, turn);
    const next = words + wordsIn(sentence);
    if (next > room && next - room > room - words) break;
    chosen.push(sentence);
    words = next;
  }
  return chosen;
}

/**
 * Creates the simulated script writer.
 *
 * @example
 * ```ts
 * const script = await createSimulatedScriptWriter().write({
 *   prompt: "Cold brew at home",
 *   durationSeconds: 26,
 *   language: "en",
 *   wordsPerSecond: 2.5,
 * }); // about 65 words, ending on a full stop
 * ```
 */
export function createSimulatedScriptWriter(): ScriptWriter {
  return {
    async write(request) {
      const prompt = request.prompt.trim().replace(/\s+/gu, " ");
      const topic = briefTopic(prompt, TOPIC_WORDS_MAX) || "today's topic";
      const fill: Fill = { topic, keywords: briefKeywords(prompt) };
      const random = randomFrom(seedOf(prompt));
      const target = scriptWordTarget(request.durationSeconds, request.wordsPerSecond);
      const opening = filled(OPENINGS[seedOf(topic) % OPENINGS.length] as string, fill, 0);
      const closing = filled(CLOSINGS[seedOf(prompt) % CLOSINGS.length] as string, fill, 1);
      const frame = wordsIn(opening) + wordsIn(closing);
      // A script too short for an opening and a closing is the opening alone.
      if (target < frame) return opening;
      const middle = middleSentences(fill, random, target - frame);
      return [opening, ...middle, closing].join(" ");
    },
    async planScenes(request) {
      return planScenesBySentences(request);
    },
    async planSlides(request) {
      return planSlidesFromBrief(request);
    },
  };
}
