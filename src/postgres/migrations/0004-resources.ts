import type { Migration } from "./migration.js";

// Every resource table has the same frame: the columns the service looks records up,
// scopes and orders them by, and the record itself as jsonb. `position` is the order of
// insertion, which is what "newest first" means (creation times may tie).
function resourceTable(table: string, idType: string, extraColumns = ""): string {
  return `
CREATE TABLE ${table} (
  id ${idType} PRIMARY KEY,
  organization_id integer NOT NULL,
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  status text NOT NULL,${extraColumns}
  body jsonb NOT NULL
);

CREATE INDEX ${table}_newest_first ON ${table} (organization_id, position DESC);
`;
}

/**
 * Generations, slideshows, videos (faceless videos, slideshow renders and editor
 * projects, whose state lives in the body with a version column beside it), reference
 * inspirations and My Media items.
 */
export const MIGRATION_0004_RESOURCES: Migration = {
  version: 4,
  name: "resource records",
  sql: [
    resourceTable("generations", "text"),
    resourceTable("slideshows", "text"),
    resourceTable(
      "videos",
      "bigint",
      `
  kind text NOT NULL CHECK (kind IN ('faceless_video', 'slideshow', 'editor')),
  -- The record's version, raised by every accepted edit of an editor project.
  version integer NOT NULL CHECK (version >= 0),`,
    ),
    "CREATE SEQUENCE video_ids AS bigint;\n",
    resourceTable("reference_inspirations", "text"),
    resourceTable("media", "text"),
  ].join(""),
};
