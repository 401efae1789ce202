/**
 * The shape of a schema migration.
 *
 * @module
 */

/**
 * One versioned change to the schema. A migration is SQL text, applied once, in version
 * order, in its own transaction; once released it never changes, since databases out
 * there have already applied it. A change to the schema is a new migration.
 */
export interface Migration {
  /**
   * Position in the sequence, from 1, ascending. A number may be missing while a change
   * that holds it is developed alongside; each database records the versions it applied.
   */
  readonly version: number;
  /** What it does, recorded next to the version. */
  readonly name: string;
  /** The statements, run as one script inside the migration's transaction. */
  readonly sql: string;
}
