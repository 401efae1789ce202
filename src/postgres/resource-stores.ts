/**
 * Every resource store of the service on PostgreSQL: one table per kind of record, and
 * a sequence for video ids.
 *
 * @module
 */

import type { Pool } from "pg";
import type {
  GenerationRecord,
  MediaRecord,
  ReferenceRecord,
  SlideshowRecord,
  VideoRecord,
} from "../service/ports/records.js";
import type { ResourceStores, VideoStore } from "../service/ports/stores.js";
import { createPostgresRecordStore } from "./record-store.js";
import type { RecordTable } from "./record-table.js";
import { toSafeInteger } from "./rows.js";
import { queryable } from "./transaction.js";

type Owned = {
  readonly organizationId: number;
  readonly createdAt: string;
  readonly updatedAt: string;
};

function ownedTable<Row extends Owned & { readonly id: string; readonly status: string }>(
  table: string,
): RecordTable<Row, string> {
  return {
    table,
    idType: "text",
    idOf: (row) => row.id,
    organizationOf: (row) => row.organizationId,
    createdAtOf: (row) => row.createdAt,
    updatedAtOf: (row) => row.updatedAt,
    statusOf: (row) => row.status,
  };
}

const VIDEOS: RecordTable<VideoRecord, number> = {
  table: "videos",
  idType: "bigint",
  idOf: (row) => row.id,
  organizationOf: (row) => row.organizationId,
  createdAtOf: (row) => row.createdAt,
  updatedAtOf: (row) => row.updatedAt,
  statusOf: (row) => row.status,
  extraColumns: [
    { name: "kind", type: "text", valueOf: (row) => row.kind },
    { name: "version", type: "integer", valueOf: (row) => row.version },
  ],
};

// A reference's wire record has no update time of its own; its creation time stands in.
const REFERENCES: RecordTable<ReferenceRecord, string> = {
  table: "reference_inspirations",
  idType: "text",
  idOf: (row) => row.reference.id,
  organizationOf: (row) => row.reference.organization_id,
  createdAtOf: (row) => row.reference.created_at,
  updatedAtOf: (row) => row.reference.created_at,
  statusOf: (row) => row.reference.analysis_status,
};

const MEDIA: RecordTable<MediaRecord, string> = {
  table: "media",
  idType: "text",
  idOf: (row) => row.media.id,
  organizationOf: (row) => row.organizationId,
  createdAtOf: (row) => row.media.created_at,
  updatedAtOf: (row) => row.media.created_at,
  statusOf: (row) => row.media.status,
};

/**
 * The video store: ids come from the `video_ids` sequence, so instances never hand out
 * the same id, and an id is never reused even when its insert rolls back.
 */
export function createPostgresVideoStore(pool: Pool): VideoStore {
  return {
    ...createPostgresRecordStore(pool, VIDEOS),
    async nextId() {
      const { rows } = await queryable(pool).query("SELECT nextval('video_ids') AS id");
      return toSafeInteger(rows[0]?.id, "video_ids");
    },
  };
}

/**
 * Every resource store of the service over the pool's database (run {@link migrate}
 * first).
 *
 * @example
 * ```ts
 * const stores = createPostgresResourceStores(pool);
 * const id = await stores.videos.nextId();
 * ```
 */
export function createPostgresResourceStores(pool: Pool): ResourceStores {
  return {
    generations: createPostgresRecordStore(pool, ownedTable<GenerationRecord>("generations")),
    slideshows: createPostgresRecordStore(pool, ownedTable<SlideshowRecord>("slideshows")),
    videos: createPostgresVideoStore(pool),
    references: createPostgresRecordStore(pool, REFERENCES),
    media: createPostgresRecordStore(pool, MEDIA),
  };
}
