/**
 * How a kind of record maps onto its table: the columns the service scopes, orders and
 * filters by are read from the record; the whole record is the jsonb `body`.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type { ReelkitTable } from "./schema.js";

/** A column beside the body whose value is read from the record. */
export interface ExtraColumn<Row> {
  /** Column name (a trusted identifier). */
  readonly name: string;
  /** SQL type for casting the parameter array, such as `integer`. */
  readonly type: string;
  /** The column's value for a record. */
  readonly valueOf: (row: Row) => string | number | null;
}

/** A table of records of one kind. */
export interface RecordTable<Row, Id extends string | number> {
  /** The table, by its unqualified name. */
  readonly table: ReelkitTable;
  /** SQL type of the id column. */
  readonly idType: "text" | "bigint";
  /** The record's id. */
  readonly idOf: (row: Row) => Id;
  /** The owning organization. */
  readonly organizationOf: (row: Row) => OrganizationId;
  /** ISO 8601 creation time. */
  readonly createdAtOf: (row: Row) => string;
  /** ISO 8601 time of the last change. */
  readonly updatedAtOf: (row: Row) => string;
  /** The status the service reports. */
  readonly statusOf: (row: Row) => string;
  /** Further columns, such as the version of an editor project. */
  readonly extraColumns?: readonly ExtraColumn<Row>[];
}

interface Column<Row> {
  readonly name: string;
  readonly type: string;
  readonly valueOf: (row: Row) => unknown;
}

/** Every written column of a table, the body last. */
export function columnsOf<Row, Id extends string | number>(
  table: RecordTable<Row, Id>,
): readonly Column<Row>[] {
  return [
    { name: "id", type: table.idType, valueOf: table.idOf },
    { name: "organization_id", type: "integer", valueOf: table.organizationOf },
    { name: "created_at", type: "timestamptz", valueOf: table.createdAtOf },
    { name: "updated_at", type: "timestamptz", valueOf: table.updatedAtOf },
    { name: "status", type: "text", valueOf: table.statusOf },
    ...(table.extraColumns ?? []),
    { name: "body", type: "jsonb", valueOf: (row: Row) => JSON.stringify(row) },
  ];
}
