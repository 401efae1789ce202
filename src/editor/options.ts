/**
 * What a batch receives besides the state and the operations: the id generator and the
 * already-resolved results of the outside world, and the context each operation module
 * sees.
 *
 * @module
 */
import type { Result } from "../result.js";
import type { EditOperation } from "../schemas/edit-operations.js";
import type { EditDraft } from "./draft.js";
import type { EditFailure } from "./errors.js";
import type { MediaResolutions, SynthesizedSpeech, Transcript } from "./providers.js";

/** Options of `applyOperations`. */
export interface ApplyOptions {
  /** Names new items, tracks and assets; default `randomEditorId`. Inject a counter for reproducible tests. */
  generateId?: () => string;
  /** Transcripts for `generate_captions_from_items`, keyed by source item id (words in source time). */
  transcripts?: Readonly<Record<string, Transcript>>;
  /** The synthesized audio for `add_voiceover`. */
  voiceover?: SynthesizedSpeech;
  /** Resolutions of `add_sound_effect` references. */
  media?: MediaResolutions;
  /**
   * The font families styles may name (the renderer's); a style naming another fails
   * with `unknown_font_family` listing these. Absent: any family is accepted.
   */
  fontFamilies?: readonly string[];
}

/** What an operation module sees besides the draft and its operation. */
export interface OperationContext {
  /** Zero-based index of the operation in its batch. */
  readonly operationIndex: number;
  /** Number of operations in the batch. */
  readonly operationCount: number;
  /** Transcripts by source item id; empty when none were supplied. */
  readonly transcripts: Readonly<Record<string, Transcript>>;
  /** The synthesized voiceover audio, when supplied. */
  readonly voiceover: SynthesizedSpeech | undefined;
  /** Sound-effect resolutions; empty when none were supplied. */
  readonly media: MediaResolutions;
}

/**
 * One operation's behaviour (DESIGN principle 1): applies `operation` to the draft and
 * succeeds, or fails with why it cannot. Changes made before a failure are discarded with
 * the batch.
 */
export type OperationModule<Operation extends EditOperation> = (
  draft: EditDraft,
  operation: Operation,
  context: OperationContext,
) => Result<void, EditFailure>;
