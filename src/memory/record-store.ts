/**
 * In-memory resource stores: one map per kind of record, scoped by organization. Every
 * method runs to completion without awaiting in between, so on one event loop each is
 * atomic, which is all the `ScopedRecordStore` contract asks.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type {
  GenerationRecord,
  MediaRecord,
  ReferenceRecord,
  SlideshowRecord,
  VideoRecord,
} from "../ports/records.js";
import type {
  ListQuery,
  RecordChange,
  ResourceStores,
  ScopedRecordStore,
  VideoStore,
} from "../ports/stores.js";
import { createMemoryEditorRevisions, type MemoryRevisionOptions } from "./editor-revisions.js";

/** How a store reads a record's keys. */
export interface RecordKeys<Row, Id extends string | number> {
  /** The record's id. */
  readonly idOf: (row: Row) => Id;
  /** The owning organization. */
  readonly organizationOf: (row: Row) => OrganizationId;
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
  // One map per organization: ids are unique within it, and its insertion order is the
  // organization's "newest first" read backwards.
  const byOrganization = new Map<number, Map<Id, Row>>();
  const rowsOf = (organizationId: OrganizationId): Map<Id, Row> => {
    let rows = byOrganization.get(organizationId);
    if (rows === undefined) {
      rows = new Map();
      byOrganization.set(organizationId, rows);
    }
    return rows;
  };
  return {
    async insert(newRows) {
      const seen = new Set<string>();
      for (const row of newRows) {
        const organizationId = keys.organizationOf(row);
        const id = keys.idOf(row);
        const slot = `${organizationId}/${String(id)}`;
        if (rowsOf(organizationId).has(id) || seen.has(slot)) {
          throw new Error(`Record ${String(id)} exists.`);
        }
        seen.add(slot);
      }
      for (const row of newRows) rowsOf(keys.organizationOf(row)).set(keys.idOf(row), row);
    },
    async get(organizationId, id) {
      return byOrganization.get(organizationId)?.get(id);
    },
    async list(organizationId, query: ListQuery<Row, Id>) {
      const found: Row[] = [];
      const rows = byOrganization.get(organizationId) ?? new Map<Id, Row>();
      const all = [...rows.values()];
      // Newest first is the insertion order read backwards; `after` starts below its record.
      const start =
        query.after === undefined ? all.length - 1 : [...rows.keys()].indexOf(query.after) - 1;
      for (let index = start; index >= 0 && found.length < query.limit; index -= 1) {
        const row = all[index] as Row;
        if (query.filter === undefined || query.filter(row)) found.push(row);
      }
      return found;
    },
    async update(organizationId, id, change: RecordChange<Row>) {
      const rows = byOrganization.get(organizationId);
      const current = rows?.get(id);
      if (rows === undefined || current === undefined) return undefined;
      const next = change(current);
      if (next !== current) rows.set(id, next);
      return next;
    },
  };
}

/**
 * A {@link VideoStore} in memory, numbering each organization's videos 1, 2, 3 and so on,
 * with the revision history of its editor projects (`editor-revisions.ts`).
 */
export function createMemoryVideoStore(options: MemoryRevisionOptions = {}): VideoStore {
  const records = createMemoryRecordStore<VideoRecord, number>({
    idOf: (row) => row.id,
    organizationOf: (row) => row.organizationId,
  });
  const lastIds = new Map<number, number>();
  return {
    ...records,
    ...createMemoryEditorRevisions(records, options),
    async nextId(organizationId) {
      const id = (lastIds.get(organizationId) ?? 0) + 1;
      lastIds.set(organizationId, id);
      return id;
    },
  };
}

/**
 * Every resource store of the service, in memory; `options` set how many revisions of
 * each editor project are kept.
 *
 * @example
 * ```ts
 * const stores = createMemoryResourceStores();
 * const id = await stores.videos.nextId(1); // 1, the first video of organization 1
 * ```
 */
export function createMemoryResourceStores(options: MemoryRevisionOptions = {}): ResourceStores {
  const byOwnedId = {
    idOf: (row: { id: string }) => row.id,
    organizationOf: (row: { organizationId: OrganizationId }) => row.organizationId,
  };
  return {
    generations: createMemoryRecordStore<GenerationRecord, string>(byOwnedId),
    slideshows: createMemoryRecordStore<SlideshowRecord, string>(byOwnedId),
    videos: createMemoryVideoStore(options),
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
