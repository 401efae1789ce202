/**
 * The placeholder voiceover of the simulated speech provider: a real WAV file (8-bit PCM,
 * mono, 8 kHz) exactly as long as the duration the provider reports, with one short
 * chirp per spoken word, so a listener hears the pace of the narration and nothing that
 * pretends to be a voice.
 *
 * @module
 */

/** Samples per second of a placeholder voiceover. */
export const PLACEHOLDER_SPEECH_SAMPLE_RATE = 8000;
/** Share of each word's time that sounds; the rest is the pause before the next word. */
export const PLACEHOLDER_SPEECH_VOICED_SHARE = 0.6;
/** Rise and fall of each chirp, in seconds, so it starts and ends without a click. */
const RAMP_SECONDS = 0.01;
const PITCHES_HZ = [392, 440, 494, 440];
const AMPLITUDE = 80;
const SILENCE = 128;
const WAV_HEADER_BYTES = 44;

function ascii(text: string): number[] {
  return [...text].map((letter) => letter.charCodeAt(0));
}

function littleEndian(value: number, bytes: number): number[] {
  return Array.from({ length: bytes }, (_, index) => (value >>> (8 * index)) & 0xff);
}

function wavHeader(sampleCount: number): number[] {
  const rate = PLACEHOLDER_SPEECH_SAMPLE_RATE;
  return [
    ...ascii("RIFF"),
    ...littleEndian(WAV_HEADER_BYTES - 8 + sampleCount, 4),
    ...ascii("WAVE"),
    ...ascii("fmt "),
    ...littleEndian(16, 4), // the size of this format chunk
    ...littleEndian(1, 2), // PCM
    ...littleEndian(1, 2), // mono
    ...littleEndian(rate, 4),
    ...littleEndian(rate, 4), // bytes per second: one byte per sample
    ...littleEndian(1, 2), // bytes per sample frame
    ...littleEndian(8, 2), // bits per sample
    ...ascii("data"),
    ...littleEndian(sampleCount, 4),
  ];
}

function chirp(
  samples: Uint8Array,
  { from, length, pitchHz }: { from: number; length: number; pitchHz: number },
): void {
  const ramp = Math.max(1, Math.round(RAMP_SECONDS * PLACEHOLDER_SPEECH_SAMPLE_RATE));
  for (let index = 0; index < length && from + index < samples.length; index += 1) {
    const envelope = Math.min(1, index / ramp, (length - index) / ramp);
    const phase = (2 * Math.PI * pitchHz * index) / PLACEHOLDER_SPEECH_SAMPLE_RATE;
    samples[from + index] = Math.round(SILENCE + AMPLITUDE * envelope * Math.sin(phase));
  }
}

/** One word's slot of a placeholder voiceover, in seconds from its start. */
export interface PlaceholderWordSlot {
  /** When the word's slot starts; its chirp starts then. */
  readonly startSeconds: number;
  /** When the word's chirp ends; its slot runs on in silence to the next word. */
  readonly endSeconds: number;
}

/**
 * The slots of words that share `durationSeconds` in proportion to `weights` (equally
 * when absent), each sounding for the first {@link PLACEHOLDER_SPEECH_VOICED_SHARE} of
 * its share.
 *
 * @example
 * ```ts
 * placeholderWordSlots({ words: 2, durationSeconds: 2 });
 * // [{ startSeconds: 0, endSeconds: 0.6 }, { startSeconds: 1, endSeconds: 1.6 }]
 * ```
 */
export function placeholderWordSlots(request: {
  readonly words: number;
  readonly durationSeconds: number;
  readonly weights?: readonly number[];
}): PlaceholderWordSlot[] {
  const words = Math.max(1, Math.floor(request.words));
  const weights = Array.from({ length: words }, (_, index) =>
    Math.max(0, request.weights?.[index] ?? 1),
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  let at = 0;
  return weights.map((weight) => {
    const share = (request.durationSeconds * weight) / total;
    const slot = { startSeconds: at, endSeconds: at + share * PLACEHOLDER_SPEECH_VOICED_SHARE };
    at += share;
    return slot;
  });
}

/**
 * A WAV file of `durationSeconds` holding one chirp per word, in the slots of
 * {@link placeholderWordSlots} (evenly spaced without `weights`).
 *
 * @example
 * ```ts
 * const wav = placeholderSpeechWav({ words: 5, durationSeconds: 2 });
 * wav.length; // 44 + 16000
 * ```
 */
export function placeholderSpeechWav(request: {
  readonly words: number;
  readonly durationSeconds: number;
  readonly weights?: readonly number[];
}): Uint8Array {
  const rate = PLACEHOLDER_SPEECH_SAMPLE_RATE;
  const sampleCount = Math.max(1, Math.round(request.durationSeconds * rate));
  const samples = new Uint8Array(sampleCount).fill(SILENCE);
  for (const [word, slot] of placeholderWordSlots(request).entries()) {
    const pitch = PITCHES_HZ[word % PITCHES_HZ.length] ?? PITCHES_HZ[0] ?? 440;
    const from = Math.round(slot.startSeconds * rate);
    chirp(samples, {
      from,
      length: Math.round(slot.endSeconds * rate) - from,
      pitchHz: pitch,
    });
  }
  const bytes = new Uint8Array(WAV_HEADER_BYTES + sampleCount);
  bytes.set(wavHeader(sampleCount));
  bytes.set(samples, WAV_HEADER_BYTES);
  return bytes;
}
