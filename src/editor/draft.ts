/**
 * The working copy a batch edits: a copy-on-write overlay on the input state.
 *
 * Operations read and write through an {@link EditDraft}; nothing in the input is
 * touched. Only items, assets and tracks that an operation changes are copied, so an
 * operation costs the same on a timeline of ten items or of a hundred thousand. When
 * the batch succeeds, {@link EditDraft.commit} writes the changes into one immer draft,
 * which yields the next state with structural sharing and the inverse patches.
 *
 * @module
 */
import type { Draft } from "immer";
import { jsonEqual } from "./equality.js";
import type { EditorItem } from "./items.js";
import type { EditorAsset, EditorState, Track, TrackKind } from "./state.js";

/** Where an item sits: its track, first frame and length. */
export interface ItemPlace {
  /** Id of the track. */
  trackId: string;
  /** First frame, an integer >= 0. */
  from: number;
  /** Length in frames, an integer >= 1. */
  durationInFrames: number;
}

/** The items one operation created and removed, in the order it did so. */
export interface ItemChanges {
  /** Ids of the items the operation added (and did not remove again). */
  createdItemIds: string[];
  /** Ids of the items the operation removed that existed before it. */
  removedItemIds: string[];
}

/** Read access to items by id; what the placement helpers need. */
export interface ItemReader {
  /** The item with this id, or undefined. */
  item(id: string): EditorItem | undefined;
}

// Positions of the tracks of frozen (hence immutable) states, shared by every batch that
// starts from the same state, so a batch that never adds or removes a track pays nothing
// to find one.
const frozenPositionCache = new WeakMap<readonly Track[], ReadonlyMap<string, number>>();

function positionsOf(tracks: readonly Track[]): ReadonlyMap<string, number> {
  const cached = frozenPositionCache.get(tracks);
  if (cached !== undefined) return cached;
  const positions = new Map(tracks.map((track, position) => [track.id, position]));
  if (Object.isFrozen(tracks)) frozenPositionCache.set(tracks, positions);
  return positions;
}

function ownValue<Value>(record: Readonly<Record<string, Value>>, key: string): Value | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

// Values from operations are copied before they enter the state: the committed state is
// frozen, and freezing must never reach the caller's operation objects.
function detached<Value>(value: Value): Value {
  return typeof value === "object" && value !== null ? structuredClone(value) : value;
}

// Freezes a JSON value the draft built. It stops at frozen values, which is where the
// draft's objects meet the (frozen) parts they share with an engine-made base.
function freezeDeep(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) freezeDeep(child);
}

/** A copy-on-write overlay on an {@link EditorState}; one per batch. */
export class EditDraft implements ItemReader {
  /** The input state; never modified. */
  readonly base: EditorState;
  readonly #generateId: () => string;
  #title: string | null;
  #titleChanged = false;
  readonly #changedItems = new Map<string, EditorItem>();
  readonly #removedItemIds = new Set<string>();
  readonly #addedAssets = new Map<string, EditorAsset>();
  #tracks: Track[] | null = null;
  readonly #ownedTracks = new Set<Track>();
  #basePositions: ReadonlyMap<string, number> | null = null;
  // After the first track is added or removed, positions are `rank + rankOffset`, so a
  // track added at the front or the back costs O(1); a removal in the middle marks the
  // ranks stale and they are rebuilt on the next lookup.
  #tracksRestructured = false;
  #ranks: Map<string, number> | null = null;
  #rankOffset = 0;
  #operationChanges: ItemChanges = { createdItemIds: [], removedItemIds: [] };
  #touchedItemIds = new Set<string>();

  /** Starts an empty overlay on `base`; `generateId` names new items, tracks and assets. */
  constructor(base: EditorState, generateId: () => string) {
    this.base = base;
    this.#generateId = generateId;
    this.#title = base.title;
  }

  /** Frames per second of the project. */
  get fps(): number {
    return this.base.fps;
  }

  /** Composition width in pixels. */
  get compositionWidth(): number {
    return this.base.compositionWidth;
  }

  /** Composition height in pixels. */
  get compositionHeight(): number {
    return this.base.compositionHeight;
  }

  /** The project title as edited so far. */
  get title(): string | null {
    return this.#title;
  }

  /** Sets the project title; setting the current title changes nothing. */
  setTitle(title: string): void {
    if (title === this.#title) return;
    this.#title = title;
    this.#titleChanged = title !== this.base.title;
  }

  /** The item with this id as edited so far, or undefined. */
  item(id: string): EditorItem | undefined {
    const changed = this.#changedItems.get(id);
    if (changed !== undefined) return changed;
    if (this.#removedItemIds.has(id)) return undefined;
    return ownValue(this.base.items, id);
  }

  /** The asset with this id, or undefined. */
  asset(id: string): EditorAsset | undefined {
    return this.#addedAssets.get(id) ?? ownValue(this.base.assets, id);
  }

  /** The tracks as edited so far, front-most first. Read only: edit through the methods. */
  get tracks(): readonly Track[] {
    return this.#tracks ?? this.base.tracks;
  }

  /** Position of a track in {@link EditDraft.tracks} (0 is the front), or undefined. */
  trackPosition(trackId: string): number | undefined {
    if (!this.#tracksRestructured) {
      this.#basePositions ??= positionsOf(this.base.tracks);
      return this.#basePositions.get(trackId);
    }
    if (this.#ranks === null) {
      this.#ranks = new Map(this.tracks.map((track, position) => [track.id, position]));
      this.#rankOffset = 0;
    }
    const rank = this.#ranks.get(trackId);
    return rank === undefined ? undefined : rank + this.#rankOffset;
  }

  /** The track with this id, or undefined. */
  track(trackId: string): Track | undefined {
    const position = this.trackPosition(trackId);
    return position === undefined ? undefined : this.tracks[position];
  }

  /**
   * A fresh id for a new item, track or asset. A generator that repeats an id in use is a
   * broken dependency, so that throws.
   */
  newId(): string {
    const id = this.#generateId();
    if (this.item(id) !== undefined || this.asset(id) !== undefined || this.track(id)) {
      throw new Error(`generateId returned "${id}", which is already in use in this state.`);
    }
    return id;
  }

  /**
   * Applies `changes` to `item` and returns the item as it now is. Fields whose new value
   * equals the current one are skipped, and an item is copied only when a field really
   * changes, so repeating a value leaves the state untouched. `from` and `trackId` must
   * change through the placement helpers, which keep track order.
   */
  updateItem<Item extends EditorItem>(item: Item, changes: Partial<Item>): Item {
    let target: Item | undefined;
    for (const key of Object.keys(changes) as Array<keyof Item>) {
      const value = changes[key];
      if (value === undefined || jsonEqual(item[key], value)) continue;
      target ??= this.#own(item);
      target[key] = detached(value) as Item[keyof Item];
    }
    if (target !== undefined) this.#touchedItemIds.add(item.id);
    return target ?? item;
  }

  /**
   * Removes optional fields from `item` and returns the item as it now is; an item without
   * any of them is left untouched.
   */
  clearItemFields<Item extends EditorItem>(item: Item, keys: ReadonlyArray<keyof Item>): Item {
    const present = keys.filter((key) => Object.hasOwn(item, key));
    if (present.length === 0) return item;
    const target = this.#own(item);
    for (const key of present) delete target[key];
    this.#touchedItemIds.add(item.id);
    return target;
  }

  /** Adds a new item and lists it on the track its `trackId` names. */
  addItem(item: EditorItem): void {
    if (this.item(item.id) !== undefined) {
      throw new Error(`An item with id "${item.id}" already exists.`);
    }
    this.#changedItems.set(item.id, detached(item));
    this.attach(item.id);
    this.#operationChanges.createdItemIds.push(item.id);
    this.#touchedItemIds.add(item.id);
  }

  /** Removes an item from the state and from its track (a track left empty goes too). */
  removeItem(itemId: string): void {
    this.detach(itemId);
    this.#changedItems.delete(itemId);
    if (Object.hasOwn(this.base.items, itemId)) this.#removedItemIds.add(itemId);
    const { createdItemIds, removedItemIds } = this.#operationChanges;
    const created = createdItemIds.indexOf(itemId);
    if (created >= 0) createdItemIds.splice(created, 1);
    else removedItemIds.push(itemId);
  }

  /**
   * Hands over the ids of the items added or changed since the last call (some may have
   * been removed since), and starts a new record.
   */
  takeTouchedItemIds(): Set<string> {
    const touched = this.#touchedItemIds;
    this.#touchedItemIds = new Set();
    return touched;
  }

  /**
   * Hands over the items created and removed since the last call, and starts a new record;
   * the batch calls it after each operation, so a client can chain on the ids it reports.
   */
  takeItemChanges(): ItemChanges {
    const changes = this.#operationChanges;
    this.#operationChanges = { createdItemIds: [], removedItemIds: [] };
    return changes;
  }

  /** Adds a new asset. */
  addAsset(asset: EditorAsset): void {
    if (this.asset(asset.id) !== undefined) {
      throw new Error(`An asset with id "${asset.id}" already exists.`);
    }
    this.#addedAssets.set(asset.id, detached(asset));
  }

  /** Lists an item on the track its `trackId` names, in `from` order. */
  attach(itemId: string): void {
    const item = this.#requireItem(itemId);
    const track = this.#ownTrack(item.trackId);
    track.items.splice(this.#firstIndexStartingAfter(track, item.from), 0, itemId);
  }

  /** Takes an item off its track, removing the track if it is left empty. */
  detach(itemId: string): void {
    const track = this.#unlist(this.#requireItem(itemId));
    if (track.items.length === 0) this.#removeTrack(track.id);
  }

  /**
   * Moves an item to a new place: its track, first frame and length. The caller has
   * checked that the place is free. The track order stays sorted by `from`, and the old
   * track goes when it is left empty. Moving an item to where it already is changes
   * nothing.
   */
  moveItem<Item extends EditorItem>(item: Item, place: ItemPlace): Item {
    const { trackId, from, durationInFrames } = place;
    if (trackId === item.trackId && from === item.from) {
      return this.updateItem(item, { durationInFrames } as Partial<Item>);
    }
    const oldTrack = this.#unlist(item);
    const moved = this.updateItem(item, { trackId, from, durationInFrames } as Partial<Item>);
    this.attach(moved.id);
    if (oldTrack.items.length === 0 && oldTrack.id !== trackId) this.#removeTrack(oldTrack.id);
    return moved;
  }

  /**
   * Creates an empty track of `kind` at `position` (0 is the front, `tracks.length` the
   * back) and returns its id.
   */
  createTrack(kind: TrackKind, position: number): string {
    const track: Track = { id: this.newId(), kind, items: [] };
    const tracks = this.#restructureTracks();
    const ranks = this.#ranks;
    if (position <= 0) {
      tracks.unshift(track);
      this.#rankOffset += 1;
      ranks?.set(track.id, -this.#rankOffset);
    } else if (position >= tracks.length) {
      tracks.push(track);
      ranks?.set(track.id, tracks.length - 1 - this.#rankOffset);
    } else {
      tracks.splice(position, 0, track);
      this.#ranks = null;
    }
    this.#ownedTracks.add(track);
    return track.id;
  }

  /** True when the batch changed anything. */
  hasChanges(): boolean {
    return (
      this.#titleChanged ||
      this.#changedItems.size > 0 ||
      this.#removedItemIds.size > 0 ||
      this.#addedAssets.size > 0 ||
      this.#tracks !== null
    );
  }

  /**
   * Writes every change into an immer draft of {@link EditDraft.base}. Changed items and
   * tracks are replaced whole, so each yields one patch; the tracks array is replaced
   * whole only when tracks were added or removed.
   */
  commit(draft: Draft<EditorState>): void {
    if (this.#titleChanged) draft.title = this.#title;
    for (const [id, item] of this.#changedItems) draft.items[id] = item;
    for (const id of this.#removedItemIds) delete draft.items[id];
    for (const [id, asset] of this.#addedAssets) draft.assets[id] = asset;
    const tracks = this.#tracks;
    if (tracks === null) return;
    if (this.#tracksRestructured) {
      draft.tracks = tracks;
      return;
    }
    for (const track of this.#ownedTracks) {
      const position = this.trackPosition(track.id);
      if (position === undefined) throw new Error(`Track "${track.id}" lost its position.`);
      draft.tracks[position] = track;
    }
  }

  // Takes the item off its track, found by its current `from`, and returns the track.
  #unlist(item: EditorItem): Track {
    const track = this.#ownTrack(item.trackId);
    const guess = this.#firstIndexStartingAfter(track, item.from) - 1;
    const index = track.items[guess] === item.id ? guess : track.items.indexOf(item.id);
    if (index < 0) throw new Error(`Item "${item.id}" is not listed on track "${track.id}".`);
    track.items.splice(index, 1);
    return track;
  }

  /**
   * Freezes what a commit of this draft created in `next`: the root, the records and
   * arrays it copied, and every item, track and asset it wrote, deeply. Untouched parts
   * are shared with the base and left as they are, so a commit never walks the whole
   * timeline and never touches the caller's objects.
   */
  freezeChanges(next: EditorState): void {
    for (const item of this.#changedItems.values()) freezeDeep(item);
    for (const asset of this.#addedAssets.values()) freezeDeep(asset);
    for (const track of this.#ownedTracks) freezeDeep(track);
    if (next.items !== this.base.items) Object.freeze(next.items);
    if (next.assets !== this.base.assets) Object.freeze(next.assets);
    if (next.tracks !== this.base.tracks) Object.freeze(next.tracks);
    Object.freeze(next);
  }

  #requireItem(itemId: string): EditorItem {
    const item = this.item(itemId);
    if (item === undefined) throw new Error(`No item "${itemId}" in the state.`);
    return item;
  }

  #own<Item extends EditorItem>(item: Item): Item {
    const changed = this.#changedItems.get(item.id);
    if (changed !== undefined) return changed as Item;
    // Items of engine-made states are deeply frozen, so their nested values can be shared;
    // those of a state built by hand are copied whole, so freezing never reaches them.
    const copy = Object.isFrozen(item) ? { ...item } : structuredClone(item);
    this.#changedItems.set(item.id, copy);
    return copy;
  }

  #workingTracks(): Track[] {
    this.#tracks ??= this.base.tracks.slice();
    return this.#tracks;
  }

  #restructureTracks(): Track[] {
    if (!this.#tracksRestructured) {
      this.#basePositions ??= positionsOf(this.base.tracks);
      this.#ranks = new Map(this.#basePositions);
      this.#rankOffset = 0;
      this.#tracksRestructured = true;
    }
    return this.#workingTracks();
  }

  #ownTrack(trackId: string): Track {
    const position = this.trackPosition(trackId);
    const tracks = this.#workingTracks();
    const track = position === undefined ? undefined : tracks[position];
    if (position === undefined || track === undefined) {
      throw new Error(`No track "${trackId}" in the state.`);
    }
    if (this.#ownedTracks.has(track)) return track;
    const copy: Track = { ...track, items: track.items.slice() };
    tracks[position] = copy;
    this.#ownedTracks.add(copy);
    return copy;
  }

  #removeTrack(trackId: string): void {
    const position = this.trackPosition(trackId);
    if (position === undefined) return;
    const tracks = this.#restructureTracks();
    const [removed] = tracks.splice(position, 1);
    if (removed !== undefined) this.#ownedTracks.delete(removed);
    if (position === 0) {
      this.#ranks?.delete(trackId);
      this.#rankOffset -= 1;
    } else if (position === tracks.length) {
      this.#ranks?.delete(trackId);
    } else {
      this.#ranks = null;
    }
  }

  // Index of the first item on the track that starts after `frame`; items before it start
  // at or before `frame`.
  #firstIndexStartingAfter(track: Track, frame: number): number {
    let low = 0;
    let high = track.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const id = track.items[middle];
      const item = id === undefined ? undefined : this.item(id);
      if (item === undefined) throw new Error(`Track "${track.id}" lists a missing item.`);
      if (item.from <= frame) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
