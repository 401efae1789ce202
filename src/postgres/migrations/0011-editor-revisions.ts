import type { Migration } from "./migration.js";

/**
 * The revision history of editor projects: one row per accepted batch with the engine's
 * forward and inverse patches, a snapshot of the whole state every few revisions, and on
 * the video row the undo and redo stacks and the revision history starts from. Projects
 * edited before this migration keep their state in the body, at their current version,
 * which becomes the first revision their history holds. (Version 10 is another change
 * developed alongside this one.)
 */
export const MIGRATION_0011_EDITOR_REVISIONS: Migration = {
  version: 11,
  name: "editor revisions",
  sql: `
ALTER TABLE videos
  ADD COLUMN history_start integer NOT NULL DEFAULT 0 CHECK (history_start >= 0),
  ADD COLUMN undo_revisions integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN redo_revisions integer[] NOT NULL DEFAULT '{}';

UPDATE videos SET history_start = version WHERE kind = 'editor';

CREATE TABLE editor_revisions (
  organization_id integer NOT NULL,
  video_id bigint NOT NULL,
  revision integer NOT NULL CHECK (revision >= 1),
  created_at timestamptz NOT NULL,
  actor text NOT NULL CHECK (actor IN ('api', 'mcp', 'undo', 'redo')),
  operation_types text[] NOT NULL,
  instructions text,
  target integer,
  forward jsonb NOT NULL,
  inverse jsonb NOT NULL,
  PRIMARY KEY (organization_id, video_id, revision),
  FOREIGN KEY (organization_id, video_id) REFERENCES videos (organization_id, id) ON DELETE CASCADE
);

CREATE TABLE editor_snapshots (
  organization_id integer NOT NULL,
  video_id bigint NOT NULL,
  revision integer NOT NULL CHECK (revision >= 0),
  state jsonb NOT NULL,
  PRIMARY KEY (organization_id, video_id, revision),
  FOREIGN KEY (organization_id, video_id) REFERENCES videos (organization_id, id) ON DELETE CASCADE
);
`,
};
