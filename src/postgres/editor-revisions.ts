/**
 * The revision history of editor projects on PostgreSQL, built so that an edit costs the
 * same whatever the size of the project:
 *
 * - The `videos` row is the head: its `version` column is the latest revision, beside the
 *   undo and redo stacks. Until the first revision its body holds the state of revision
 *   `history_start` (the creation state, or the state a project had when history began);
 *   the first revision moves that state into a snapshot, so the row stays small and no
 *   edit rewrites or rereads the project through it.
 * - Each accepted batch appends one `editor_revisions` row: the engine's forward and
 *   inverse patches, the operation types, the instructions and who made it. The row and
 *   the head's new revision are written by one statement. Every
 *   {@link EDITOR_SNAPSHOT_EVERY} revisions an `editor_snapshots` row holds the whole
 *   state, so rebuilding any kept revision replays at most that many patches.
 * - Each host keeps the latest state of the projects it touched, keyed by project and
 *   revision ({@link LatestStateCache}). An edit locks the head row (`SELECT ... FOR
 *   UPDATE`, a few small columns, never the state), and uses the cached state only when
 *   its revision is the one the row holds, read in the same transaction; otherwise it
 *   rebuilds the state from the snapshot and patches. Two hosts on one database therefore
 *   always agree on the latest revision: the number lives in the row both lock, and a
 *   cache entry is a copy of a revision that never changes once written.
 * - A host announces a revision it is committing before it sends `COMMIT`. Another
 *   request on the host that reads that number from the row (which it can only do once
 *   the commit went through) waits for the commit's answer and takes the state from it,
 *   rather than rebuilding it because its read overtook that answer. Under concurrent
 *   edits of a large project such rebuilds were the cost that grew with its size.
 * - The snapshot is written after its revision is committed and the row unlocked, so its
 *   size never holds up the edits queued behind it; the request that made the revision
 *   writes it before answering. Rows no kept revision needs any more are deleted then:
 *   the snapshots below the one the oldest kept revision starts from, and the revisions
 *   up to it. A snapshot whose write fails is not retried: rebuilds start from the one
 *   before it (at most twice {@link EDITOR_SNAPSHOT_EVERY} patches) until the next is
 *   written, and nothing is pruned meanwhile.
 *
 * @module
 */

import type { Patch } from "immer";
import type { Pool } from "pg";
import { applyEditorPatches } from "../editor/patches.js";
import type { EditorState } from "../editor/state.js";
import type { OrganizationId } from "../organization-id.js";
import type { VideoRecord } from "../ports/records.js";
import {
  type EditorRevisionStore,
  oldestKeptEntry,
  oldestKeptRevision,
  type ProjectAtRevision,
  type ProjectHead,
  type RevisionActor,
  type RevisionEntry,
  resolveRevisionsKept,
} from "../ports/revisions.js";
import { RecentlyUsedMap } from "./recently-used.js";
import { toSafeInteger } from "./rows.js";
import type { PostgresSchema } from "./schema.js";
import { inTransaction, type Queryable, queryable } from "./transaction.js";

/** A snapshot of the whole state is written every this many revisions. */
export const EDITOR_SNAPSHOT_EVERY = 50;

/** Projects whose latest state one host keeps in memory by default. */
export const EDITOR_STATE_CACHE_PROJECTS_DEFAULT = 256;

/** Settings of the PostgreSQL revision history. */
export interface PostgresRevisionOptions {
  /** Revisions kept per project; `EDITOR_REVISIONS_KEPT_DEFAULT` (100) by default. */
  readonly revisionsKept?: number;
  /** Projects whose latest state this host caches; {@link EDITOR_STATE_CACHE_PROJECTS_DEFAULT}. */
  readonly cachedProjects?: number;
}

type EditorVideo = VideoRecord & { readonly editor: EditorState };

/** The head columns of a video row, read without the state. */
interface HeadRow {
  readonly body: VideoRecord;
  /** `editor` for an editor project with a timeline state, else `other`. */
  readonly kind: string;
  /** True while the body still holds the state of revision `history_start`. */
  readonly holds_state: boolean;
  readonly version: number;
  readonly history_start: number;
  readonly undo_revisions: number[];
  readonly redo_revisions: number[];
  readonly updated_at: Date;
}

/**
 * The SQL condition of a `videos` row that is an editor project: a video whose state is
 * not null, in the body until its first revision, in `editor_snapshots` from then on (the
 * body then has no `editor` key at all). An editor project has it from its creation; a
 * faceless video or a slideshow's video once its workflow built its project. Every other
 * video's body holds `"editor": null`. The head leaves the state out.
 */
export const IS_EDITOR = `(body -> 'editor') IS DISTINCT FROM 'null'::jsonb`;
const HEAD_COLUMNS = `CASE WHEN ${IS_EDITOR} THEN body - 'editor' ELSE body END AS body,
  CASE WHEN ${IS_EDITOR} THEN 'editor' ELSE 'other' END AS kind,
  jsonb_exists(body, 'editor') AS holds_state,
  version, history_start, undo_revisions, redo_revisions, updated_at`;

/**
 * The latest state of recently used projects on this host, least recently used dropped
 * first. An entry is only ever used for the revision it names.
 *
 * A revision this host is committing is announced before its `COMMIT` is sent: another
 * request that reads that revision number from the row (it can only do so once the commit
 * went through) waits for this host to learn the outcome and takes the state from it,
 * instead of rebuilding 800 KiB from a snapshot because its read overtook the commit's
 * answer. A commit that fails hands out nothing, and the reader rebuilds.
 */
export class LatestStateCache {
  private readonly entries: RecentlyUsedMap<string, { revision: number; state: EditorState }>;
  private readonly committing = new Map<string, Promise<EditorState | undefined>>();

  /** A cache of at most `capacity` projects. */
  constructor(capacity: number) {
    this.entries = new RecentlyUsedMap(capacity);
  }

  /** The state of `key` at `revision`, if cached. */
  get(key: string, revision: number): EditorState | undefined {
    const entry = this.entries.peek(key);
    if (entry === undefined || entry.revision !== revision) return undefined;
    this.entries.touch(key);
    return entry.state;
  }

  /**
   * The state of `key` at `revision`, if cached, or once this host's commit of that
   * revision succeeds; undefined when neither.
   */
  async settled(key: string, revision: number): Promise<EditorState | undefined> {
    return this.get(key, revision) ?? (await this.committing.get(`${key}@${revision}`));
  }

  /**
   * Announces that this host is committing `state` as `revision` of `key`; `outcome`
   * settles with the commit (fulfilled when it committed). The state is cached then.
   */
  committingRevision(
    key: string,
    committing: {
      readonly revision: number;
      readonly state: EditorState;
      readonly outcome: Promise<unknown>;
    },
  ): void {
    const { revision, state, outcome } = committing;
    const name = `${key}@${revision}`;
    const committed = outcome.then(
      () => {
        this.set(key, revision, state);
        return state;
      },
      () => undefined,
    );
    this.committing.set(name, committed);
    void committed.then(() => {
      if (this.committing.get(name) === committed) this.committing.delete(name);
    });
  }

  /** Remembers the state of `key` at `revision`, unless a later one is cached. */
  set(key: string, revision: number, state: EditorState): void {
    const current = this.entries.peek(key);
    if (current !== undefined && current.revision > revision) return;
    this.entries.set(key, { revision, state });
  }
}

// A promise with its settling functions (Promise.withResolvers, which Node 20 lacks).
function deferred(): { promise: Promise<void>; resolve(): void; reject(error: unknown): void } {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

function entryOfRow(row: Record<string, unknown>): RevisionEntry {
  return {
    revision: toSafeInteger(row.revision, "editor_revisions.revision"),
    createdAt: (row.created_at as Date).toISOString(),
    actor: row.actor as RevisionActor,
    operationTypes: row.operation_types as string[],
    instructions: (row.instructions as string | null) ?? null,
    target: row.target === null ? null : toSafeInteger(row.target, "editor_revisions.target"),
    forward: row.forward as Patch[],
    inverse: row.inverse as Patch[],
  };
}

/** What the video store reads through the revision history. */
export interface EditorAwareReads {
  /** The video; an editor project with its latest state. */
  readVideo(organizationId: OrganizationId, videoId: number): Promise<VideoRecord | undefined>;
  /** The videos with each editor project's state brought to its latest revision. */
  withLatestStates(
    organizationId: OrganizationId,
    videos: readonly VideoRecord[],
  ): Promise<readonly VideoRecord[]>;
}

// The project a statement works on.
interface EditorProject {
  readonly organizationId: OrganizationId;
  readonly videoId: number;
}

// A snapshot to write at a revision, with what decides which older rows are still needed.
interface Snapshot {
  readonly head: { readonly historyStart: number; readonly revisionsKept: number };
  readonly revision: number;
  readonly state: EditorState;
}

// The statements of the revision history, on the tables of one schema.
function revisionQueries(schema: PostgresSchema) {
  const videosTable = schema.table("videos");
  const revisionsTable = schema.table("editor_revisions");
  const snapshotsTable = schema.table("editor_snapshots");

  async function readHead(
    db: Queryable,
    { organizationId, videoId }: EditorProject,
    lock: boolean,
  ): Promise<HeadRow | undefined> {
    if (!Number.isSafeInteger(videoId)) return undefined;
    const { rows } = await db.query(
      `SELECT ${HEAD_COLUMNS} FROM ${videosTable} WHERE organization_id = $1 AND id = $2${lock ? " FOR UPDATE" : ""}`,
      [organizationId, videoId],
    );
    const row = rows[0] as HeadRow | undefined;
    return row?.kind === "editor" ? row : undefined;
  }

  // The state at `revision`, from the latest snapshot at or below it (or the body's state
  // at history_start) and the forward patches after it. The snapshot and the body are read
  // in one statement: read twice, inside a caller's read-committed transaction, a first
  // revision committed between the reads moves the state from the body into a snapshot
  // the first read did not see, and neither read would hold it.
  async function rebuildState(
    db: Queryable,
    { organizationId, videoId }: EditorProject,
    { head, revision }: { readonly head: HeadRow; readonly revision: number },
  ): Promise<EditorState> {
    const key = [organizationId, videoId];
    const base = await db.query(
      `(SELECT revision, state FROM ${snapshotsTable}
        WHERE organization_id = $1 AND video_id = $2 AND revision <= $3
        ORDER BY revision DESC LIMIT 1)
       UNION ALL
       (SELECT NULL, body -> 'editor' FROM ${videosTable}
        WHERE organization_id = $1 AND id = $2 AND jsonb_exists(body, 'editor'))`,
      [...key, revision],
    );
    // The snapshot when there is one; else the body's state, which is at history_start.
    const snapshot = base.rows.find((row) => row.revision !== null);
    const found = snapshot ?? base.rows[0];
    if (found === undefined) {
      throw new Error(`No state of video ${videoId} at or below revision ${revision} is kept.`);
    }
    const from =
      snapshot === undefined
        ? head.history_start
        : toSafeInteger(snapshot.revision, "editor_snapshots.revision");
    let state = found.state as EditorState;
    const patches = await db.query(
      `SELECT forward FROM ${revisionsTable}
       WHERE organization_id = $1 AND video_id = $2 AND revision > $3 AND revision <= $4
       ORDER BY revision`,
      [...key, from, revision],
    );
    if (patches.rows.length !== revision - from) {
      throw new Error(`Revisions ${from + 1} to ${revision} of video ${videoId} are not all kept.`);
    }
    for (const row of patches.rows) state = applyEditorPatches(state, row.forward as Patch[]);
    return state;
  }

  function videoAt(
    head: HeadRow,
    {
      revision,
      state,
      updatedAt,
    }: { readonly revision: number; readonly state: EditorState; readonly updatedAt: string },
  ) {
    const video: EditorVideo = {
      ...head.body,
      title: state.title,
      editor: state,
      version: revision,
      updatedAt,
    };
    return video;
  }

  // Appends the revision's row and moves the head to it, in one statement and so in one
  // round trip while the head row is locked.
  async function writeRevision(
    db: Queryable,
    { organizationId, videoId }: EditorProject,
    {
      entry,
      stacks,
    }: {
      readonly entry: RevisionEntry;
      readonly stacks: {
        readonly undoStack: readonly number[];
        readonly redoStack: readonly number[];
      };
    },
  ): Promise<void> {
    await db.query(
      `WITH head AS (
         UPDATE ${videosTable} SET version = $3, updated_at = $4, undo_revisions = $11, redo_revisions = $12
         WHERE organization_id = $1 AND id = $2
         RETURNING organization_id, id)
       INSERT INTO ${revisionsTable} (organization_id, video_id, revision, created_at, actor,
         operation_types, instructions, target, forward, inverse)
       SELECT organization_id, id, $3, $4, $5::text, $6::text[], $7::text, $8::integer, $9::jsonb, $10::jsonb
       FROM head`,
      [
        organizationId,
        videoId,
        entry.revision,
        entry.createdAt,
        entry.actor,
        entry.operationTypes,
        entry.instructions,
        entry.target,
        JSON.stringify(entry.forward),
        JSON.stringify(entry.inverse),
        stacks.undoStack,
        stacks.redoStack,
      ],
    );
  }

  // Writes a snapshot of `state` at `revision` and deletes what no kept revision needs.
  async function snapshotAndPrune(
    db: Queryable,
    { organizationId, videoId }: EditorProject,
    { head, revision, state }: Snapshot,
  ): Promise<void> {
    const key = [organizationId, videoId];
    await db.query(
      `INSERT INTO ${snapshotsTable} (organization_id, video_id, revision, state) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [...key, revision, JSON.stringify(state)],
    );
    const oldest = oldestKeptRevision(revision, head.historyStart, head.revisionsKept);
    const base = await db.query(
      `SELECT max(revision) AS revision FROM ${snapshotsTable}
       WHERE organization_id = $1 AND video_id = $2 AND revision <= $3`,
      [...key, oldest],
    );
    const baseRevision = base.rows[0]?.revision;
    if (baseRevision === null || baseRevision === undefined) return;
    const keepEntriesFrom = oldestKeptEntry(revision, head.historyStart, head.revisionsKept);
    await db.query(
      `DELETE FROM ${snapshotsTable} WHERE organization_id = $1 AND video_id = $2 AND revision < $3`,
      [...key, baseRevision],
    );
    await db.query(
      `DELETE FROM ${revisionsTable} WHERE organization_id = $1 AND video_id = $2 AND revision < $3`,
      [...key, Math.min(Number(baseRevision) + 1, keepEntriesFrom)],
    );
  }

  // The first revision moves the state the body holds into a snapshot, once, so that the
  // head row stays small and no later read or edit reads the whole project from it.
  async function moveStateOutOfBody(
    db: Queryable,
    { organizationId, videoId }: EditorProject,
    head: HeadRow,
  ): Promise<void> {
    await db.query(
      `INSERT INTO ${snapshotsTable} (organization_id, video_id, revision, state)
       SELECT organization_id, id, $3, body -> 'editor' FROM ${videosTable}
       WHERE organization_id = $1 AND id = $2
       ON CONFLICT DO NOTHING`,
      [organizationId, videoId, head.history_start],
    );
    await db.query(
      `UPDATE ${videosTable} SET body = body - 'editor' WHERE organization_id = $1 AND id = $2`,
      [organizationId, videoId],
    );
  }

  return {
    readHead,
    rebuildState,
    videoAt,
    writeRevision,
    snapshotAndPrune,
    moveStateOutOfBody,
  };
}

/**
 * The revision methods of the PostgreSQL video store (tables of migration 11), with this
 * host's cache of latest states.
 */
export function createPostgresEditorRevisions(
  pool: Pool,
  schema: PostgresSchema,
  options: PostgresRevisionOptions = {},
): EditorRevisionStore & EditorAwareReads {
  const videosTable = schema.table("videos");
  const revisionsTable = schema.table("editor_revisions");
  const { readHead, rebuildState, videoAt, writeRevision, snapshotAndPrune, moveStateOutOfBody } =
    revisionQueries(schema);
  const revisionsKept = resolveRevisionsKept(options.revisionsKept);
  const cache = new LatestStateCache(options.cachedProjects ?? EDITOR_STATE_CACHE_PROJECTS_DEFAULT);
  // The project at the revision its head row names.
  const latestVideo = (head: HeadRow, state: EditorState): EditorVideo =>
    videoAt(head, { revision: head.version, state, updatedAt: head.updated_at.toISOString() });
  const latestState = async (
    db: Queryable,
    head: HeadRow,
    project: EditorProject,
  ): Promise<EditorState> => {
    const cacheKey = `${project.organizationId}/${project.videoId}`;
    const cached = await cache.settled(cacheKey, head.version);
    if (cached !== undefined) return cached;
    const state = await rebuildState(db, project, { head, revision: head.version });
    cache.set(cacheKey, head.version, state);
    return state;
  };
  // Outside a change, a rebuild reads the head again with the snapshot and patches in one
  // repeatable-read transaction, so a revision committed meanwhile (which may move the
  // state out of the body or prune rows) cannot leave it half read.
  const consistently = <T>(work: (client: Queryable) => Promise<T>): Promise<T> =>
    inTransaction(pool, work, { isolation: "repeatable read", readOnly: true });
  const latestOf = async (head: HeadRow, project: EditorProject): Promise<EditorVideo> => {
    const cached = await cache.settled(
      `${project.organizationId}/${project.videoId}`,
      head.version,
    );
    if (cached !== undefined) return latestVideo(head, cached);
    return consistently(async (client) => {
      const fresh = (await readHead(client, project, false)) ?? head;
      return latestVideo(fresh, await latestState(client, fresh, project));
    });
  };
  // The snapshot of a revision that is a multiple of EDITOR_SNAPSHOT_EVERY, written once
  // the revision is committed and the head row unlocked, so the 800 KiB write of a large
  // project never holds up the next edit. The revision is already the latest and its
  // answer true, so a failed write fails nothing: rebuilds replay from the snapshot
  // before it (at most twice as many patches) until the next one is written.
  const snapshotAfterCommit = async (project: EditorProject, snapshot: Snapshot): Promise<void> => {
    await inTransaction(pool, (client) => snapshotAndPrune(client, project, snapshot)).catch(
      () => undefined,
    );
  };
  return {
    async readVideo(organizationId, videoId) {
      if (!Number.isSafeInteger(videoId)) return undefined;
      const { rows } = await queryable(pool).query(
        `SELECT ${HEAD_COLUMNS} FROM ${videosTable} WHERE organization_id = $1 AND id = $2`,
        [organizationId, videoId],
      );
      const row = rows[0] as HeadRow | undefined;
      if (row === undefined) return undefined;
      return row.kind === "editor" ? latestOf(row, { organizationId, videoId }) : row.body;
    },
    async withLatestStates(organizationId, videos) {
      // A project's body loses its state at its first revision (`editor` is then absent).
      const ids = videos.filter((video) => video.editor !== null).map((video) => video.id);
      if (ids.length === 0) return videos;
      const { rows } = await queryable(pool).query(
        `SELECT id, ${HEAD_COLUMNS} FROM ${videosTable} WHERE organization_id = $1 AND id = ANY($2::bigint[])`,
        [organizationId, ids],
      );
      const heads = new Map(rows.map((row) => [Number(row.id), row as HeadRow]));
      return Promise.all(
        videos.map((video) => {
          const head = heads.get(video.id);
          return head?.kind === "editor"
            ? latestOf(head, { organizationId, videoId: video.id })
            : video;
        }),
      );
    },
    async commitRevision(organizationId, videoId, change) {
      const project = { organizationId, videoId };
      const cacheKey = `${organizationId}/${videoId}`;
      // Inside a caller's transaction the commit is the caller's, so nothing is announced
      // and the state is cached once this change is done, as before the announcements.
      const announces = queryable(pool) === pool;
      let announced: { resolve(): void; reject(error: unknown): void } | undefined;
      const announce = (revision: number, state: EditorState): void => {
        const { promise, resolve, reject } = deferred();
        announced = { resolve, reject };
        cache.committingRevision(cacheKey, { revision, state, outcome: promise });
      };
      const work = async (client: Queryable) => {
        // A transaction that runs again never committed what its earlier run announced.
        announced?.reject(new Error("The transaction ran again."));
        announced = undefined;
        const head = await readHead(client, project, true);
        if (head === undefined) return undefined;
        const state = await latestState(client, head, project);
        const projectHead: ProjectHead = {
          video: latestVideo(head, state),
          undoStack: head.undo_revisions,
          redoStack: head.redo_revisions,
          historyStart: head.history_start,
          revisionsKept,
        };
        const oldestEntry = oldestKeptEntry(head.version, head.history_start, revisionsKept);
        const decision = await change(projectHead, {
          async entry(revision) {
            if (revision < oldestEntry || revision > head.version) return undefined;
            const { rows } = await client.query(
              `SELECT * FROM ${revisionsTable}
               WHERE organization_id = $1 AND video_id = $2 AND revision = $3`,
              [organizationId, videoId, revision],
            );
            return rows[0] === undefined ? undefined : entryOfRow(rows[0]);
          },
        });
        const append = decision.append;
        if (append === undefined) {
          return { value: decision.value, revision: head.version, state: undefined, head };
        }
        const revision = head.version + 1;
        if (head.holds_state) await moveStateOutOfBody(client, project, head);
        await writeRevision(client, project, {
          entry: { ...append.entry, revision },
          stacks: append,
        });
        if (announces) announce(revision, append.state);
        return { value: decision.value, revision, state: append.state, head };
      };
      let committed: Awaited<ReturnType<typeof work>>;
      try {
        committed = await inTransaction(pool, work);
      } catch (error) {
        announced?.reject(error);
        throw error;
      }
      announced?.resolve();
      if (committed === undefined) return undefined;
      const { revision, state, head } = committed;
      if (state !== undefined) {
        // Cached only once committed: a rolled-back revision was never the latest.
        if (!announces) cache.set(cacheKey, revision, state);
        if (revision % EDITOR_SNAPSHOT_EVERY === 0) {
          const kept = { historyStart: head.history_start, revisionsKept };
          await snapshotAfterCommit(project, { head: kept, revision, state });
        }
      }
      return { value: committed.value, revision };
    },
    async listRevisions(organizationId, videoId, query) {
      const db = queryable(pool);
      const head = await readHead(db, { organizationId, videoId }, false);
      if (head === undefined) return undefined;
      const oldest = oldestKeptEntry(head.version, head.history_start, revisionsKept);
      const below = query.before ?? head.version + 1;
      const { rows } = await db.query(
        `SELECT * FROM ${revisionsTable}
         WHERE organization_id = $1 AND video_id = $2 AND revision >= $3 AND revision < $4
         ORDER BY revision DESC LIMIT $5`,
        [organizationId, videoId, oldest, below, query.limit],
      );
      return { entries: rows.map(entryOfRow), latestRevision: head.version };
    },
    projectAt(organizationId, videoId, revision) {
      const project = { organizationId, videoId };
      return consistently(async (client): Promise<ProjectAtRevision> => {
        const head = await readHead(client, project, false);
        if (head === undefined) return { kind: "missing" };
        if (revision > head.version) return { kind: "not_yet", latestRevision: head.version };
        const oldest = oldestKeptRevision(head.version, head.history_start, revisionsKept);
        if (revision < oldest) return { kind: "forgotten", oldestRevision: oldest };
        if (revision === head.version) {
          return {
            kind: "found",
            video: latestVideo(head, await latestState(client, head, project)),
          };
        }
        const state = await rebuildState(client, project, { head, revision });
        const { rows } = await client.query(
          `SELECT created_at FROM ${revisionsTable}
           WHERE organization_id = $1 AND video_id = $2 AND revision = $3`,
          [organizationId, videoId, revision],
        );
        const createdAt = rows[0]?.created_at as Date | undefined;
        const updatedAt = createdAt?.toISOString() ?? head.body.createdAt;
        return { kind: "found", video: videoAt(head, { revision, state, updatedAt }) };
      });
    },
  };
}
