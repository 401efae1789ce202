/**
 * Local speech benchmarks (reelkit/local with Debian's engines), measured outside mitata
 * because one sample starts processes:
 *
 * - speech: seconds of audio flite produces per CPU second (flite and t2p, the word
 *   timing included), over a paragraph in two voices;
 * - alignment: seconds of audio pocketsphinx aligns per CPU second (ffmpeg's extraction
 *   and the dictionary lookups included), over the same audio.
 *
 * CPU time is this process's plus its finished children's, so the figures say what the
 * work costs whatever else the machine runs. Without the engines the suite says so and
 * reports nothing.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { createProjectMediaReader, createStaticUrlFetcher } from "reelkit";
import {
  checkLocalEngines,
  createLocalSpeechProvider,
  createLocalTranscriptionProvider,
} from "reelkit/local";
import { createMemoryMediaStorage } from "reelkit/memory";
import type { ReportLine, ReportSection } from "./support/report.js";
import type { BenchOptions, BenchSuite } from "./support/suite.js";

/** Seconds of speech flite should produce per CPU second. */
export const SPEECH_SPEED_MIN = 20;
/** Seconds of audio pocketsphinx should align per CPU second. */
export const ALIGNMENT_SPEED_MIN = 5;

const PARAGRAPH =
  "Meet the bottle that keeps your coffee hot for twelve hours and your water cold for a day. " +
  "It is made of steel, it fits in every cup holder, and it never leaks in your bag. " +
  "Fill it in the morning, forget about it, and enjoy a warm drink on the way home. " +
  "Order today and get a second lid for free, in any of our six colours.";

// CPU seconds of this process and of its finished children (Linux: /proc/self/stat
// fields cutime and cstime, in clock ticks of 1/100 s).
function cpuSeconds(): number {
  const own = process.cpuUsage();
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  return (own.user + own.system) / 1e6 + (Number.isFinite(children) ? children : 0);
}

async function measured<T>(work: () => Promise<T>): Promise<{ value: T; cpu: number }> {
  const before = cpuSeconds();
  const value = await work();
  return { value, cpu: cpuSeconds() - before };
}

function speedLine(label: string, audioSeconds: number, cpu: number, target: number): ReportLine {
  const speed = audioSeconds / cpu;
  return {
    kind: "figure",
    label,
    text: `${audioSeconds.toFixed(1)} s of audio in ${cpu.toFixed(2)} CPU s: ${speed.toFixed(1)} s per CPU s`,
    value: speed,
    target: { comparison: "at-least", value: target },
  };
}

async function measure(rounds: number): Promise<ReportLine[]> {
  const storage = createMemoryMediaStorage({ publicBaseUrl: "http://bench.test/files" });
  let count = 0;
  const speech = createLocalSpeechProvider({ storage, newId: () => `bench-${++count}` });
  const readMedia = createProjectMediaReader({
    mediaStorage: storage,
    urlFetcher: createStaticUrlFetcher({}),
  });
  const transcription = createLocalTranscriptionProvider({ readMedia });
  // Untimed: the engine check, and the dictionary the first alignment reads.
  const warm = await speech.synthesize({ text: "Hello there.", voice_id: "nova" });
  await transcription.align({ url: warm.url, text: "Hello there." });
  const voices = ["nova", "ash"];
  const spoken = await measured(async () => {
    const made = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const voice of voices)
        made.push(await speech.synthesize({ text: PARAGRAPH, voice_id: voice }));
    }
    return made;
  });
  const speechSeconds = spoken.value.reduce((sum, made) => sum + made.durationSeconds, 0);
  const aligned = await measured(async () => {
    for (const made of spoken.value) await transcription.align({ url: made.url, text: PARAGRAPH });
  });
  return [
    speedLine(
      `speech, flite, ${spoken.value.length} paragraphs of ${PARAGRAPH.split(" ").length} words`,
      speechSeconds,
      spoken.cpu,
      SPEECH_SPEED_MIN,
    ),
    speedLine(
      "alignment, pocketsphinx, the same audio",
      speechSeconds,
      aligned.cpu,
      ALIGNMENT_SPEED_MIN,
    ),
  ];
}

/** The local speech benchmark suite. */
export const speechSuite: BenchSuite = {
  name: "speech",
  async register(options: BenchOptions): Promise<ReportSection> {
    const title = "Local speech (flite, pocketsphinx)";
    const report = await checkLocalEngines();
    const missing = [report.flite, report.t2p, report.pocketsphinx, report.ffmpeg].find(
      (engine) => !engine.available,
    );
    if (missing !== undefined && !missing.available) {
      console.log(`The speech benchmarks are skipped: ${missing.reason}`);
      return { title, lines: [{ kind: "figure", label: "skipped", text: missing.reason }] };
    }
    return { title, lines: await measure(options.quick ? 1 : 3) };
  },
};
