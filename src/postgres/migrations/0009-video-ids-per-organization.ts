import type { Migration } from "./migration.js";

/**
 * Video ids numbered per organization instead of by one sequence shared by all, whose
 * values told every organization how many videos the others made. A video is now keyed
 * by its organization and id; each organization's counter starts above the ids it
 * already has, so no existing id is handed out again.
 */
export const MIGRATION_0009_VIDEO_IDS_PER_ORGANIZATION: Migration = {
  version: 9,
  name: "video ids per organization",
  sql: `
ALTER TABLE videos DROP CONSTRAINT videos_pkey;
ALTER TABLE videos ADD PRIMARY KEY (organization_id, id);

CREATE TABLE video_id_counters (
  organization_id integer PRIMARY KEY,
  last_id bigint NOT NULL CHECK (last_id >= 1)
);

INSERT INTO video_id_counters (organization_id, last_id)
  SELECT organization_id, max(id) FROM videos GROUP BY organization_id;

DROP SEQUENCE video_ids;
`,
};
