/**
 * Reading a free-text voice description for the cues `recommend_voice` ranks by: the
 * locale or language, the gender, the age group and the style words.
 *
 * @module
 */
import { meaningfulWords } from "../references/description-words.js";

/** The age groups descriptions and voices are compared in. */
export type AgeGroup = "young" | "adult" | "senior";

/** What a description asks of a voice. */
export interface VoiceCues {
  /** Full locale tags, lowercased (`en-gb`), from tags or region words. */
  readonly locales: readonly string[];
  /** Language codes, lowercased (`en`), from language names and the locales. */
  readonly languages: readonly string[];
  /** The gender asked for; undefined when none or both are named. */
  readonly gender: "female" | "male" | undefined;
  /** The age group asked for; undefined when none is named. */
  readonly age: AgeGroup | undefined;
  /** The meaningful words, for style tags and summaries. */
  readonly words: readonly string[];
}

const LANGUAGE_WORDS: Readonly<Record<string, string>> = {
  english: "en",
  spanish: "es",
  french: "fr",
  german: "de",
  italian: "it",
  portuguese: "pt",
  japanese: "ja",
  chinese: "zh",
  mandarin: "zh",
  korean: "ko",
  hindi: "hi",
  arabic: "ar",
  dutch: "nl",
  polish: "pl",
  turkish: "tr",
  swedish: "sv",
};

const REGION_WORDS: Readonly<Record<string, string>> = {
  british: "en-gb",
  uk: "en-gb",
  american: "en-us",
  us: "en-us",
  usa: "en-us",
  australian: "en-au",
  canadian: "en-ca",
  irish: "en-ie",
  mexican: "es-mx",
  castilian: "es-es",
  spain: "es-es",
  brazilian: "pt-br",
  quebec: "fr-ca",
};

const GENDER_WORDS: Readonly<Record<string, "female" | "male">> = {
  female: "female",
  woman: "female",
  women: "female",
  feminine: "female",
  girl: "female",
  lady: "female",
  she: "female",
  her: "female",
  male: "male",
  man: "male",
  men: "male",
  masculine: "male",
  guy: "male",
  boy: "male",
  he: "male",
  him: "male",
  his: "male",
};

const AGE_WORDS: Readonly<Record<string, AgeGroup>> = {
  young: "young",
  youthful: "young",
  teen: "young",
  teenage: "young",
  teenager: "young",
  student: "young",
  adult: "adult",
  middle: "adult",
  mature: "adult",
  old: "senior",
  older: "senior",
  elderly: "senior",
  senior: "senior",
  grandma: "senior",
  grandpa: "senior",
};

// Locale tags such as en-GB or pt_BR written in the description.
const LOCALE_TAG = /\b([a-z]{2,3})[-_]([a-z]{2})\b/gi;

function distinct<Value>(values: readonly (Value | undefined)[]): Value[] {
  return [...new Set(values.filter((value): value is Value => value !== undefined))];
}

// Own entries only: a word such as "constructor" must not find Object.prototype's.
function lookup<Value>(table: Readonly<Record<string, Value>>, word: string): Value | undefined {
  return Object.hasOwn(table, word) ? table[word] : undefined;
}

function only<Value>(values: readonly Value[]): Value | undefined {
  return values.length === 1 ? values[0] : undefined;
}

/** The age group a voice's `age` value names (`young_adult` is young). */
export function ageGroupOf(age: string): AgeGroup | undefined {
  const text = age.toLowerCase();
  if (/young|teen|child|kid/.test(text)) return "young";
  if (/senior|old|elder/.test(text)) return "senior";
  if (/adult|middle|mature/.test(text)) return "adult";
  return undefined;
}

/**
 * The cues of a description.
 *
 * @example
 * ```ts
 * const cues = voiceCuesOf("Warm British woman for a skincare ad");
 * cues.locales; // ["en-gb"]
 * cues.gender; // "female"
 * ```
 */
export function voiceCuesOf(description: string): VoiceCues {
  const tokens = description.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const tagged = [...description.matchAll(LOCALE_TAG)].map((match) =>
    `${match[1]}-${match[2]}`.toLowerCase(),
  );
  const locales = distinct([...tagged, ...tokens.map((token) => lookup(REGION_WORDS, token))]);
  const languages = distinct([
    ...tokens.map((token) => lookup(LANGUAGE_WORDS, token)),
    ...locales.map((locale) => locale.split("-")[0]),
  ]);
  return {
    locales,
    languages,
    gender: only(distinct(tokens.map((token) => lookup(GENDER_WORDS, token)))),
    age: only(distinct(tokens.map((token) => lookup(AGE_WORDS, token)))),
    words: meaningfulWords(description),
  };
}
