/**
 * Every resource store of the service on PostgreSQL: one table per kind of record, and
 * a counter of video ids per organization.
 *
 * @module
 */

import type { Pool } from "pg";
import type { OrganizationId } from "../organization-id.js";
import type {
  GenerationRecord,
  MediaRecord,
  ReferenceRecord,
  SlideshowRecord,
  VideoRecord,
} from "../ports/records.js";
import type { ResourceStores, VideoStore } from "../ports/stores.js";
import {
  createPostgresEditorRevisions,
  IS_EDITOR,
  type PostgresRevisionOptions,
} from "./editor-revisions.js";
import { createPostgresRecordStore } from "./record-store.js";
import type { RecordTable } from "./record-table.js";
import { toSafeInteger } from "./rows.js";
import { type PostgresSchemaOptions, postgresSchemaOf, type ReelkitTable } from "./schema.js";
import { inTransaction, queryable } from "./transaction.js";

type Owned = {
  readonly organizationId: OrganizationId;
  readonly createdAt: string;
  readonly updatedAt: string;
};

function ownedTable<Row extends Owned & { readonly id: string; readonly status: string }>(
  table: ReelkitTable,
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
    // A record written whole holds its editor state at its version: history starts there.
    {
      name: "history_start",
      type: "integer",
      valueOf: (row) => (row.kind === "editor" ? row.version : 0),
    },
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
 * The video store: each organization's ids come from its row of `video_id_counters`,
 * raised in the caller's transaction, so instances never hand out the same id to one
 * organization. The row stays locked until that transaction ends, which orders the
 * organization's new videos; an id whose transaction rolls back is handed out again,
 * since no video kept it. Editor projects read and change through their revision history
 * (`editor-revisions.ts`).
 */
export function createPostgresVideoStore(
  pool: Pool,
  options: PostgresRevisionOptions & PostgresSchemaOptions = {},
): VideoStore {
  const schema = postgresSchemaOf(options);
  const records = createPostgresRecordStore(pool, VIDEOS, schema);
  const { readVideo, withLatestStates, ...revisions } = createPostgresEditorRevisions(
    pool,
    schema,
    options,
  );
  return {
    ...records,
    ...revisions,
    get: readVideo,
    async list(organizationId, query) {
      return withLatestStates(organizationId, await records.list(organizationId, query));
    },
    // A whole-record change (a render's export, a job's status) sees the latest state, and
    // leaves an editor project's timeline and revision columns as they are: the row's body
    // no longer holds the state after the first revision, and its version lives in a column.
    async update(organizationId, id, change) {
      if (!Number.isSafeInteger(id)) return undefined;
      // Which path to take needs the row's kind only, not its state.
      const kind = await queryable(pool).query(
        `SELECT ${IS_EDITOR} AS editor FROM ${schema.table("videos")}
         WHERE organization_id = $1 AND id = $2`,
        [organizationId, id],
      );
      if (kind.rows[0] === undefined) return undefined;
      if (kind.rows[0].editor !== true) return records.update(organizationId, id, change);
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query(
          `SELECT jsonb_exists(body, 'editor') AS holds_state FROM ${schema.table("videos")}
           WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
          [organizationId, id],
        );
        // Read again under the row's lock: a revision committed meanwhile is seen.
        const current = rows[0] === undefined ? undefined : await readVideo(organizationId, id);
        if (current === undefined) return undefined;
        const next = change(current);
        if (next === current) return current;
        if (next.editor !== current.editor || next.version !== current.version) {
          throw new Error("An editor project's timeline changes only through its revisions.");
        }
        const { editor: _state, ...withoutState } = next;
        const body = rows[0].holds_state === true ? next : withoutState;
        await client.query(
          `UPDATE ${schema.table("videos")} SET body = $3::jsonb, status = $4, updated_at = $5
           WHERE organization_id = $1 AND id = $2`,
          [organizationId, id, JSON.stringify(body), next.status, next.updatedAt],
        );
        return next;
      });
    },
    async nextId(organizationId) {
      const { rows } = await queryable(pool).query(
        `INSERT INTO ${schema.table("video_id_counters")} AS counter (organization_id, last_id) VALUES ($1, 1)
         ON CONFLICT (organization_id) DO UPDATE SET last_id = counter.last_id + 1
         RETURNING last_id`,
        [organizationId],
      );
      return toSafeInteger(rows[0]?.last_id, "video_id_counters.last_id");
    },
  };
}

/**
 * Every resource store of the service over the pool's database (run {@link migrate}
 * first, with the same `schema` option); `options` also set how many revisions of each
 * editor project are kept and how many projects' latest states this host caches.
 *
 * @example
 * ```ts
 * const stores = createPostgresResourceStores(pool);
 * const id = await stores.videos.nextId(1);
 * ```
 */
export function createPostgresResourceStores(
  pool: Pool,
  options: PostgresRevisionOptions & PostgresSchemaOptions = {},
): ResourceStores {
  const schema = postgresSchemaOf(options);
  return {
    generations: createPostgresRecordStore(
      pool,
      ownedTable<GenerationRecord>("generations"),
      schema,
    ),
    slideshows: createPostgresRecordStore(pool, ownedTable<SlideshowRecord>("slideshows"), schema),
    videos: createPostgresVideoStore(pool, options),
    references: createPostgresRecordStore(pool, REFERENCES, schema),
    media: createPostgresRecordStore(pool, MEDIA, schema),
  };
}
