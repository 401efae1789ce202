/**
 * The demo workspace's music beds, made in code: three short, loopable pieces of 20 to
 * 60 seconds for background music. Each is whole bars of one chord progression, and a
 * note ringing past the end wraps round to the start, so the bed loops without a seam.
 * They are mono 22.05 kHz: background music under a voice needs no more, and a bed
 * stays near a megabyte.
 *
 * @module
 */
import {
  addFilteredNoise,
  addTone,
  normalize,
  type SoundBuffer,
  seededRandom,
  silence,
} from "./sound-synthesis.js";

/** Samples per second of the music beds. */
export const DEMO_MUSIC_SAMPLE_RATE = 22_050;
const RATE = DEMO_MUSIC_SAMPLE_RATE;
const PEAK = 0.6;

/** The pitch of a MIDI note number, in hertz (69 is A 440). */
function pitch(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

interface Piece {
  readonly beatsPerMinute: number;
  /** Each bar's chord, as MIDI notes, bass first. */
  readonly chords: readonly (readonly number[])[];
  /** How many times the progression plays. */
  readonly rounds: number;
}

function secondsOf(piece: Piece): number {
  return (piece.chords.length * piece.rounds * 4 * 60) / piece.beatsPerMinute;
}

function pads(buffer: SoundBuffer, piece: Piece, options: { level: number; attack: number }) {
  const bar = (4 * 60) / piece.beatsPerMinute;
  for (let round = 0; round < piece.rounds; round += 1) {
    piece.chords.forEach((chord, index) => {
      const atSeconds = (round * piece.chords.length + index) * bar;
      chord.slice(1).forEach((note) => {
        addTone(buffer, {
          atSeconds,
          seconds: bar * 1.25,
          hertz: pitch(note),
          level: options.level,
          attackSeconds: options.attack,
          decaySeconds: bar * 1.5,
          harmonics: [0.25, 0.08],
          wrap: true,
        });
      });
      addTone(buffer, {
        atSeconds,
        seconds: bar,
        hertz: pitch((chord[0] ?? 48) - 12),
        level: options.level * 1.2,
        attackSeconds: 0.02,
        decaySeconds: bar,
        harmonics: [0.4],
        wrap: true,
      });
    });
  }
}

// Eighth notes walking up and down the chord, softly plucked.
function arpeggio(buffer: SoundBuffer, piece: Piece, level: number) {
  const eighth = 30 / piece.beatsPerMinute;
  const pattern = [1, 2, 3, 2, 1, 2, 3, 2];
  for (let round = 0; round < piece.rounds; round += 1) {
    piece.chords.forEach((chord, index) => {
      const barStart = (round * piece.chords.length + index) * eighth * 8;
      pattern.forEach((step, at) => {
        addTone(buffer, {
          atSeconds: barStart + at * eighth,
          seconds: eighth * 3,
          hertz: pitch((chord[step] ?? chord[0] ?? 60) + 12),
          level,
          attackSeconds: 0.005,
          decaySeconds: eighth,
          harmonics: [0.3, 0.1],
          wrap: true,
        });
      });
    });
  }
}

// A soft kick on every beat and a hat between them.
function beat(buffer: SoundBuffer, piece: Piece, level: number) {
  const beatSeconds = 60 / piece.beatsPerMinute;
  const beats = Math.round(secondsOf(piece) / beatSeconds);
  const random = seededRandom(7);
  for (let index = 0; index < beats; index += 1) {
    addTone(buffer, {
      atSeconds: index * beatSeconds,
      seconds: 0.25,
      hertz: 110,
      endHertz: 45,
      level,
      attackSeconds: 0.002,
      decaySeconds: 0.08,
    });
    addFilteredNoise(buffer, {
      atSeconds: (index + 0.5) * beatSeconds,
      seconds: 0.05,
      centreHertz: [7000, 7000, 7000],
      resonance: 2,
      envelope: (progress) => (1 - progress) ** 3,
      level: level * 0.5,
      random,
    });
  }
}

const SUNRISE: Piece = {
  beatsPerMinute: 90,
  // C, G, A minor, F: I, V, vi, IV.
  chords: [
    [48, 60, 64, 67],
    [43, 59, 62, 67],
    [45, 60, 64, 69],
    [41, 60, 65, 69],
  ],
  rounds: 2,
};

const DRIVE: Piece = {
  beatsPerMinute: 120,
  // A minor, F, C, G.
  chords: [
    [45, 57, 60, 64],
    [41, 57, 60, 65],
    [48, 55, 60, 64],
    [43, 55, 59, 62],
  ],
  rounds: 4,
};

const DREAM: Piece = {
  beatsPerMinute: 70,
  // F major seventh, C major seventh, D minor seventh, B flat major seventh.
  chords: [
    [41, 57, 60, 64],
    [48, 55, 59, 64],
    [50, 57, 60, 65],
    [46, 57, 62, 65],
  ],
  rounds: 3,
};

function sunrise(): SoundBuffer {
  const buffer = silence(secondsOf(SUNRISE), RATE);
  pads(buffer, SUNRISE, { level: 0.18, attack: 0.4 });
  arpeggio(buffer, SUNRISE, 0.12);
  return normalize(buffer, PEAK);
}

function drive(): SoundBuffer {
  const buffer = silence(secondsOf(DRIVE), RATE);
  pads(buffer, DRIVE, { level: 0.12, attack: 0.05 });
  arpeggio(buffer, DRIVE, 0.14);
  beat(buffer, DRIVE, 0.5);
  return normalize(buffer, PEAK);
}

function dream(): SoundBuffer {
  const buffer = silence(secondsOf(DREAM), RATE);
  pads(buffer, DREAM, { level: 0.2, attack: 1.2 });
  return normalize(buffer, PEAK);
}

/** A demo music bed: how it is listed, and how it is made. */
export interface DemoMusicBed {
  /** Id passed as `sound_effect_id`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** Words that describe it; every bed has `music` and `loop`. */
  readonly tags: readonly string[];
  /** Its length, in seconds: whole bars. */
  readonly durationSeconds: number;
  /** Makes the bed. */
  readonly make: () => SoundBuffer;
}

/** The demo music beds. */
export const DEMO_MUSIC_BEDS: readonly DemoMusicBed[] = [
  {
    id: "music-sunrise",
    name: "Sunrise (music bed)",
    tags: ["music", "loop", "calm", "warm", "90 bpm"],
    durationSeconds: secondsOf(SUNRISE),
    make: sunrise,
  },
  {
    id: "music-drive",
    name: "Drive (music bed)",
    tags: ["music", "loop", "upbeat", "energetic", "120 bpm"],
    durationSeconds: secondsOf(DRIVE),
    make: drive,
  },
  {
    id: "music-dream",
    name: "Dream (music bed)",
    tags: ["music", "loop", "ambient", "soft", "70 bpm"],
    durationSeconds: secondsOf(DREAM),
    make: dream,
  },
];
