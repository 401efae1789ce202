/**
 * `generate_captions_from_items` (rule 7): turns transcripts of the source items' audio
 * into a captions item. The engine does not transcribe: the service asks its
 * `TranscriptionProvider` for each source's media first and passes the transcripts (words
 * in SOURCE time) as `options.transcripts`, keyed by source item id.
 *
 * - Each source must be a video or audio item whose asset is remote http(s) media
 *   (`source_not_transcribable`) with a transcript supplied (`transcript_unavailable`).
 * - Words are mapped onto the timeline through each source's placement, source trim,
 *   playback rate and length; words the timeline never plays are dropped. No word left
 *   fails with `transcript_empty`.
 * - The captions item spans from the earliest source start to the latest source end, and
 *   its entries group up to `words_per_caption` words (default 3), breaking after
 *   sentence punctuation unless `split_on_punctuation` is false.
 * - Entries are timed on the timeline, so `caption_start_seconds` and `playback_rate` are
 *   dropped from the style.
 * - With `captions_item_id`, that captions item is replaced in place: new entries, the
 *   style merged over its own, and the new timing (kept on its layer as in
 *   `set_item_timing`, or on `track_id` when given and free). Otherwise a new captions
 *   item is added as `add_captions` adds one: a front layer and a free vertical slot.
 *
 * @module
 */
import type { GenerateCaptionsFromItemsOperation } from "../../schemas/edit-operations.js";
import type { CaptionEntry, CaptionStyle, CaptionWord } from "../../schemas/edit-values.js";
import { groupIntoEntries, wordsOnTimeline } from "../captions.js";
import { addCaptionsItem } from "../captions-item.js";
import type { EditDraft } from "../draft.js";
import { type EditFailure, editFailure, isEditFailure } from "../errors.js";
import { type CaptionsItem, itemEndFrame, type SoundItem } from "../items.js";
import { findItem } from "../lookup.js";
import type { OperationContext, OperationModule } from "../options.js";
import { checkExplicitTrack, retimeItem } from "../placement.js";
import { framesToSeconds, secondsToMilliseconds } from "../time.js";

const REMOTE_URL = /^https?:\/\//i;

/** What the sources yield: timeline words and the frames the captions cover. */
interface CaptionSource {
  words: CaptionWord[];
  fromFrame: number;
  endFrame: number;
  language: string | undefined;
}

function transcribableSource(draft: EditDraft, itemId: string): SoundItem | EditFailure {
  const item = findItem(draft, itemId, "source_item_ids");
  if (isEditFailure(item)) return item;
  if (item.type !== "video" && item.type !== "audio") {
    return editFailure(
      "source_not_transcribable",
      `Item "${item.id}" is ${item.type}; captions are generated from video or audio items.`,
    );
  }
  const url = draft.asset(item.assetId)?.url;
  if (url === undefined || !REMOTE_URL.test(url)) {
    return editFailure(
      "source_not_transcribable",
      `Item "${item.id}" has no remote http(s) media to transcribe.`,
    );
  }
  return item;
}

function collectSource(
  draft: EditDraft,
  operation: GenerateCaptionsFromItemsOperation,
  context: OperationContext,
): CaptionSource | EditFailure {
  const source: CaptionSource = {
    words: [],
    fromFrame: Number.POSITIVE_INFINITY,
    endFrame: 0,
    language: operation.language,
  };
  for (const itemId of new Set(operation.source_item_ids)) {
    const item = transcribableSource(draft, itemId);
    if (isEditFailure(item)) return item;
    const transcript = Object.hasOwn(context.transcripts, itemId)
      ? context.transcripts[itemId]
      : undefined;
    if (transcript === undefined) {
      return editFailure(
        "transcript_unavailable",
        `No transcript was supplied for item "${itemId}".`,
      );
    }
    source.words.push(...wordsOnTimeline(item, transcript, draft.fps));
    source.fromFrame = Math.min(source.fromFrame, item.from);
    source.endFrame = Math.max(source.endFrame, itemEndFrame(item));
    source.language ??= transcript.language;
  }
  if (source.words.length === 0) {
    return editFailure(
      "transcript_empty",
      "The transcripts hold no word within the parts of the sources the timeline plays.",
    );
  }
  source.words.sort((left, right) => left.startMs - right.startMs);
  return source;
}

// Generated entries are on timeline time from the item's start.
function timelineStyle(style: CaptionStyle): CaptionStyle {
  const { caption_start_seconds: _start, playback_rate: _rate, ...rest } = style;
  return rest;
}

function replaceCaptions(
  draft: EditDraft,
  item: CaptionsItem,
  operation: GenerateCaptionsFromItemsOperation,
  source: CaptionSource,
  captions: CaptionEntry[],
): EditFailure | undefined {
  const durationInFrames = source.endFrame - source.fromFrame;
  let placed: CaptionsItem;
  if (operation.track_id === undefined) {
    placed = retimeItem(draft, item, source.fromFrame, durationInFrames);
  } else {
    const track = checkExplicitTrack(
      draft,
      operation.track_id,
      "visual",
      source.fromFrame,
      source.endFrame,
      item.id,
    );
    if (isEditFailure(track)) return track;
    placed = draft.moveItem(item, { trackId: track.id, from: source.fromFrame, durationInFrames });
  }
  draft.updateItem(placed, {
    captions,
    style: timelineStyle({ ...placed.style, ...operation.style }),
    language: source.language ?? null,
  });
  return undefined;
}

function addGeneratedCaptions(
  draft: EditDraft,
  operation: GenerateCaptionsFromItemsOperation,
  source: CaptionSource,
  captions: CaptionEntry[],
): EditFailure | undefined {
  return addCaptionsItem(draft, {
    fields: {},
    trackId: operation.track_id,
    fromFrame: source.fromFrame,
    durationInFrames: source.endFrame - source.fromFrame,
    captions,
    style: timelineStyle(operation.style ?? {}),
    language: source.language ?? null,
  });
}

/** Applies `generate_captions_from_items`. */
export const generateCaptionsFromItems: OperationModule<GenerateCaptionsFromItemsOperation> = (
  draft,
  operation,
  context,
) => {
  let target: CaptionsItem | undefined;
  if (operation.captions_item_id !== undefined) {
    const item = findItem(draft, operation.captions_item_id, "captions_item_id");
    if (isEditFailure(item)) return item;
    if (item.type !== "captions") {
      return editFailure(
        "unsupported_item_type",
        `captions_item_id names item "${item.id}", which is ${item.type}, not captions.`,
      );
    }
    target = item;
  }
  const source = collectSource(draft, operation, context);
  if (isEditFailure(source)) return source;
  const originMs = secondsToMilliseconds(framesToSeconds(source.fromFrame, draft.fps));
  const style = { ...target?.style, ...operation.style };
  const captions = groupIntoEntries(source.words, style, originMs);
  return target === undefined
    ? addGeneratedCaptions(draft, operation, source, captions)
    : replaceCaptions(draft, target, operation, source, captions);
};
