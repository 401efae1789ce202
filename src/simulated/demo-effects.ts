/**
 * The demo workspace's sound effects, made in code: a whoosh, a pop, a click, a riser, a
 * ding, a cash register and applause, each a short mono 44.1 kHz sound that starts at
 * once and fades to nothing.
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

/** Samples per second of the sound effects. */
export const DEMO_EFFECT_SAMPLE_RATE = 44_100;
const RATE = DEMO_EFFECT_SAMPLE_RATE;
const PEAK = 0.7;

const rise = (progress: number) => Math.sin(Math.PI * progress) ** 2;

function whoosh(): SoundBuffer {
  const buffer = silence(1.2, RATE);
  addFilteredNoise(buffer, {
    atSeconds: 0,
    seconds: 1.2,
    centreHertz: [300, 2400, 500],
    resonance: 2.5,
    envelope: rise,
    level: 1,
    random: seededRandom(1),
  });
  return normalize(buffer, PEAK);
}

function pop(): SoundBuffer {
  const buffer = silence(0.4, RATE);
  addTone(buffer, {
    atSeconds: 0,
    seconds: 0.4,
    hertz: 900,
    endHertz: 180,
    level: 1,
    attackSeconds: 0.002,
    decaySeconds: 0.05,
    harmonics: [0.3],
  });
  return normalize(buffer, PEAK);
}

function click(): SoundBuffer {
  const buffer = silence(0.12, RATE);
  addTone(buffer, {
    atSeconds: 0,
    seconds: 0.12,
    hertz: 2200,
    level: 1,
    attackSeconds: 0.0005,
    decaySeconds: 0.008,
  });
  addFilteredNoise(buffer, {
    atSeconds: 0,
    seconds: 0.03,
    centreHertz: [4000, 3000, 2000],
    resonance: 1.5,
    envelope: (progress) => 1 - progress,
    level: 0.6,
    random: seededRandom(2),
  });
  return normalize(buffer, PEAK);
}

function riser(): SoundBuffer {
  const buffer = silence(3, RATE);
  addTone(buffer, {
    atSeconds: 0,
    seconds: 3,
    hertz: 180,
    endHertz: 1200,
    level: 0.35,
    attackSeconds: 2.8,
    decaySeconds: 1000,
    harmonics: [0.5, 0.25],
  });
  addFilteredNoise(buffer, {
    atSeconds: 0,
    seconds: 3,
    centreHertz: [400, 1500, 5000],
    resonance: 3,
    envelope: (progress) => progress ** 2 * (progress < 0.97 ? 1 : (1 - progress) / 0.03),
    level: 0.8,
    random: seededRandom(3),
  });
  return normalize(buffer, PEAK);
}

// A bell: inharmonic partials, the higher ones dying first.
function bell(buffer: SoundBuffer, atSeconds: number, hertz: number): void {
  const partials: readonly (readonly [number, number, number])[] = [
    [1, 1, 0.9],
    [2.01, 0.5, 0.5],
    [2.76, 0.35, 0.35],
    [5.4, 0.15, 0.15],
  ];
  for (const [ratio, level, decaySeconds] of partials) {
    addTone(buffer, {
      atSeconds,
      seconds: buffer.samples.length / RATE - atSeconds,
      hertz: hertz * ratio,
      level,
      attackSeconds: 0.002,
      decaySeconds,
    });
  }
}

function ding(): SoundBuffer {
  const buffer = silence(1.5, RATE);
  bell(buffer, 0, 1319);
  return normalize(buffer, PEAK);
}

function cashRegister(): SoundBuffer {
  const buffer = silence(1.6, RATE);
  const random = seededRandom(4);
  for (const atSeconds of [0, 0.09, 0.2]) {
    addFilteredNoise(buffer, {
      atSeconds,
      seconds: 0.05,
      centreHertz: [2500, 1800, 1200],
      resonance: 4,
      envelope: (progress) => 1 - progress,
      level: 0.8,
      random,
    });
  }
  bell(buffer, 0.3, 1568);
  return normalize(buffer, PEAK);
}

function applause(): SoundBuffer {
  const seconds = 3.5;
  const buffer = silence(seconds, RATE);
  const random = seededRandom(5);
  const claps = 140;
  for (let clap = 0; clap < claps; clap += 1) {
    const atSeconds = random() * (seconds - 0.1);
    const fade = Math.min(1, (seconds - atSeconds) / 1.5);
    addFilteredNoise(buffer, {
      atSeconds,
      seconds: 0.04,
      centreHertz: [1400 + random() * 800, 1200, 1000],
      resonance: 1.2,
      envelope: (progress) => (1 - progress) ** 2,
      level: 0.5 * fade * (0.5 + random() / 2),
      random,
    });
  }
  return normalize(buffer, PEAK);
}

/** A demo sound effect: how it is listed, and how it is made. */
export interface DemoEffect {
  /** Id passed as `sound_effect_id`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** Words that describe it. */
  readonly tags: readonly string[];
  /** Its length, in seconds. */
  readonly durationSeconds: number;
  /** Makes the sound. */
  readonly make: () => SoundBuffer;
}

/** The demo sound effects. */
export const DEMO_EFFECTS: readonly DemoEffect[] = [
  {
    id: "whoosh",
    name: "Whoosh",
    tags: ["transition", "swipe", "fast"],
    durationSeconds: 1.2,
    make: whoosh,
  },
  { id: "pop", name: "Pop", tags: ["click", "bubble", "text"], durationSeconds: 0.4, make: pop },
  { id: "click", name: "Click", tags: ["ui", "tap", "button"], durationSeconds: 0.12, make: click },
  {
    id: "riser",
    name: "Riser",
    tags: ["build", "tension", "transition"],
    durationSeconds: 3,
    make: riser,
  },
  {
    id: "ding",
    name: "Ding",
    tags: ["bell", "notification", "success"],
    durationSeconds: 1.5,
    make: ding,
  },
  {
    id: "cash-register",
    name: "Cash register",
    tags: ["sale", "money", "ding"],
    durationSeconds: 1.6,
    make: cashRegister,
  },
  {
    id: "applause",
    name: "Applause",
    tags: ["crowd", "success", "celebration"],
    durationSeconds: 3.5,
    make: applause,
  },
];
