/**
 * The speech and transcription ports: what turns text into speech for `add_voiceover`,
 * and speech in media into timed words for captions and word timing. The service calls
 * them before the engine runs and hands their results to `applyOperations`; the shapes
 * they speak in are the engine's own (`reelkit/editor`).
 *
 * @module
 */
import type {
  SpeechRequest,
  SynthesizedSpeech,
  Transcript,
  TranscriptionRequest,
} from "../editor/providers.js";

/** What to align: audio whose words are known, and those words. */
export interface AlignmentRequest {
  /** Remote URL of the audio (or of a video whose sound is aligned). */
  url: string;
  /** The text spoken in the audio, in order; punctuation is kept on the words it follows. */
  text: string;
  /** Spoken language, when known. */
  language?: string;
}

/**
 * Turns speech in remote media into timed words (spec 4.14 rule 7). A provider that
 * cannot serve a request throws a `ProviderError` (of `reelkit`) saying why (an unsupported
 * language, say); any other throw counts as a retryable outage.
 */
export interface TranscriptionProvider {
  /** Transcribes the whole media at `request.url`; the engine trims to what the timeline plays. */
  transcribe(request: TranscriptionRequest): Promise<Transcript>;
  /**
   * Times each word of a known text in the audio (forced alignment): one word per word of
   * `request.text`, in order, with the text's spelling. Absent when the provider offers
   * no alignment; callers then transcribe and match, or spread the words evenly.
   */
  align?(request: AlignmentRequest): Promise<Transcript>;
}

/**
 * Turns text into speech for `add_voiceover` (spec 4.14 rule 3); a paid call. A provider
 * that cannot serve a request throws a `ProviderError` (of `reelkit`) saying why; any other throw
 * counts as a retryable outage.
 */
export interface SpeechProvider {
  /** Synthesizes `request.text` and stores the audio. */
  synthesize(request: SpeechRequest): Promise<SynthesizedSpeech>;
}
