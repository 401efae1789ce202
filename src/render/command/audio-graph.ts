/**
 * The sound of a plan as a filter chain: each sound read from its item's start, sped
 * up or slowed down, set to its level, faded, cut to the rendered range and placed at
 * its time; all mixed over silence lasting the whole output.
 *
 * @module
 */
import type { PlannedSound, RenderPlan } from "../../editor/render-plan/types.js";
import { quoted } from "./expressions.js";
import type { FilterGraph } from "./graph.js";
import { decimal } from "./numbers.js";

/** Sample rate of the mix and the exported sound. */
export const AUDIO_SAMPLE_RATE = 48_000;
/** Slowest and fastest tempo one `atempo` filter takes; slower rates chain several. */
export const ATEMPO_MIN = 0.5;
/** Source seconds read past the end a sound needs. */
const SOUND_TAIL_SECONDS = 0.1;

/**
 * `atempo` factors whose product is `rate`, each inside what one filter takes.
 *
 * @example
 * ```ts
 * tempoChain(0.2); // [0.5, 0.5, 0.8]
 * tempoChain(2); // [2]
 * ```
 */
export function tempoChain(rate: number): number[] {
  const factors: number[] = [];
  let rest = rate;
  while (rest < ATEMPO_MIN) {
    factors.push(ATEMPO_MIN);
    rest /= ATEMPO_MIN;
  }
  if (Math.abs(rest - 1) > 1e-9 || factors.length === 0) factors.push(rest);
  return factors.filter((factor) => Math.abs(factor - 1) > 1e-9);
}

// Read from the source position at the item's start, so fades keep their place even
// when the rendered range cuts into the item.
function inputOptions(sound: PlannedSound): string[] {
  const { source, window, visible } = sound;
  const options = source.startSeconds > 0 ? ["-ss", decimal(source.startSeconds)] : [];
  const readSeconds =
    (visible.endSeconds - window.startSeconds) * source.playbackRate + SOUND_TAIL_SECONDS;
  return [...options, "-t", decimal(readSeconds), "-vn"];
}

function soundFilters(sound: PlannedSound): string[] {
  const { window, visible, fadeWindow } = sound;
  // The samples are stamped on the clock of `fadeWindow`, which starts before the sound
  // on a half of a split item: `afade` takes no negative time, and so meets each sample
  // where the whole's fade would.
  const leadSeconds = window.startSeconds - fadeWindow.startSeconds;
  const fadeLength = fadeWindow.endSeconds - fadeWindow.startSeconds;
  const filters = [
    `aformat=sample_fmts=fltp:sample_rates=${AUDIO_SAMPLE_RATE}:channel_layouts=stereo`,
    "asetpts=PTS-STARTPTS",
    ...tempoChain(sound.source.playbackRate).map((factor) => `atempo=${decimal(factor)}`),
  ];
  if (leadSeconds > 0) filters.push(`asetpts=${quoted(`PTS+round(${decimal(leadSeconds)}/TB)`)}`);
  if (sound.volumeDb !== 0) filters.push(`volume=${decimal(sound.volumeDb)}dB`);
  if (sound.fadeInSeconds > 0) filters.push(`afade=t=in:st=0:d=${decimal(sound.fadeInSeconds)}`);
  if (sound.fadeOutSeconds > 0) {
    filters.push(
      `afade=t=out:st=${decimal(fadeLength - sound.fadeOutSeconds)}:d=${decimal(sound.fadeOutSeconds)}`,
    );
  }
  const from = leadSeconds + visible.startSeconds - window.startSeconds;
  const to = leadSeconds + visible.endSeconds - window.startSeconds;
  filters.push(`atrim=start=${decimal(from)}:end=${decimal(to)}`, "asetpts=PTS-STARTPTS");
  const delaySamples = Math.round(visible.startSeconds * AUDIO_SAMPLE_RATE);
  if (delaySamples > 0) filters.push(`adelay=delays=${delaySamples}S:all=1`);
  return filters;
}

/**
 * Adds the plan's sound to `graph` and returns the label of its output, which lasts
 * exactly the plan's duration. Sounds whose input has no audio stream (`hasAudio`
 * false) are left out.
 */
export function addSound(
  graph: FilterGraph,
  plan: RenderPlan,
  hasAudio: (inputId: string) => boolean,
): string {
  const duration = decimal(plan.durationSeconds);
  const silence = graph.label("silence");
  graph.addChain(
    `anullsrc=r=${AUDIO_SAMPLE_RATE}:cl=stereo,atrim=duration=${duration}[${silence}]`,
  );
  const heard = plan.sounds.filter((sound) => hasAudio(sound.inputId));
  if (heard.length === 0) return silence;
  const labels = [silence];
  for (const sound of heard) {
    const index = graph.addInput(sound.inputId, inputOptions(sound));
    const label = graph.label("sound");
    graph.addChain(`[${index}:a]${soundFilters(sound).join(",")}[${label}]`);
    labels.push(label);
  }
  const mix = graph.label("mix");
  graph.addChain(
    `${labels.map((label) => `[${label}]`).join("")}amix=inputs=${labels.length}:duration=first:dropout_transition=0:normalize=0,atrim=duration=${duration}[${mix}]`,
  );
  return mix;
}
