/**
 * The voices the local engines speak with: each reelkit voice id maps to an engine and
 * that engine's voice, with the locales, gender, age and style a workspace lists (GET
 * /assets, `recommend_voice`) and the sentence its preview says. English voices are
 * flite's (its four full voices); other languages are espeak-ng's, with one of its
 * voice variants for a female or male timbre.
 *
 * @module
 */

/** A synthesizer of this machine. */
export type LocalSpeechEngine = "flite" | "espeak-ng";

/** One local voice. */
export interface LocalVoice {
  /** The reelkit voice id, passed as `voice_id`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** The engine that speaks it. */
  readonly engine: LocalSpeechEngine;
  /** The engine's voice: a flite voice name, or an espeak-ng language with a variant. */
  readonly engineVoice: string;
  /** Locales it speaks, its own first, such as `en-US`. */
  readonly locale: readonly string[];
  /** Perceived gender: `female` or `male`. */
  readonly gender: "female" | "male";
  /** Perceived age group, in the demo workspace's words (`adult`, `young_adult`). */
  readonly age: string;
  /** Style keywords. */
  readonly styleTags: readonly string[];
  /** When to choose it, in one sentence. */
  readonly summary: string;
  /** What its preview says, in its own language. */
  readonly previewText: string;
}

/** The voice spoken when a request names none and asks for no other language. */
export const LOCAL_DEFAULT_VOICE_ID = "ash";

/** The local voices, English first. */
export const LOCAL_VOICES: readonly LocalVoice[] = [
  {
    id: "ash",
    name: "Ash",
    engine: "flite",
    engineVoice: "rms",
    locale: ["en-US"],
    gender: "male",
    age: "adult",
    styleTags: ["calm", "warm", "narration"],
    summary: "A calm, warm narrator for explainers and faceless videos.",
    previewText: "Hi, I am Ash. I narrate explainers in a calm and steady voice.",
  },
  {
    id: "nova",
    name: "Nova",
    engine: "flite",
    engineVoice: "slt",
    locale: ["en-US"],
    gender: "female",
    age: "young_adult",
    styleTags: ["energetic", "upbeat", "ads"],
    summary: "An upbeat voice for short ads and product launches.",
    previewText: "Hello, this is Nova. Let me tell you about something new today.",
  },
  {
    id: "kai",
    name: "Kai",
    engine: "flite",
    engineVoice: "kal16",
    locale: ["en-US"],
    gender: "male",
    age: "adult",
    styleTags: ["clear", "neutral", "tutorial"],
    summary: "A clear, even voice for tutorials and step by step guides.",
    previewText: "I am Kai. First open the settings, then choose your plan.",
  },
  {
    id: "rowan",
    name: "Rowan",
    engine: "flite",
    engineVoice: "awb",
    locale: ["en-GB"],
    gender: "male",
    age: "adult",
    styleTags: ["scottish", "friendly", "storytelling"],
    summary: "A friendly Scottish voice for stories and travel videos.",
    previewText: "Good evening, my name is Rowan. Here is a story from the north.",
  },
  {
    id: "sol",
    name: "Sol",
    engine: "espeak-ng",
    engineVoice: "es+f3",
    locale: ["es-ES", "es-MX"],
    gender: "female",
    age: "adult",
    styleTags: ["friendly", "conversational"],
    summary: "A friendly Spanish voice for conversational content.",
    previewText: "Hola, soy Sol. Te cuento las novedades de hoy.",
  },
  {
    id: "lena",
    name: "Lena",
    engine: "espeak-ng",
    engineVoice: "de+f2",
    locale: ["de-DE"],
    gender: "female",
    age: "adult",
    styleTags: ["clear", "professional"],
    summary: "A clear German voice for product explainers.",
    previewText: "Hallo, ich bin Lena. Ich erkläre Ihnen unser neues Produkt.",
  },
  {
    id: "remy",
    name: "Rémy",
    engine: "espeak-ng",
    engineVoice: "fr-fr+m3",
    locale: ["fr-FR"],
    gender: "male",
    age: "adult",
    styleTags: ["warm", "narration"],
    summary: "A warm French narrator for stories and documentaries.",
    previewText: "Bonjour, je suis Rémy. Je vous raconte une belle histoire.",
  },
  {
    id: "bruno",
    name: "Bruno",
    engine: "espeak-ng",
    engineVoice: "pt-br+m1",
    locale: ["pt-BR"],
    gender: "male",
    age: "adult",
    styleTags: ["energetic", "ads"],
    summary: "An energetic Brazilian Portuguese voice for ads.",
    previewText: "Olá, eu sou o Bruno. Confira as ofertas de hoje.",
  },
  {
    id: "giulia",
    name: "Giulia",
    engine: "espeak-ng",
    engineVoice: "it+f4",
    locale: ["it-IT"],
    gender: "female",
    age: "young_adult",
    styleTags: ["lively", "social"],
    summary: "A lively Italian voice for social videos.",
    previewText: "Ciao, sono Giulia. Oggi vi mostro una novità.",
  },
];

/** The primary language subtag of a locale or language tag, lower case: `pt-BR` gives `pt`. */
export function primaryLanguageOf(tag: string): string {
  return (tag.toLowerCase().split(/[-_]/)[0] ?? "").trim();
}

/** Whether `voice` speaks `language` (a tag such as `en`, `en-GB` or `pt-BR`). */
export function voiceSpeaks(voice: LocalVoice, language: string): boolean {
  const primary = primaryLanguageOf(language);
  return voice.locale.some((locale) => primaryLanguageOf(locale) === primary);
}
