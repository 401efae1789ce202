/**
 * The ElevenLabs account's voices as a workspace lists them (GET /assets,
 * `recommend_voice`): each voice of `GET /v2/voices` with its locales, gender, age and
 * style from ElevenLabs' labels, and its preview downloaded into the media storage, so
 * the `preview_url` handed out is the deployment's own.
 *
 * @module
 */
import type { ElevenLabs } from "@elevenlabs/elevenlabs-js";
import { meteredStream } from "../provider-calls/metered-stream.js";
import type { Voice } from "../schemas/assets.js";
import { callElevenLabs } from "./elevenlabs-calls.js";
import { type ElevenLabsStoringOptions, elevenLabsSettings } from "./elevenlabs-options.js";

/** Most voices listed: one page of `GET /v2/voices` (its largest page size). */
export const ELEVENLABS_VOICES_MAX = 100;

/** The largest voice preview stored, in bytes. */
export const ELEVENLABS_PREVIEW_MAX_BYTES = 5 * 1024 * 1024;

/** Credits of a 9:16 and a 16:9 faceless video with an ElevenLabs voice, unless the options say. */
export const ELEVENLABS_VOICE_CREDITS_DEFAULT = { credits_9_16: 60, credits_16_9: 80 } as const;

/** How the voice list is configured. */
export interface ElevenLabsVoiceListOptions extends ElevenLabsStoringOptions {
  /** Credits of a faceless video with each voice; {@link ELEVENLABS_VOICE_CREDITS_DEFAULT}. */
  readonly credits?: { readonly credits_9_16: number; readonly credits_16_9: number } | undefined;
  /** Fetches the previews; the global `fetch` when omitted. */
  readonly fetch?: typeof fetch | undefined;
}

/** The account's voices. */
export interface ElevenLabsVoiceList {
  /**
   * The voices, each with its preview stored. A voice without a preview, or whose
   * preview cannot be fetched, is left out, so no listed voice has a preview that does
   * not play.
   */
  list(): Promise<Voice[]>;
}

function localesOf(voice: ElevenLabs.Voice): string[] {
  const verified = (voice.verifiedLanguages ?? []).map(
    (language) => language.locale ?? language.language,
  );
  const labelled = voice.labels?.language === undefined ? [] : [voice.labels.language];
  return [...new Set([...verified, ...labelled])];
}

function assetOf(
  voice: ElevenLabs.Voice,
  previewUrl: string,
  credits: NonNullable<ElevenLabsVoiceListOptions["credits"]>,
): Voice {
  const labels = voice.labels ?? {};
  const name = voice.name ?? voice.voiceId;
  const styleTags = [labels.descriptive, labels.use_case, labels.accent].filter(
    (tag): tag is string => tag !== undefined && tag !== "",
  );
  return {
    id: voice.voiceId,
    name,
    preview_url: previewUrl,
    source: voice.category === "premade" ? "built_in" : "custom_clone",
    locale: localesOf(voice),
    credits_9_16: credits.credits_9_16,
    credits_16_9: credits.credits_16_9,
    gender: labels.gender ?? "unknown",
    age: labels.age ?? "unknown",
    style_tags: styleTags,
    recommendation_summary:
      voice.description ?? labels.description ?? `${name}, a voice of the ElevenLabs account.`,
  };
}

/** Where a voice's preview is stored. */
export function elevenLabsPreviewKey(voiceId: string): string {
  return `voices/previews/elevenlabs/${voiceId.replace(/[^A-Za-z0-9._-]+/g, "-")}.mp3`;
}

async function storedPreview(
  options: ElevenLabsVoiceListOptions,
  voice: ElevenLabs.Voice,
  timeoutSeconds: number,
): Promise<string | undefined> {
  if (voice.previewUrl === undefined || voice.previewUrl === "") return undefined;
  const response = await (options.fetch ?? fetch)(voice.previewUrl, {
    signal: AbortSignal.timeout(timeoutSeconds * 1000),
  }).catch(() => undefined);
  if (response === undefined || !response.ok || response.body === null) return undefined;
  const { stream } = meteredStream(response.body, {
    maxBytes: ELEVENLABS_PREVIEW_MAX_BYTES,
    headBytes: 0,
  });
  const stored = await options.storage
    .put(elevenLabsPreviewKey(voice.voiceId), stream, { contentType: "audio/mpeg" })
    .catch(() => undefined);
  return stored?.url;
}

/**
 * Creates the list of the ElevenLabs account's voices, for the workspace directory's
 * assets (the reference host lists them when ElevenLabs serves speech).
 *
 * @example
 * ```ts
 * import { createElevenLabsVoiceList } from "reelkit/elevenlabs";
 *
 * const voices = await createElevenLabsVoiceList({ storage: ports.mediaStorage }).list();
 * const assets = { ...DEMO_ASSETS, voices };
 * ```
 */
export function createElevenLabsVoiceList(
  options: ElevenLabsVoiceListOptions,
): ElevenLabsVoiceList {
  const settings = elevenLabsSettings(options);
  const credits = options.credits ?? ELEVENLABS_VOICE_CREDITS_DEFAULT;
  return {
    async list() {
      const page = await callElevenLabs({
        what: "the voices",
        limits: settings.limits,
        sleep: settings.sleep,
        attempt: (abortSignal) =>
          settings.client.voices.search({ pageSize: ELEVENLABS_VOICES_MAX }, { abortSignal }),
      });
      const voices = page.voices.slice(0, ELEVENLABS_VOICES_MAX);
      const listed = await Promise.all(
        voices.map(async (voice) => {
          const url = await storedPreview(options, voice, settings.limits.timeoutSeconds);
          return url === undefined ? undefined : assetOf(voice, url, credits);
        }),
      );
      return listed.filter((voice): voice is Voice => voice !== undefined);
    },
  };
}
