/**
 * The default scene plan of a faceless video: the script cut along its sentences into
 * scenes of about {@link SCENE_TARGET_SECONDS} seconds each, a sentence never cut unless
 * it alone runs past twice that (then it is cut into beats of about that length, after
 * a comma where one is near). Each scene's visual prompt says what it narrates, in the
 * requested style, for the brief, in the brand's colours. Pure: a script writer without
 * `planScenes` is planned this way, and the simulated writer uses it.
 *
 * @module
 */
import type { PlannedScene, ScenePlanRequest } from "../../ports/script-plans.js";
import { briefTopic } from "./brief-keywords.js";
import { narrationSentences, narrationWords } from "./narration-text.js";

/** About how long a scene of the default plan lasts, in seconds. */
export const SCENE_TARGET_SECONDS = 5;

/** Most scenes a faceless video has: a 180 s video at one scene every 4.5 s. */
export const SCENES_MAX = 40;

/** Longest visual prompt the workflows send, in characters. */
export const VISUAL_PROMPT_MAX_LENGTH = 2000;

/** Words of the brief quoted in a visual prompt. */
const TOPIC_WORDS_MAX = 12;

// A sentence may run this many times the target before it is cut into beats.
const LONG_SENTENCE_FACTOR = 2;
// A scene closes before a sentence that would take it past this many times the target.
const SCENE_STRETCH_FACTOR = 1.3;
// A beat ends on a comma, semicolon or colon found this many words from its even end.
const BEAT_SLACK_WORDS = 3;

// The beats of a long sentence: about `targetWords` words each, ending after a comma
// where one is within reach of the even cut.
function beatsOf(words: readonly string[], targetWords: number): string[][] {
  if (words.length <= targetWords * LONG_SENTENCE_FACTOR) return [[...words]];
  const count = Math.round(words.length / targetWords);
  const beats: string[][] = [];
  let start = 0;
  for (let beat = 1; beat < count; beat += 1) {
    const even = Math.round((words.length * beat) / count);
    let end = even;
    for (let slack = 0; slack <= BEAT_SLACK_WORDS; slack += 1) {
      if (/[,;:]$/u.test(words[even - 1 + slack] ?? "")) {
        end = even + slack;
        break;
      }
      if (/[,;:]$/u.test(words[even - 1 - slack] ?? "")) {
        end = even - slack;
        break;
      }
    }
    if (end > start) {
      beats.push(words.slice(start, end));
      start = end;
    }
  }
  beats.push(words.slice(start));
  return beats.filter((beat) => beat.length > 0);
}

// Consecutive beats joined into scenes of about `targetWords` words.
function groupBeats(beats: readonly string[][], targetWords: number): string[][] {
  const scenes: string[][] = [];
  let current: string[] = [];
  for (const beat of beats) {
    const stretched = current.length + beat.length > targetWords * SCENE_STRETCH_FACTOR;
    if (current.length > 0 && stretched && current.length >= targetWords / 2) {
      scenes.push(current);
      current = [];
    }
    current = [...current, ...beat];
  }
  if (current.length > 0) scenes.push(current);
  return scenes;
}

// Merges the neighbouring pair with the fewest words until at most SCENES_MAX remain.
function capScenes(scenes: string[][]): string[][] {
  const capped = [...scenes];
  while (capped.length > SCENES_MAX) {
    let best = 0;
    for (let index = 1; index < capped.length - 1; index += 1) {
      const pair = (capped[index]?.length ?? 0) + (capped[index + 1]?.length ?? 0);
      const bestPair = (capped[best]?.length ?? 0) + (capped[best + 1]?.length ?? 0);
      if (pair < bestPair) best = index;
    }
    capped.splice(best, 2, [...(capped[best] ?? []), ...(capped[best + 1] ?? [])]);
  }
  return capped;
}

/** What a visual prompt is written for: the brief, the look and the brand. */
export interface VisualBrief {
  /** What the video or slideshow is about; null when unknown. */
  readonly topic: string | null;
  /** Aspect ratio, such as `9:16`. */
  readonly aspectRatio: string;
  /** The main style; null when none. */
  readonly style: string | null;
  /** Further named styles. */
  readonly styles: readonly string[];
  /** The brand's name, when a brand kit is given. */
  readonly brandName: string | null;
}

/**
 * A visual prompt for `subject`: what to show, for the brief, in its style and brand, at
 * most {@link VISUAL_PROMPT_MAX_LENGTH} characters.
 *
 * @example
 * ```ts
 * visualPrompt("Octopuses have three hearts.", { topic: "Octopus facts", aspectRatio: "9:16", style: "cinematic", styles: [], brandName: null });
 * // 'Octopuses have three hearts. A 9:16 picture for "Octopus facts", cinematic style.'
 * ```
 */
export function visualPrompt(subject: string, brief: VisualBrief): string {
  const topic = brief.topic === null || brief.topic === "" ? "" : ` for "${brief.topic}"`;
  const styles = [brief.style, ...brief.styles].filter(
    (style): style is string => style !== null && style.trim() !== "",
  );
  const look = styles.length === 0 ? "" : `, ${styles.join(", ")} style`;
  const brand = brief.brandName === null ? "" : `, in the colours of the ${brief.brandName} brand`;
  const trimmed = subject.trim();
  const sentence = /[.!?…]["'”’)]*$/u.test(trimmed) ? trimmed : `${trimmed}.`;
  const prompt = `${sentence} A ${brief.aspectRatio} picture${topic}${look}${brand}.`;
  return prompt.length <= VISUAL_PROMPT_MAX_LENGTH
    ? prompt
    : `${prompt.slice(0, VISUAL_PROMPT_MAX_LENGTH - 1)}…`;
}

/**
 * Plans the scenes of `request.script` by its sentences. Every word of the script is in
 * exactly one scene, in order; an empty script has no scenes.
 *
 * @example
 * ```ts
 * const scenes = planScenesBySentences({ script: "One fact. Another fact.", wordsPerSecond: 2.5, ... });
 * scenes.map((scene) => scene.text); // ["One fact. Another fact."]
 * ```
 */
export function planScenesBySentences(request: ScenePlanRequest): PlannedScene[] {
  const targetWords = Math.max(1, Math.round(SCENE_TARGET_SECONDS * request.wordsPerSecond));
  const beats = narrationSentences(request.script).flatMap((sentence) =>
    beatsOf(narrationWords(sentence), targetWords),
  );
  const brief: VisualBrief = {
    topic: briefTopic(request.prompt ?? "", TOPIC_WORDS_MAX) || null,
    aspectRatio: request.aspectRatio,
    style: request.imageStyle,
    styles: request.styles,
    brandName: request.brandKit?.name ?? null,
  };
  return capScenes(groupBeats(beats, targetWords)).map((words) => {
    const text = words.join(" ");
    return {
      text,
      visualPrompt: visualPrompt(text, brief),
      targetSeconds: Math.round((words.length / request.wordsPerSecond) * 100) / 100,
    };
  });
}
