/**
 * `validateEditorState`: every invariant of DESIGN section 4, checked on a whole state.
 * The engine keeps them after any batch; tests assert it, and a service can check a state
 * it loads from storage before editing it.
 *
 * @module
 */
import {
  FPS_MAX,
  FPS_MIN,
  OPACITY_MAX,
  OPACITY_MIN,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  VOLUME_DB_MAX,
  VOLUME_DB_MIN,
} from "../schemas/limits.js";
import { EDITOR_ASSET_TYPES, EDITOR_ITEM_TYPES } from "../vocabulary.js";
import { isAudioRole } from "./audio-roles.js";
import { checkCaptionEntries } from "./captions.js";
import { effectSpanProblems } from "./effect-spans.js";
import {
  type EditorItem,
  isMediaItem,
  isSoundItem,
  isSourceTimedItem,
  itemEndFrame,
} from "./items.js";
import { trackKindFor } from "./placement.js";
import type { EditorAssetType, EditorState, Track } from "./state.js";

/** One broken invariant. */
export interface EditorStateProblem {
  /** Where, as a dotted path into the state (`items.clip-1.from`, `tracks.0.items`). */
  readonly path: string;
  /** What is wrong. */
  readonly message: string;
}

type Report = (path: string, message: string) => void;

// One item under check: the state around it, its path in the problems, where they go.
interface ItemCheck {
  readonly state: EditorState;
  readonly item: EditorItem;
  readonly path: string;
  readonly report: Report;
}

const ITEM_TYPES = new Set<string>(EDITOR_ITEM_TYPES);
const ASSET_TYPES = new Set<string>(EDITOR_ASSET_TYPES);
// Audio items may play the sound of a video file.
const ASSET_TYPES_BY_ITEM: Readonly<Record<string, readonly EditorAssetType[]>> = {
  video: ["video"],
  image: ["image"],
  gif: ["gif"],
  audio: ["audio", "video"],
};

function isWholeNumber(value: unknown, minimum: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= minimum;
}

function isBetween(value: unknown, minimum: number, maximum: number): boolean {
  return typeof value === "number" && value >= minimum && value <= maximum;
}

function checkProject(state: EditorState, report: Report): void {
  if (!isWholeNumber(state.fps, FPS_MIN) || state.fps > FPS_MAX) {
    report("fps", `fps must be an integer from ${FPS_MIN} to ${FPS_MAX}, got ${state.fps}.`);
  }
  for (const key of ["compositionWidth", "compositionHeight"] as const) {
    if (!(Number.isFinite(state[key]) && state[key] > 0)) report(key, `${key} must be > 0.`);
  }
  if (state.title !== null && typeof state.title !== "string") {
    report("title", "title must be a string or null.");
  }
}

function checkTrackItems({
  state,
  track,
  path,
  listedOn,
  report,
}: {
  state: EditorState;
  track: Track;
  path: string;
  /** Which track lists each item id, filled in as tracks are checked. */
  listedOn: Map<string, string>;
  report: Report;
}): void {
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (const [index, itemId] of track.items.entries()) {
    const where = `${path}.items.${index}`;
    const other = listedOn.get(itemId);
    if (other !== undefined) report(where, `Item "${itemId}" is also listed on track "${other}".`);
    listedOn.set(itemId, track.id);
    const item = Object.hasOwn(state.items, itemId) ? state.items[itemId] : undefined;
    if (item === undefined) {
      report(where, `Track lists a missing item "${itemId}".`);
      continue;
    }
    if (item.trackId !== track.id) {
      report(where, `Item "${itemId}" names track "${item.trackId}" but is listed here.`);
    }
    if (ITEM_TYPES.has(item.type) && trackKindFor(item.type) !== track.kind) {
      report(where, `A ${item.type} item cannot sit on a ${track.kind} track.`);
    }
    if (item.from < previousEnd) {
      report(
        where,
        `Item "${itemId}" starts at frame ${item.from}, before the previous item ends.`,
      );
    }
    previousEnd = itemEndFrame(item);
  }
}

// Checks each track and returns which track lists each item id.
function checkTracks(state: EditorState, report: Report): Map<string, string> {
  const listedOn = new Map<string, string>();
  const trackIds = new Set<string>();
  for (const [position, track] of state.tracks.entries()) {
    const path = `tracks.${position}`;
    if (typeof track.id !== "string" || track.id === "") {
      report(`${path}.id`, "A track needs an id.");
    }
    if (trackIds.has(track.id)) report(`${path}.id`, `Track id "${track.id}" is used twice.`);
    trackIds.add(track.id);
    if (track.kind !== "visual" && track.kind !== "audio") {
      report(`${path}.kind`, `Track kind must be visual or audio, got ${String(track.kind)}.`);
    }
    if (Array.isArray(track.items)) checkTrackItems({ state, track, path, listedOn, report });
    else report(`${path}.items`, "Track items must be an array of item ids.");
  }
  return listedOn;
}

function checkGeometry(item: EditorItem, path: string, report: Report): void {
  for (const key of ["left", "top"] as const) {
    if (!Number.isFinite(item[key])) report(`${path}.${key}`, `${key} must be a finite number.`);
  }
  for (const key of ["width", "height"] as const) {
    if (!(Number.isFinite(item[key]) && item[key] > 0))
      report(`${path}.${key}`, `${key} must be > 0.`);
  }
  if (!isBetween(item.opacity, OPACITY_MIN, OPACITY_MAX)) {
    report(`${path}.opacity`, `opacity must be from ${OPACITY_MIN} to ${OPACITY_MAX}.`);
  }
}

function checkMedia({ state, item, path, report }: ItemCheck): void {
  if (isMediaItem(item)) {
    const asset = Object.hasOwn(state.assets, item.assetId)
      ? state.assets[item.assetId]
      : undefined;
    if (asset === undefined) {
      report(`${path}.assetId`, `Asset "${item.assetId}" does not exist.`);
    } else if (!ASSET_TYPES_BY_ITEM[item.type]?.includes(asset.type)) {
      report(`${path}.assetId`, `A ${item.type} item cannot play a ${asset.type} asset.`);
    }
  }
  if (isSourceTimedItem(item)) {
    if (!(Number.isFinite(item.sourceStartSeconds) && item.sourceStartSeconds >= 0)) {
      report(`${path}.sourceStartSeconds`, "sourceStartSeconds must be >= 0.");
    }
    if (!isBetween(item.playbackRate, PLAYBACK_RATE_MIN, PLAYBACK_RATE_MAX)) {
      report(
        `${path}.playbackRate`,
        `playbackRate must be from ${PLAYBACK_RATE_MIN} to ${PLAYBACK_RATE_MAX}.`,
      );
    }
  }
  if (isSoundItem(item)) {
    if (!isBetween(item.volumeDb, VOLUME_DB_MIN, VOLUME_DB_MAX)) {
      report(`${path}.volumeDb`, `volumeDb must be from ${VOLUME_DB_MIN} to ${VOLUME_DB_MAX}.`);
    }
    for (const key of ["audioFadeInSeconds", "audioFadeOutSeconds"] as const) {
      if (!(Number.isFinite(item[key]) && item[key] >= 0))
        report(`${path}.${key}`, `${key} must be >= 0.`);
    }
  }
  if (item.type === "audio" && !isAudioRole(item.audioRole)) {
    report(`${path}.audioRole`, "An audio item must carry an audio role.");
  }
}

function checkContent(item: EditorItem, path: string, report: Report): void {
  if (item.type === "text" && typeof item.text !== "string") {
    report(`${path}.text`, "A text item needs its text.");
  }
  if (item.type === "captions") {
    if (!Array.isArray(item.captions)) {
      report(`${path}.captions`, "captions must be an array of caption entries.");
      return;
    }
    const checked = checkCaptionEntries(item.captions);
    if (!checked.ok) report(`${path}.captions`, checked.error.message);
  }
}

function itemOf(state: EditorState, id: string): EditorItem | undefined {
  return Object.hasOwn(state.items, id) ? state.items[id] : undefined;
}

// Generated captions and their sources name each other, and each source's media has its
// transcript kept with the captions.
function checkCaptionLinks({ state, item, path, report }: ItemCheck): void {
  if (item.type === "captions" && item.generatedFrom !== undefined) {
    const { sourceItemIds, transcripts } = item.generatedFrom;
    const sources = Array.isArray(sourceItemIds) ? sourceItemIds : [];
    const followed = sources.map((id) => itemOf(state, id));
    if (
      sources.length === 0 ||
      followed.some(
        (source) =>
          source === undefined ||
          !isSoundItem(source) ||
          !(source.captionsItemIds ?? []).includes(item.id),
      )
    ) {
      report(
        `${path}.generatedFrom.sourceItemIds`,
        "Generated captions must name video or audio items that list them in captionsItemIds.",
      );
    }
    const missing = followed.some(
      (source) =>
        source !== undefined &&
        isSoundItem(source) &&
        !Object.hasOwn(transcripts ?? {}, source.assetId),
    );
    if (missing)
      report(`${path}.generatedFrom.transcripts`, "Every source's asset needs its transcript.");
  }
  if (isSoundItem(item) && item.captionsItemIds !== undefined) {
    const broken = item.captionsItemIds.some((id) => {
      const captions = itemOf(state, id);
      return (
        captions?.type !== "captions" ||
        !(captions.generatedFrom?.sourceItemIds ?? []).includes(item.id)
      );
    });
    if (broken)
      report(
        `${path}.captionsItemIds`,
        "captionsItemIds must name captions generated from this item.",
      );
  }
}

function checkItems(state: EditorState, listedOn: Map<string, string>, report: Report): void {
  for (const [key, item] of Object.entries(state.items)) {
    const path = `items.${key}`;
    if (item.id !== key) report(`${path}.id`, `Item stored under "${key}" has id "${item.id}".`);
    if (!ITEM_TYPES.has(item.type)) {
      report(`${path}.type`, `Unknown item type ${String(item.type)}.`);
      continue;
    }
    if (!isWholeNumber(item.from, 0)) report(`${path}.from`, "from must be an integer frame >= 0.");
    if (!isWholeNumber(item.durationInFrames, 1)) {
      report(`${path}.durationInFrames`, "durationInFrames must be an integer >= 1.");
    }
    if (!listedOn.has(key)) report(path, `Item "${key}" is not listed on any track.`);
    checkGeometry(item, path, report);
    checkMedia({ state, item, path, report });
    checkContent(item, path, report);
    checkCaptionLinks({ state, item, path, report });
    for (const problem of effectSpanProblems(item)) {
      report(`${path}.${problem.field}`, problem.message);
    }
  }
}

function checkAssets(state: EditorState, report: Report): void {
  for (const [key, asset] of Object.entries(state.assets)) {
    const path = `assets.${key}`;
    if (asset.id !== key) report(`${path}.id`, `Asset stored under "${key}" has id "${asset.id}".`);
    if (!ASSET_TYPES.has(asset.type))
      report(`${path}.type`, `Unknown asset type ${String(asset.type)}.`);
    if (typeof asset.url !== "string" || asset.url === "")
      report(`${path}.url`, "An asset needs a url.");
  }
}

/**
 * Lists every broken invariant of `state`; an empty list means the state is valid. It
 * checks that every track id is unique and every listed id exists in `items`; that every
 * item sits in exactly one track, names that track, suits its kind (visual or audio) and
 * never overlaps its neighbours as half-open frame intervals; that frames are integers
 * (`from >= 0`, `durationInFrames >= 1`); that media items play an existing asset of
 * their kind; that audio items carry an audio role; that generated captions and their
 * source items name each other, with a transcript for each source's media; that effect
 * spans name effects the item has and reach past its edges; and that values stay in
 * range (fps, opacity, playback rate, volume, caption timing). O(items).
 *
 * @example
 * ```ts
 * validateEditorState(createEditorState()); // []
 * ```
 */
export function validateEditorState(state: EditorState): EditorStateProblem[] {
  const problems: EditorStateProblem[] = [];
  const report: Report = (path, message) => {
    problems.push({ path, message });
  };
  checkProject(state, report);
  const listedOn = checkTracks(state, report);
  checkItems(state, listedOn, report);
  checkAssets(state, report);
  return problems;
}
