/**
 * `recommend_voice`: the workspace voices of GET /assets ranked against a free-text
 * description by locale, gender, age and style (spec 4.19), each with its score and the
 * reason for it.
 *
 * @module
 */
import type { Voice } from "../../schemas/assets.js";
import { success } from "../pipeline/results.js";
import { meaningfulWords } from "../references/description-words.js";
import { recommendVoiceInputSchema } from "./agent-schemas.js";
import { agentUseCase } from "./agent-use-case.js";
import { ageGroupOf, type VoiceCues, voiceCuesOf } from "./voice-cues.js";

/** Points of each kind of match; a locale outweighs gender, which outweighs age and style. */
export const VOICE_MATCH_POINTS = {
  locale: 3,
  language: 2,
  gender: 2,
  age: 1.5,
  styleTag: 1,
  summaryWord: 0.25,
  summaryWordsMax: 1,
} as const;

/** A voice with how well it fits the description. */
export interface RankedVoice {
  /** The voice. */
  readonly voice: Voice;
  /** Sum of the points of every match, rounded to hundredths; 0 when nothing matched. */
  readonly score: number;
  /** What matched, in words. */
  readonly reason: string;
}

// "narration" fits "narrator": words sharing their first five letters count as one.
function sameWord(left: string, right: string): boolean {
  if (left === right) return true;
  return left.length >= 5 && right.length >= 5 && left.slice(0, 5) === right.slice(0, 5);
}

function localePoints(voice: Voice, cues: VoiceCues): [number, string] | undefined {
  const locales = voice.locale.map((locale) => locale.toLowerCase());
  const exact = voice.locale.find((_, index) => cues.locales.includes(locales[index] ?? ""));
  if (exact !== undefined) return [VOICE_MATCH_POINTS.locale, `speaks ${exact}`];
  const language = voice.locale.find((locale) =>
    cues.languages.includes(locale.toLowerCase().split(/[-_]/)[0] ?? ""),
  );
  return language === undefined ? undefined : [VOICE_MATCH_POINTS.language, `speaks ${language}`];
}

/** Scores one voice against the cues of a description. */
export function rankVoice(voice: Voice, cues: VoiceCues): RankedVoice {
  const matches: [number, string][] = [];
  const locale = localePoints(voice, cues);
  if (locale !== undefined) matches.push(locale);
  if (cues.gender !== undefined && voice.gender.toLowerCase() === cues.gender) {
    matches.push([VOICE_MATCH_POINTS.gender, `${voice.gender} voice`]);
  }
  if (cues.age !== undefined && ageGroupOf(voice.age) === cues.age) {
    matches.push([VOICE_MATCH_POINTS.age, `age ${voice.age}`]);
  }
  const tags = voice.style_tags.filter((tag) =>
    meaningfulWords(tag).some((word) => cues.words.some((cue) => sameWord(word, cue))),
  );
  if (tags.length > 0)
    matches.push([tags.length * VOICE_MATCH_POINTS.styleTag, `style ${tags.join(", ")}`]);
  const summaryWords = meaningfulWords(voice.recommendation_summary).filter(
    (word) => !tags.includes(word) && cues.words.some((cue) => sameWord(word, cue)),
  );
  if (summaryWords.length > 0) {
    const points = Math.min(
      summaryWords.length * VOICE_MATCH_POINTS.summaryWord,
      VOICE_MATCH_POINTS.summaryWordsMax,
    );
    matches.push([points, `suited to ${summaryWords.join(", ")}`]);
  }
  const score = Math.round(matches.reduce((sum, [points]) => sum + points, 0) * 100) / 100;
  const reason =
    matches.length === 0
      ? "Nothing in the description matched this voice."
      : `Matches: ${matches.map(([, text]) => text).join("; ")}.`;
  return { voice, score, reason };
}

/** The voices best first; equal scores keep the workspace's order. */
export function rankVoices(voices: readonly Voice[], description: string): RankedVoice[] {
  const cues = voiceCuesOf(description);
  return voices.map((voice) => rankVoice(voice, cues)).sort((a, b) => b.score - a.score);
}

/** The ranked voices, at most `limit`, each with the voice's fields plus score and reason. */
export const recommendVoice = agentUseCase(
  "recommendVoice",
  recommendVoiceInputSchema,
  async ({ deps, caller, input }) => {
    const assets = await deps.workspace.assets(caller.organization.id);
    const ranked = rankVoices(assets.voices, input.description).slice(0, input.limit);
    return success({
      object: "voice_recommendations",
      description: input.description,
      voices: ranked.map(({ voice, score, reason }) => ({ ...voice, score, reason })),
    });
  },
);
