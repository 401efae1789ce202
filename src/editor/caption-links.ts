/**
 * Generated captions follow the items they were transcribed from (spec 4.14 rule 7).
 *
 * `generate_captions_from_items` links the captions item to its sources: the captions
 * keep the sources' ids and their media's transcripts (`generatedFrom`), and each source
 * lists the captions in `captionsItemIds`. Captions are then a function of their sources:
 * after every operation that touches a source or the captions, the entries and the
 * timing are made again from the transcripts through each source's placement, trim, rate
 * and length, exactly as generating them now would make them. So captions:
 *
 * - move with a source that moves (`set_item_timing`, a transition that moves it);
 * - drop or regain the words a trim, a rate or a length change takes away or brings back;
 * - follow both halves of a split source (a word cut in two by the split stays one word);
 * - lose the words of a removed source, and are removed with their last one;
 * - regroup when `update_captions` changes `words_per_caption` or
 *   `split_on_punctuation`.
 *
 * Editing the captions item's own timing or entries by hand (`set_item_timing`,
 * `split_item`, a transition that moves it, `update_captions` with `captions`) ends the
 * link: they are hand-made captions from then on and stay where they are put. A change
 * that would make linked captions span more than the 3,600 s an item may last fails with
 * `invalid_captions`.
 *
 * @module
 */

import { ok, type Result } from "../result.js";
import type { CaptionEntry, CaptionStyle } from "../schemas/edit-values.js";
import { groupIntoEntries, joinedTimelineWords, timelineWords } from "./captions.js";
import type { EditDraft } from "./draft.js";
import { type EditFailure, editFailure } from "./errors.js";
import {
  type CaptionsItem,
  type CaptionsSource,
  type EditorItem,
  isSoundItem,
  itemEndFrame,
  type SoundItem,
} from "./items.js";
import { maxItemFrames, shortSeconds } from "./media-bounds.js";
import { retimeItem } from "./placement.js";
import { framesToSeconds, secondsToMilliseconds } from "./time.js";

/** What generated captions show for their sources now. */
export interface GeneratedCaptions {
  /** First frame: the earliest start of a source. */
  readonly fromFrame: number;
  /** Length in frames: to the latest end of a source. */
  readonly durationInFrames: number;
  /** Entries, timed from `fromFrame`. */
  readonly captions: CaptionEntry[];
}

function sourceItem(draft: EditDraft, itemId: string): SoundItem {
  const item = draft.item(itemId);
  if (item === undefined || !isSoundItem(item)) {
    throw new Error(`Captions name a source "${itemId}" that is not a video or audio item.`);
  }
  return item;
}

/** The items captions are generated from, their transcripts and the captions' style. */
export interface CaptionSourcesRequest {
  /** The video and audio items captioned. */
  readonly sources: readonly SoundItem[];
  /** Each source's transcript, by asset id. */
  readonly transcripts: CaptionsSource["transcripts"];
  /** Style that groups the words into entries. */
  readonly style: CaptionStyle;
}

/**
 * The captions `sources` give with `transcripts` (by asset id) and `style`, or
 * `invalid_captions` when the sources span more than an item may last.
 */
export function generateFromSources(
  draft: EditDraft,
  { sources, transcripts, style }: CaptionSourcesRequest,
): Result<GeneratedCaptions, EditFailure> {
  const fromFrame = Math.min(...sources.map((source) => source.from));
  const endFrame = Math.max(...sources.map(itemEndFrame));
  if (endFrame - fromFrame > maxItemFrames(draft.fps)) {
    return editFailure(
      "invalid_captions",
      `The caption sources span ${shortSeconds(framesToSeconds(endFrame - fromFrame, draft.fps))} s; captions last at most ${shortSeconds(framesToSeconds(maxItemFrames(draft.fps), draft.fps))} s. Caption fewer items at a time, or move them closer.`,
    );
  }
  const words = joinedTimelineWords(
    sources.flatMap((source) =>
      timelineWords(source, transcripts[source.assetId] ?? [], draft.fps),
    ),
  );
  const originMs = secondsToMilliseconds(framesToSeconds(fromFrame, draft.fps));
  return ok({
    fromFrame,
    durationInFrames: endFrame - fromFrame,
    captions: groupIntoEntries(words, style, originMs),
  });
}

function withCaptions(draft: EditDraft, source: SoundItem, captionsIds: readonly string[]): void {
  if (captionsIds.length === 0) {
    draft.clearItemFields(source, ["captionsItemIds"]);
  } else {
    draft.updateItem(source, { captionsItemIds: [...captionsIds] });
  }
}

/** Links `captions` to its sources: records them on the captions and the captions on each. */
export function linkCaptions(draft: EditDraft, captions: CaptionsItem, link: CaptionsSource): void {
  draft.updateItem(captions, { generatedFrom: link });
  for (const sourceId of link.sourceItemIds) {
    const source = sourceItem(draft, sourceId);
    const linked = source.captionsItemIds ?? [];
    if (!linked.includes(captions.id)) withCaptions(draft, source, [...linked, captions.id]);
  }
}

/** Ends the link of generated captions: hand-made from now on. Returns the captions. */
export function unlinkCaptions(draft: EditDraft, captions: CaptionsItem): CaptionsItem {
  const link = captions.generatedFrom;
  if (link === undefined) return captions;
  for (const sourceId of link.sourceItemIds) {
    const source = sourceItem(draft, sourceId);
    withCaptions(
      draft,
      source,
      (source.captionsItemIds ?? []).filter((id) => id !== captions.id),
    );
  }
  return draft.clearItemFields(captions, ["generatedFrom"]);
}

/** Unlinks `item` when it is generated captions; what an edit of its own timing does first. */
export function releaseIfCaptions<Item extends EditorItem>(draft: EditDraft, item: Item): Item {
  return item.type === "captions" ? (unlinkCaptions(draft, item) as Item) : item;
}

/** After `left` was split: its right half `right` is a source of the same captions too. */
export function linkSplitHalf(draft: EditDraft, left: EditorItem, right: EditorItem): void {
  if (!isSoundItem(left)) return;
  for (const captionsId of left.captionsItemIds ?? []) {
    const captions = draft.item(captionsId);
    const link = captions?.type === "captions" ? captions.generatedFrom : undefined;
    if (captions === undefined || link === undefined) continue;
    const sourceItemIds = link.sourceItemIds.flatMap((id) =>
      id === left.id ? [id, right.id] : [id],
    );
    draft.updateItem(captions, { generatedFrom: { ...link, sourceItemIds } });
  }
}

// Drops `sourceId` from the captions' link, and the transcripts no source plays any more;
// removes the captions when it was their last source.
function dropSource(draft: EditDraft, captions: CaptionsItem, sourceId: string): void {
  const link = captions.generatedFrom;
  if (link === undefined) return;
  const sourceItemIds = link.sourceItemIds.filter((id) => id !== sourceId);
  if (sourceItemIds.length === 0) {
    draft.removeItem(captions.id);
    return;
  }
  const assets = new Set(sourceItemIds.map((id) => sourceItem(draft, id).assetId));
  const transcripts = Object.fromEntries(
    Object.entries(link.transcripts).filter(([assetId]) => assets.has(assetId)),
  );
  draft.updateItem(captions, { generatedFrom: { sourceItemIds, transcripts } });
}

/**
 * Takes a removed `item` (as it was before its removal) out of every caption link: a
 * removed source leaves its captions, which go with their last source; removed captions
 * leave their sources.
 */
export function releaseLinksOf(draft: EditDraft, item: EditorItem): void {
  if (item.type === "captions") {
    for (const sourceId of item.generatedFrom?.sourceItemIds ?? []) {
      const source = sourceItem(draft, sourceId);
      const linked = (source.captionsItemIds ?? []).filter((id) => id !== item.id);
      withCaptions(draft, source, linked);
    }
    return;
  }
  if (!isSoundItem(item)) return;
  for (const captionsId of item.captionsItemIds ?? []) {
    const captions = draft.item(captionsId);
    if (captions?.type === "captions") dropSource(draft, captions, item.id);
  }
}

/** Makes linked captions again from their sources as they now are. */
function syncCaptions(draft: EditDraft, captions: CaptionsItem): Result<void, EditFailure> {
  const link = captions.generatedFrom;
  if (link === undefined) return ok(undefined);
  const sources = link.sourceItemIds.map((id) => sourceItem(draft, id));
  const generated = generateFromSources(draft, {
    sources,
    transcripts: link.transcripts,
    style: captions.style,
  });
  if (!generated.ok) return generated;
  const placed = retimeItem(draft, captions, generated.value);
  draft.updateItem(placed, { captions: generated.value.captions });
  return ok(undefined);
}

/**
 * Brings every linked captions item that `touchedItemIds` reaches (touched captions, and
 * the captions of touched sources) in line with its sources. The batch calls it after
 * every operation.
 */
export function syncTouchedCaptions(
  draft: EditDraft,
  touchedItemIds: Iterable<string>,
): Result<void, EditFailure> {
  const captionsIds = new Set<string>();
  for (const itemId of touchedItemIds) {
    const item = draft.item(itemId);
    if (item?.type === "captions" && item.generatedFrom !== undefined) captionsIds.add(item.id);
    if (item !== undefined && isSoundItem(item)) {
      for (const captionsId of item.captionsItemIds ?? []) captionsIds.add(captionsId);
    }
  }
  for (const captionsId of captionsIds) {
    const captions = draft.item(captionsId);
    if (captions?.type !== "captions") continue;
    const synced = syncCaptions(draft, captions);
    if (!synced.ok) return synced;
  }
  return ok(undefined);
}
