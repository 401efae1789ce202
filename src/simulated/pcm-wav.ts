/**
 * Encoding sound as a WAV file: mono, 16-bit PCM, the format every browser, player and
 * ffmpeg reads without a codec. Samples run from -1 to 1 and are clipped beyond.
 *
 * @module
 */

const HEADER_BYTES = 44;

/**
 * A mono 16-bit PCM WAV file of `samples` at `sampleRate`.
 *
 * @example
 * ```ts
 * const wav = pcm16Wav(new Float32Array(8000), 8000); // one second of silence
 * wav.length; // 44 + 16000
 * ```
 */
export function pcm16Wav(samples: Float32Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    for (let index = 0; index < value.length; index += 1) {
      view.setUint8(at + index, value.charCodeAt(index));
    }
  };
  text(0, "RIFF");
  view.setUint32(4, HEADER_BYTES - 8 + samples.length * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true); // the size of the format chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per sample frame
  view.setUint16(34, 16, true); // bits per sample
  text(36, "data");
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, index) => {
    const clipped = Math.max(-1, Math.min(1, sample));
    view.setInt16(HEADER_BYTES + index * 2, Math.round(clipped * 32767), true);
  });
  return bytes;
}
