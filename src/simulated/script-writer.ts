/**
 * A simulated script writer: it writes a plain narration from the prompt, long enough
 * for the requested duration at an unhurried speaking pace. A deployment plugs in a
 * language model through the same port.
 *
 * @module
 */
import type { ScriptWriter } from "../service/ports/jobs.js";

/** Spoken words per second the simulated script is paced for. */
export const SIMULATED_WORDS_PER_SECOND = 2.5;

/**
 * Creates the simulated script writer.
 *
 * @example
 * ```ts
 * const script = await createSimulatedScriptWriter().write({ prompt: "Cold brew at home", durationSeconds: 26, language: "en" });
 * ```
 */
export function createSimulatedScriptWriter(): ScriptWriter {
  return {
    async write(request) {
      const topic = request.prompt.trim().replace(/\s+/g, " ") || "today's topic";
      const sentences = [
        `Here is something worth knowing about ${topic}.`,
        "Most people never stop to think about it, but the details make all the difference.",
        "Start small, stay consistent, and watch what changes.",
        "Follow for more ideas like this one.",
      ];
      const targetWords = Math.max(
        8,
        Math.round(request.durationSeconds * SIMULATED_WORDS_PER_SECOND),
      );
      const words: string[] = [];
      for (let index = 0; words.length < targetWords; index += 1) {
        words.push(...(sentences[index % sentences.length] as string).split(" "));
      }
      return words
        .slice(0, targetWords)
        .join(" ")
        .replace(/[^.!?]$/, (last) => `${last}.`);
    },
  };
}
