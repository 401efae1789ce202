/**
 * The persisted steps of the product workflows, kept on the product's video record. A
 * faceless video runs script → scenes → visuals → voice → word timing → project →
 * render; a slideshow runs slides → visuals → project → render. Each step records its
 * output here once it has it, so a job run again (a retry, a claim taken over from a
 * host that died) starts at the first step without an output and never asks a provider
 * again for what it already answered. The step a product is in is the first without an
 * output, never stored apart from them. The script is written before the record exists
 * (it is the record's `script`), and the project is the record's own editor state.
 *
 * @module
 */
import type { TranscriptWord } from "../editor/providers.js";
import type { PlannedScene, PlannedSlide } from "./script-plans.js";
import type { GeneratedVisual } from "./visuals.js";

/** The narration as the speech provider stored it. */
export interface NarrationAudio {
  /** Absolute URL of the audio. */
  readonly url: string;
  /** Length of the audio in seconds. */
  readonly durationSeconds: number;
  /** File name of the audio, if any. */
  readonly filename: string | null;
  /** The My Media item the audio was saved as, if any. */
  readonly mediaId: string | null;
  /** The words' times the engine reported, if any; empty when it reported none. */
  readonly words: readonly TranscriptWord[];
}

/**
 * Where each word's time came from: the speech engine itself, a forced alignment of the
 * script, a transcript of the audio matched to the script, or an estimate that spreads
 * the words by their syllables where nothing matched.
 */
export type WordTimingSource = "speech" | "alignment" | "transcript" | "estimate";

/** One word of the script and when it is spoken, in milliseconds of the narration. */
export interface TimedWord {
  /** The word as the script writes it, punctuation kept. */
  readonly word: string;
  /** When it starts. */
  readonly startMs: number;
  /** When it ends; not before `startMs`. */
  readonly endMs: number;
}

/** The script's words timed in the narration. */
export interface WordTiming {
  /** Every word of the script, in order. */
  readonly words: readonly TimedWord[];
  /** Where the times came from. */
  readonly source: WordTimingSource;
  /** How many words took their time from the source; the rest were estimated. */
  readonly matchedWords: number;
}

/** The rendered file of a product, stored. */
export interface RenderedProduct {
  /** Absolute URL of the MP4. */
  readonly url: string;
  /** SHA-256 of the rendered state and resolution, as exports keep it. */
  readonly contentHash: string;
  /** The resolution rendered at. */
  readonly resolution: "480p" | "720p" | "1080p";
  /** Width of the MP4 in pixels. */
  readonly width: number;
  /** Height of the MP4 in pixels. */
  readonly height: number;
  /** Length of the MP4 in seconds. */
  readonly durationSeconds: number;
  /** The project revision rendered; absent in records written before it was kept. */
  readonly revision?: number;
}

/** Where a faceless video's workflow stands, and what its finished steps produced. */
export interface FacelessProgress {
  /** Always `faceless_video`. */
  readonly kind: "faceless_video";
  /** The scenes, once planned. */
  readonly scenes: readonly PlannedScene[] | null;
  /** One visual per scene, null until generated. */
  readonly visuals: readonly (GeneratedVisual | null)[];
  /** The narration, once synthesized. */
  readonly voice: NarrationAudio | null;
  /** The words' times, once known. */
  readonly timing: WordTiming | null;
  /** The rendered file, once stored. */
  readonly rendered: RenderedProduct | null;
}

/** Where a slideshow's workflow stands, and what its finished steps produced. */
export interface SlideshowProgress {
  /** Always `slideshow`. */
  readonly kind: "slideshow";
  /** Whether each slide carries its headline as an editable text overlay. */
  readonly textOverlays: boolean;
  /** The slides, once planned. */
  readonly slides: readonly PlannedSlide[] | null;
  /** One visual per slide, null until generated. */
  readonly visuals: readonly (GeneratedVisual | null)[];
  /** The rendered file, once stored. */
  readonly rendered: RenderedProduct | null;
}

/** The workflow of a product video. */
export type ProductProgress = FacelessProgress | SlideshowProgress;
