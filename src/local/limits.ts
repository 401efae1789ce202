/**
 * The limits the local engines keep, with their defaults; each can be overridden when a
 * provider is created. Every engine run is bounded in time, in what it may print and in
 * what it may write, and only so many run at once.
 *
 * @module
 */

/** Engine processes one provider runs at once (the machine's cores are shared with ffmpeg). */
export const LOCAL_ENGINE_CONCURRENCY_DEFAULT = 2;
/** Engine runs that may wait for a free slot; more are refused with `engine_busy`. */
export const LOCAL_ENGINE_QUEUE_MAX_DEFAULT = 64;
/** Longest one synthesis may run, in seconds, before the engine is stopped. */
export const SPEECH_TIMEOUT_SECONDS_DEFAULT = 120;
/** Longest one recognition or alignment may run, in seconds, before the engine is stopped. */
export const RECOGNITION_TIMEOUT_SECONDS_DEFAULT = 600;
/** Largest audio file a synthesis may write, in bytes (about 30 minutes of 16 kHz speech). */
export const SPEECH_OUTPUT_MAX_BYTES_DEFAULT = 64 * 1024 * 1024;
/** Largest media file read for a transcription or an alignment, in bytes. */
export const RECOGNITION_INPUT_MAX_BYTES_DEFAULT = 512 * 1024 * 1024;
/** Longest audio transcribed or aligned, in seconds (the timeline's longest item, an hour). */
export const RECOGNITION_AUDIO_MAX_SECONDS_DEFAULT = 3600;
/** Most characters of an engine's standard output kept; a run printing more fails. */
export const ENGINE_STDOUT_MAX_LENGTH = 8 * 1024 * 1024;

/** The limits of the local engines. */
export interface LocalEngineLimits {
  /** Engine processes run at once. */
  readonly concurrency: number;
  /** Runs that may wait for a slot. */
  readonly queueMax: number;
  /** Longest synthesis, in seconds. */
  readonly speechTimeoutSeconds: number;
  /** Longest recognition or alignment, in seconds. */
  readonly recognitionTimeoutSeconds: number;
  /** Largest synthesized audio, in bytes. */
  readonly speechOutputMaxBytes: number;
  /** Largest media read for recognition, in bytes. */
  readonly recognitionInputMaxBytes: number;
  /** Longest audio recognized, in seconds. */
  readonly recognitionAudioMaxSeconds: number;
}

/** The default limits. */
export const LOCAL_ENGINE_LIMITS_DEFAULT: LocalEngineLimits = {
  concurrency: LOCAL_ENGINE_CONCURRENCY_DEFAULT,
  queueMax: LOCAL_ENGINE_QUEUE_MAX_DEFAULT,
  speechTimeoutSeconds: SPEECH_TIMEOUT_SECONDS_DEFAULT,
  recognitionTimeoutSeconds: RECOGNITION_TIMEOUT_SECONDS_DEFAULT,
  speechOutputMaxBytes: SPEECH_OUTPUT_MAX_BYTES_DEFAULT,
  recognitionInputMaxBytes: RECOGNITION_INPUT_MAX_BYTES_DEFAULT,
  recognitionAudioMaxSeconds: RECOGNITION_AUDIO_MAX_SECONDS_DEFAULT,
};
