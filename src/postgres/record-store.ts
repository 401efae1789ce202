/**
 * A {@link ScopedRecordStore} on a PostgreSQL table. Lookups are scoped by organization
 * in SQL; an update locks the row (`SELECT ... FOR UPDATE`), runs the change against
 * the current record and writes the result, so concurrent updates from any number of
 * processes apply one after the other and none is lost.
 *
 * @module
 */
import type { Pool, QueryResult } from "pg";
import type { ListQuery, RecordChange, ScopedRecordStore } from "../ports/stores.js";
import { sqlStateOf, UNIQUE_VIOLATION } from "./errors.js";
import { columnsOf, type RecordTable } from "./record-table.js";
import type { PostgresSchema } from "./schema.js";
import { inTransaction, queryable } from "./transaction.js";

const LIST_PAGE_MAX = 500;

function validId(table: RecordTable<unknown, string | number>, id: string | number): boolean {
  return table.idType === "text" ? typeof id === "string" : Number.isSafeInteger(id);
}

/**
 * Creates a store over `table` in `schema` (created by {@link migrate}). Records are
 * listed newest first by insertion order.
 */
export function createPostgresRecordStore<Row, Id extends string | number>(
  pool: Pool,
  table: RecordTable<Row, Id>,
  schema: PostgresSchema,
): ScopedRecordStore<Row, Id> {
  const qualified = schema.table(table.table);
  const columns = columnsOf(table);
  const names = columns.map((column) => column.name);
  const arrays = columns.map((column, index) => `$${index + 1}::${column.type}[]`);
  const insertSql = `INSERT INTO ${qualified} (${names.join(", ")}) SELECT * FROM unnest(${arrays.join(", ")})`;
  const assignments = columns
    .slice(1)
    .map((column, index) => `${column.name} = $${index + 3}::${column.type}`);
  const updateSql = `UPDATE ${qualified} SET ${assignments.join(", ")} WHERE organization_id = $1 AND id = $2`;
  const untyped = table as RecordTable<unknown, string | number>;
  // Where a record sits in the newest-first order, or null when the organization has none.
  const positionOf = async (organizationId: number, id: string | number) => {
    const { rows } = await queryable(pool).query(
      `SELECT position FROM ${qualified} WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    );
    return (rows[0]?.position as string | undefined) ?? null;
  };

  return {
    async insert(rows) {
      if (rows.length === 0) return;
      try {
        await queryable(pool).query(
          insertSql,
          columns.map((column) => rows.map((row) => column.valueOf(row))),
        );
      } catch (error) {
        if (sqlStateOf(error) !== UNIQUE_VIOLATION) throw error;
        throw new Error(`A record of ${table.table} with one of these ids exists.`, {
          cause: error,
        });
      }
    },
    async get(organizationId, id) {
      if (!validId(untyped, id)) return undefined;
      const { rows } = await queryable(pool).query(
        `SELECT body FROM ${qualified} WHERE organization_id = $1 AND id = $2`,
        [organizationId, id],
      );
      return rows[0]?.body as Row | undefined;
    },
    async list(organizationId, query: ListQuery<Row, Id>) {
      const found: Row[] = [];
      if (query.after !== undefined && !validId(untyped, query.after)) return found;
      // Without a filter one page is the answer; with one, pages are read newest first
      // until enough records match, as the port allows.
      const pageSize =
        query.filter === undefined
          ? query.limit
          : Math.min(Math.max(query.limit * 4, 50), LIST_PAGE_MAX);
      let before: string | null =
        query.after === undefined ? null : await positionOf(organizationId, query.after);
      if (query.after !== undefined && before === null) return found;
      while (found.length < query.limit) {
        const page: QueryResult<{ position: string; body: Row }> = await queryable(pool).query(
          `SELECT position, body FROM ${qualified}
           WHERE organization_id = $1 AND ($2::bigint IS NULL OR position < $2::bigint)
           ORDER BY position DESC LIMIT $3`,
          [organizationId, before, pageSize],
        );
        const rows = page.rows;
        for (const { body: record } of rows) {
          if (found.length < query.limit && (query.filter === undefined || query.filter(record))) {
            found.push(record);
          }
        }
        if (rows.length < pageSize) break;
        before = rows[rows.length - 1]?.position ?? null;
      }
      return found;
    },
    async update(organizationId, id, change: RecordChange<Row>) {
      if (!validId(untyped, id)) return undefined;
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query(
          `SELECT body FROM ${qualified} WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
          [organizationId, id],
        );
        if (rows[0] === undefined) return undefined;
        const current = rows[0].body as Row;
        const next = change(current);
        if (next === current) return current;
        const values = columns.slice(1).map((column) => column.valueOf(next));
        await client.query(updateSql, [organizationId, id, ...values]);
        return next;
      });
    },
  };
}
