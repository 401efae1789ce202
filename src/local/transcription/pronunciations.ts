/**
 * How the recognizer is told to say a word of a known text: the CMU dictionary of its
 * model first, and flite's letter-to-sound rules (`t2p`) for words it lacks (numbers,
 * names, abbreviations), their phones written in the model's phone set. A word neither
 * can say is left to be placed between its neighbours.
 *
 * @module
 */
import { readFile } from "node:fs/promises";
import type { EngineRunner } from "../engine-runner.js";

/** Pronunciations by word, each a list of phones in the model's set (`HH AH L OW`). */
export type PronunciationDictionary = ReadonlyMap<string, readonly string[]>;

// flite's phones that the US English model spells otherwise or splits.
const FLITE_TO_MODEL: Readonly<Record<string, string>> = {
  ax: "AH",
  axr: "ER",
  el: "AH L",
  em: "AH M",
  en: "AH N",
  nx: "N",
};

const loaded = new Map<string, Promise<PronunciationDictionary>>();

// `hello HH AH L OW` and `hello(2) HH EH L OW`: every variant of a word under its name.
function parseDictionary(text: string): Map<string, string[]> {
  const dictionary = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const space = line.indexOf(" ");
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/, "");
    const phones = line.slice(space + 1).trim();
    if (phones === "") continue;
    const variants = dictionary.get(word);
    if (variants === undefined) dictionary.set(word, [phones]);
    else variants.push(phones);
  }
  return dictionary;
}

/** The dictionary at `path`, read once per process (it holds some 134,000 words). */
export function loadPronunciationDictionary(path: string): Promise<PronunciationDictionary> {
  let dictionary = loaded.get(path);
  if (dictionary === undefined) {
    dictionary = readFile(path, "utf8").then(parseDictionary);
    dictionary.catch(() => loaded.delete(path));
    loaded.set(path, dictionary);
  }
  return dictionary;
}

/**
 * The spelling a token is looked up by: lower case, straight apostrophes, without the
 * punctuation around it.
 *
 * @example
 * ```ts
 * lookupSpelling("“It’s,"); // "it's"
 * ```
 */
export function lookupSpelling(token: string): string {
  return token
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

// A hyphenated or slashed word the dictionary lacks whole is said part by part.
function fromDictionary(spelling: string, dictionary: PronunciationDictionary): string[] {
  const whole = dictionary.get(spelling);
  if (whole !== undefined) return [...whole];
  const parts = spelling.split(/[-/]+/).filter((part) => part !== "");
  if (parts.length < 2) return [];
  const said = parts.map((part) => dictionary.get(part)?.[0]);
  return said.every((phones) => phones !== undefined) ? [said.join(" ")] : [];
}

/** flite's phones (`pau hh ax l ow1 pau`) in the model's set (`HH AH L OW`). */
export function modelPhonesOfFlite(output: string): string {
  return output
    .trim()
    .split(/\s+/)
    .filter((phone) => phone !== "" && phone !== "pau")
    .map((phone) => {
      const bare = phone.replace(/[0-9]$/, "");
      return FLITE_TO_MODEL[bare] ?? bare.toUpperCase();
    })
    .join(" ");
}

/** What saying the tokens needs. */
export interface PronunciationSources {
  /** The model's dictionary. */
  readonly dictionary: PronunciationDictionary;
  /** Runs `t2p` on a text, or undefined when flite's t2p is not installed. */
  readonly letterToSound: ((text: string) => Promise<string>) | undefined;
}

/**
 * Each token's pronunciations (one or more phone strings), or an empty list for a
 * token neither the dictionary nor the letter-to-sound rules can say.
 */
export async function pronounceTokens(
  tokens: readonly string[],
  sources: PronunciationSources,
): Promise<string[][]> {
  const pronounced: string[][] = [];
  const guessed = new Map<string, string>();
  for (const token of tokens) {
    const spelling = lookupSpelling(token);
    const known = spelling === "" ? [] : fromDictionary(spelling, sources.dictionary);
    if (known.length > 0 || sources.letterToSound === undefined || spelling === "") {
      pronounced.push(known);
      continue;
    }
    let phones = guessed.get(spelling);
    if (phones === undefined) {
      phones = modelPhonesOfFlite(await sources.letterToSound(token));
      guessed.set(spelling, phones);
    }
    pronounced.push(phones === "" ? [] : [phones]);
  }
  return pronounced;
}

/** `t2p` through the runner, for {@link PronunciationSources}. */
export function fliteLetterToSound(
  runner: EngineRunner,
  command: { readonly program: string; readonly cwd: string; readonly timeoutSeconds: number },
): (text: string) => Promise<string> {
  return async (text) => (await runner.exec({ engine: "flite", args: [text], ...command })).stdout;
}
