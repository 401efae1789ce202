/**
 * Reading the WAV files the engines write: the format chunk and where the samples are.
 * The engines write 16-bit PCM; espeak-ng leaves its header's sizes at a placeholder when
 * it writes to a pipe, so the data runs to the end of the file whatever the header says.
 *
 * @module
 */

/** A 16-bit PCM WAV file, read. */
export interface PcmWav {
  /** Samples per second. */
  readonly sampleRate: number;
  /** Interleaved channels. */
  readonly channels: number;
  /** Length in seconds. */
  readonly durationSeconds: number;
  /** The samples of the first channel, from -32768 to 32767. */
  readonly samples: Int16Array;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/**
 * Reads a 16-bit PCM WAV file, or undefined when the bytes are not one.
 *
 * @example
 * ```ts
 * const wav = readPcmWav(bytes);
 * if (wav !== undefined) console.log(wav.durationSeconds);
 * ```
 */
export function readPcmWav(bytes: Uint8Array): PcmWav | undefined {
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WAVE") {
    return undefined;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: { channels: number; sampleRate: number; bits: number; pcm: boolean } | undefined;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    if (id === "fmt " && at + 24 <= bytes.length) {
      format = {
        pcm: view.getUint16(at + 8, true) === 1,
        channels: view.getUint16(at + 10, true),
        sampleRate: view.getUint32(at + 12, true),
        bits: view.getUint16(at + 22, true),
      };
    } else if (id === "data") {
      if (format === undefined || !format.pcm || format.bits !== 16 || format.channels < 1) {
        return undefined;
      }
      const start = at + 8;
      const end = Math.min(bytes.length, start + size);
      return pcmOf(view, { start, end, channels: format.channels, sampleRate: format.sampleRate });
    }
    at += 8 + size + (size % 2);
  }
  return undefined;
}

function pcmOf(
  view: DataView,
  layout: { start: number; end: number; channels: number; sampleRate: number },
): PcmWav | undefined {
  const { start, end, channels, sampleRate } = layout;
  if (sampleRate <= 0) return undefined;
  const frames = Math.floor((end - start) / (2 * channels));
  const samples = new Int16Array(frames);
  for (let frame = 0; frame < frames; frame += 1) {
    samples[frame] = view.getInt16(start + frame * 2 * channels, true);
  }
  return { sampleRate, channels, durationSeconds: frames / sampleRate, samples };
}
