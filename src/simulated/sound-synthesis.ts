/**
 * The small synthesizer the demo sounds are made with: a seeded noise source (so every
 * host makes the same files), enveloped sines, a resonant band-pass filter and a mixer
 * that wraps notes past the end round to the start, which makes a music bed loop without
 * a seam.
 *
 * @module
 */

/** A deterministic source of numbers from 0 to 1 (mulberry32), for noise. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A buffer of sound being made. */
export interface SoundBuffer {
  /** Samples per second. */
  readonly sampleRate: number;
  /** The samples, -1 to 1. */
  readonly samples: Float32Array;
}

/** A silent buffer of `seconds`. */
export function silence(seconds: number, sampleRate: number): SoundBuffer {
  return { sampleRate, samples: new Float32Array(Math.round(seconds * sampleRate)) };
}

/** A note: a sine with some harmonics, an attack and an exponential decay. */
export interface Tone {
  /** Start, in seconds. */
  readonly atSeconds: number;
  /** How long it sounds before it is cut, in seconds. */
  readonly seconds: number;
  /** Pitch at the start, in hertz. */
  readonly hertz: number;
  /** Pitch at the end, in hertz; the start's when absent (a glide otherwise). */
  readonly endHertz?: number;
  /** Peak level, 0 to 1. */
  readonly level: number;
  /** Attack, in seconds. */
  readonly attackSeconds: number;
  /** Time for the level to fall to a third, in seconds. */
  readonly decaySeconds: number;
  /** Levels of the 2nd, 3rd, ... harmonics, relative to the fundamental. */
  readonly harmonics?: readonly number[];
  /** Whether a note past the end wraps round to the start (loops). */
  readonly wrap?: boolean;
}

/** Adds a {@link Tone} to `buffer`. */
export function addTone(buffer: SoundBuffer, tone: Tone): void {
  const { sampleRate, samples } = buffer;
  const start = Math.round(tone.atSeconds * sampleRate);
  const count = Math.round(tone.seconds * sampleRate);
  const release = Math.max(1, Math.min(count, Math.round(0.01 * sampleRate)));
  const attack = Math.max(1, tone.attackSeconds * sampleRate);
  const harmonics = tone.harmonics ?? [];
  // The decay is a constant factor per sample, and the glide a constant step.
  const decay = Math.exp(-1 / (tone.decaySeconds * sampleRate));
  const step = ((tone.endHertz ?? tone.hertz) - tone.hertz) / Math.max(1, count);
  let hertz = tone.hertz;
  let level = tone.level;
  let phase = 0;
  for (let index = 0; index < count; index += 1) {
    phase += (2 * Math.PI * hertz) / sampleRate;
    hertz += step;
    const shape = Math.min(1, index / attack, (count - index) / release);
    let value = Math.sin(phase);
    for (let order = 0; order < harmonics.length; order += 1) {
      value += (harmonics[order] ?? 0) * Math.sin(phase * (order + 2));
    }
    const at = start + index;
    const target = tone.wrap === true ? at % samples.length : at;
    if (target < samples.length) samples[target] = (samples[target] ?? 0) + level * shape * value;
    level *= decay;
  }
}

/** A noise burst through a band-pass filter whose centre moves over its length. */
export interface FilteredNoise {
  /** Start, in seconds. */
  readonly atSeconds: number;
  /** Length, in seconds. */
  readonly seconds: number;
  /** Filter centre at the start, middle and end, in hertz. */
  readonly centreHertz: readonly [number, number, number];
  /** Filter sharpness: higher is narrower. */
  readonly resonance: number;
  /** The level over the burst, 0 to 1 at each point of `progress` (0 to 1). */
  readonly envelope: (progress: number) => number;
  /** Peak level. */
  readonly level: number;
  /** The noise source. */
  readonly random: () => number;
}

/** Adds a {@link FilteredNoise} to `buffer` (a state-variable filter, band-pass output). */
export function addFilteredNoise(buffer: SoundBuffer, noise: FilteredNoise): void {
  const { sampleRate, samples } = buffer;
  const start = Math.round(noise.atSeconds * sampleRate);
  const count = Math.round(noise.seconds * sampleRate);
  const [from, middle, to] = noise.centreHertz;
  const damping = 1 / noise.resonance;
  let low = 0;
  let band = 0;
  for (let index = 0; index < count && start + index < samples.length; index += 1) {
    const progress = index / Math.max(1, count);
    const centre =
      progress < 0.5
        ? from + (middle - from) * progress * 2
        : middle + (to - middle) * (progress - 0.5) * 2;
    const tune = 2 * Math.sin((Math.PI * Math.min(centre, sampleRate / 6)) / sampleRate);
    const input = noise.random() * 2 - 1;
    low += tune * band;
    const high = input - low - damping * band;
    band += tune * high;
    const at = start + index;
    samples[at] = (samples[at] ?? 0) + noise.level * noise.envelope(progress) * band;
  }
}

/** Scales `buffer` so its loudest sample is at `peak`. */
export function normalize(buffer: SoundBuffer, peak: number): SoundBuffer {
  let loudest = 0;
  for (const sample of buffer.samples) loudest = Math.max(loudest, Math.abs(sample));
  if (loudest > 0) {
    const gain = peak / loudest;
    buffer.samples.forEach((sample, index) => {
      buffer.samples[index] = sample * gain;
    });
  }
  return buffer;
}
