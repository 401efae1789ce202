/**
 * In-memory resource stores: one map per kind of record, scoped by organization. Every
 * method runs to completion without awaiting in between, so on one event loop each is
 * atomic, which is all the `ScopedRecordStore` contract asks.
 *
 * @module
 */
import type {
  GenerationRecord,
  MediaRecord,
  ReferenceRecord,
  SlideshowRecord,
  VideoRecord,
} from "../../service/ports/records.js";
import type {
  ListQuery,
  RecordChange,
  ResourceStores,
  ScopedRecordStore,
  VideoStore,
} from "../../service/ports/stores.js";

/** How a store reads a record's keys. */
export interface RecordKeys<Row, Id extends string | number> {
  /** The record's id. */
  readonly idOf: (row: Row) => Id;
  /** The owning organization. */
  readonly organizationOf: (row: Row) => number;
}

/**
 * A {@link ScopedRecordStore} in a `Map`, listing newest first (by insertion order).
 *
 * @example
 * ```ts
 * const store = createMemoryRecordStore<{ id: string; org: number }, string>({
 *   idOf: (row) => row.id,
 *   organizationOf: (row) => row.org,
 * });
 * await store.insert([{ id: "a", org: 1 }]);
 * await store.get(2, "a"); // undefined: another organization's record
 * ```
 */
export function createMemoryRecordStore<Row, Id extends string | number>(
  keys: RecordKeys<Row, Id>,
): ScopedRecordStore<Row, Id> {
  const rows = new Map<Id, Row>();
  const owned = (organizationId: number, id: Id): Row | undefined => {
    const row = rows.get(id);
    return row !== undefined && keys.organizationOf(row) === organizationId ? row : undefined;
  };
  return {
    async insert(newRows) {
      for (const row of newRows) {
        if (rows.has(keys.idOf(row))) throw new Error(`Record ${String(keys.idOf(row))} exists.`);
      }
      for (const row of newRows) rows.set(keys.idOf(row), row);
    },
    async get(organizationId, id) {
      return owned(organizationId, id);
    },
    async list(organizationId, query: ListQuery<Row>) {
      const found: Row[] = [];
      const all = [...rows.values()];
      for (let index = all.length - 1; index >= 0 && found.length < query.limit; index -= 1) {
        const row = all[index] as Row;
        if (keys.organizationOf(row) !== organizationId) continue;
        if (query.filter === undefined || query.filter(row)) found.push(row);
      }
      return found;
    },
    async update(organizationId, id, change: RecordChange<Row>) {
      const current = owned(organizationId, id);
      if (current === undefined) return undefined;
      const next = change(current);
      if (next !== current) rows.set(id, next);
      return next;
    },
  };
}

/** A {@link VideoStore} in memory, allocating ids 1, 2, 3 and so on. */
export function createMemoryVideoStore(): VideoStore {
  const records = createMemoryRecordStore<VideoRecord, number>({
    idOf: (row) => row.id,
    organizationOf: (row) => row.organizationId,
  });
  let lastId = 0;
  return {
    ...records,
    async nextId() {
      lastId += 1;
      return lastId;
    },
  };
}

/**
 * Every resource store of the service, in memory.
 *
 * @example
 * ```ts
 * const stores = createMemoryResourceStores();
 * const id = await stores.videos.nextId(); // 1
 * ```
 */
export function createMemoryResourceStores(): ResourceStores {
  const byOwnedId = {
    idOf: (row: { id: string }) => row.id,
    organizationOf: (row: { organizationId: number }) => row.organizationId,
  };
  return {
    generations: createMemoryRecordStore<GenerationRecord, string>(byOwnedId),
    slideshows: createMemoryRecordStore<SlideshowRecord, string>(byOwnedId),
    videos: createMemoryVideoStore(),
    references: createMemoryRecordStore<ReferenceRecord, string>({
      idOf: (row) => row.reference.id,
      organizationOf: (row) => row.reference.organization_id,
    }),
    media: createMemoryRecordStore<MediaRecord, string>({
      idOf: (row) => row.media.id,
      organizationOf: (row) => row.organizationId,
    }),
  };
}
