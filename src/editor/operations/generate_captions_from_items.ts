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
 * - Sources spanning more than the 3,600 s an item may last fail with `invalid_captions`.
 * - The captions stay linked to their sources (`caption-links.ts`): they keep the
 *   transcripts and follow the sources when those move, are trimmed, re-timed, split or
 *   removed. A source transcribed twice (two items of one media) uses the transcript
 *   supplied for the first.
 *
 * @module
 */
import { ok, type Result } from "../../result.js";
import type { GenerateCaptionsFromItemsOperation } from "../../schemas/edit-operations.js";
import type { CaptionEntry, CaptionStyle } from "../../schemas/edit-values.js";
import { generateFromSources, linkCaptions, unlinkCaptions } from "../caption-links.js";
import { addCaptionsItem } from "../captions-item.js";
import type { EditDraft } from "../draft.js";
import { type EditFailure, editFailure } from "../errors.js";
import type { CaptionsItem, CaptionsSource, SoundItem } from "../items.js";
import { findItem } from "../lookup.js";
import type { OperationContext, OperationModule } from "../options.js";
import { checkExplicitTrack, retimeItem } from "../placement.js";
import type { TranscriptWord } from "../providers.js";

const REMOTE_URL = /^https?:\/\//i;

/** The sources, their transcripts by asset id, and the language. */
interface CaptionSources {
  items: SoundItem[];
  link: CaptionsSource;
  language: string | undefined;
}

function transcribableSource(draft: EditDraft, itemId: string): Result<SoundItem, EditFailure> {
  const found = findItem(draft, itemId, "source_item_ids");
  if (!found.ok) return found;
  const item = found.value;
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
  return ok(item);
}

// The words kept with the captions: the transcript's, in time order, as plain values.
function storedWords(words: readonly TranscriptWord[]): TranscriptWord[] {
  return [...words]
    .sort((left, right) => left.startMs - right.startMs)
    .map(({ word, startMs, endMs, confidence }) =>
      confidence === undefined ? { word, startMs, endMs } : { word, startMs, endMs, confidence },
    );
}

function collectSources(
  draft: EditDraft,
  operation: GenerateCaptionsFromItemsOperation,
  context: OperationContext,
): Result<CaptionSources, EditFailure> {
  const sources: CaptionSources = {
    items: [],
    link: { sourceItemIds: [], transcripts: {} },
    language: operation.language,
  };
  for (const itemId of new Set(operation.source_item_ids)) {
    const source = transcribableSource(draft, itemId);
    if (!source.ok) return source;
    const item = source.value;
    const transcript = Object.hasOwn(context.transcripts, itemId)
      ? context.transcripts[itemId]
      : undefined;
    if (transcript === undefined) {
      return editFailure(
        "transcript_unavailable",
        `No transcript was supplied for item "${itemId}".`,
      );
    }
    sources.items.push(item);
    sources.link.sourceItemIds.push(item.id);
    sources.link.transcripts[item.assetId] ??= storedWords(transcript.words);
    sources.language ??= transcript.language;
  }
  return ok(sources);
}

// Generated entries are on timeline time from the item's start.
function timelineStyle(style: CaptionStyle): CaptionStyle {
  const { caption_start_seconds: _start, playback_rate: _rate, ...rest } = style;
  return rest;
}

interface Generated {
  fromFrame: number;
  durationInFrames: number;
  captions: CaptionEntry[];
  style: CaptionStyle;
  language: string | null;
}

// Regenerates an existing captions item in place, or on the explicit `track_id` when the
// operation names one.
function replaceCaptions(
  draft: EditDraft,
  item: CaptionsItem,
  { trackId, generated }: { trackId: string | undefined; generated: Generated },
): Result<CaptionsItem, EditFailure> {
  const { fromFrame, durationInFrames } = generated;
  const unlinked = unlinkCaptions(draft, item);
  let placed: CaptionsItem;
  if (trackId === undefined) {
    placed = retimeItem(draft, unlinked, { fromFrame, durationInFrames });
  } else {
    const track = checkExplicitTrack(draft, {
      trackId,
      kind: "visual",
      fromFrame,
      endFrame: fromFrame + durationInFrames,
      ignoreItemId: item.id,
    });
    if (!track.ok) return track;
    placed = draft.moveItem(unlinked, {
      trackId: track.value.id,
      from: fromFrame,
      durationInFrames,
    });
  }
  return ok(
    draft.updateItem(placed, {
      captions: generated.captions,
      style: generated.style,
      language: generated.language,
    }),
  );
}

function findTarget(
  draft: EditDraft,
  operation: GenerateCaptionsFromItemsOperation,
): Result<CaptionsItem | undefined, EditFailure> {
  if (operation.captions_item_id === undefined) return ok(undefined);
  const found = findItem(draft, operation.captions_item_id, "captions_item_id");
  if (!found.ok) return found;
  const item = found.value;
  if (item.type === "captions") return ok(item);
  return editFailure(
    "unsupported_item_type",
    `captions_item_id names item "${item.id}", which is ${item.type}, not captions.`,
  );
}

/** Applies `generate_captions_from_items`. */
export const generateCaptionsFromItems: OperationModule<GenerateCaptionsFromItemsOperation> = (
  draft,
  operation,
  context,
) => {
  const targetFound = findTarget(draft, operation);
  if (!targetFound.ok) return targetFound;
  const target = targetFound.value;
  const collected = collectSources(draft, operation, context);
  if (!collected.ok) return collected;
  const sources = collected.value;
  const style = { ...target?.style, ...operation.style };
  const generation = generateFromSources(draft, {
    sources: sources.items,
    transcripts: sources.link.transcripts,
    style,
  });
  if (!generation.ok) return generation;
  const made = generation.value;
  if (made.captions.length === 0) {
    return editFailure(
      "transcript_empty",
      "The transcripts hold no word within the parts of the sources the timeline plays.",
    );
  }
  const generated = { ...made, style: timelineStyle(style), language: sources.language ?? null };
  const captions =
    target === undefined
      ? addCaptionsItem(draft, {
          fields: {},
          trackId: operation.track_id,
          ...generated,
        })
      : replaceCaptions(draft, target, { trackId: operation.track_id, generated });
  if (!captions.ok) return captions;
  linkCaptions(draft, captions.value, sources.link);
  return ok(undefined);
};
