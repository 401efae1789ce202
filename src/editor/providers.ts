/**
 * The shapes of what the two operations that need the outside world receive: the
 * requests the service makes of its speech and transcription ports (`reelkit`), and
 * their results. The engine stays synchronous and pure: the service calls the providers
 * first (they are async and may fail or cost credits), then hands their results to
 * `applyOperations` through its options.
 *
 * @module
 */
import type { VoiceSettings } from "../schemas/edit-values.js";

/** One transcribed word, timed in milliseconds of the SOURCE media (not of the timeline). */
export interface TranscriptWord {
  /** The word as spoken, with any attached punctuation. */
  word: string;
  /** Start in the source, in milliseconds. */
  startMs: number;
  /** End in the source, in milliseconds; not before `startMs`. */
  endMs: number;
  /** Recognition confidence from 0 to 1, when the provider reports it. */
  confidence?: number;
}

/** The transcript of one source item's media, words in time order. */
export interface Transcript {
  /** Every recognised word, ordered by `startMs`. */
  words: TranscriptWord[];
  /** Language the provider detected or was told, when known. */
  language?: string;
}

/** What to transcribe for one source item of `generate_captions_from_items`. */
export interface TranscriptionRequest {
  /** Id of the source item; the key of its transcript in `ApplyOptions.transcripts`. */
  itemId: string;
  /** Remote URL of the media to transcribe. */
  url: string;
  /** Spoken language, when the operation names one. */
  language?: string;
}

/** What to synthesize for `add_voiceover`, in the operation's wire names. */
export interface SpeechRequest {
  /** Script to speak. */
  text: string;
  /** Voice to speak with; the provider's default when absent. */
  voice_id?: string;
  /** Delivery direction for the voice. */
  instructions?: string;
  /** Text-to-speech tuning. */
  voice_settings?: VoiceSettings;
  /** File name for the generated audio. */
  filename?: string;
  /** Spoken language, such as `en` or `de`; the voice's own when absent. */
  language?: string;
}

/** Audio produced by a speech provider (the `SpeechProvider` port), stored where the renderer can fetch it. */
export interface SynthesizedSpeech {
  /** Absolute URL of the audio file. */
  url: string;
  /** Length of the audio in seconds, > 0. */
  durationSeconds: number;
  /** Id of the My Media item the audio was saved as, if any. */
  mediaId?: string | null;
  /** File name of the audio, if any. */
  filename?: string | null;
  /**
   * Each spoken word's time in the audio, in order, when the engine reports it; callers
   * that need timings and get none align the text to the audio instead.
   */
  words?: TranscriptWord[];
}

/** Playable media that a sound-effect reference resolved to. */
export interface ResolvedMedia {
  /** Absolute URL of the audio. */
  url: string;
  /** Length in seconds; null when unknown. */
  durationSeconds: number | null;
  /** Display name, if any. */
  name?: string | null;
  /** Id of the My Media item, if the media is one. */
  mediaId?: string | null;
}

/**
 * Resolutions for `add_sound_effect`, looked up by the reference the operation sends. A
 * `url` that is not listed is used as is, with an unknown duration.
 */
export interface MediaResolutions {
  /** Library sounds by `sound_effect_id`. */
  soundEffects?: Readonly<Record<string, ResolvedMedia>>;
  /** My Media items by `media_id`. */
  mediaItems?: Readonly<Record<string, ResolvedMedia>>;
  /** Direct URLs by `url`, when the service has probed them (for their duration). */
  urls?: Readonly<Record<string, ResolvedMedia>>;
}
