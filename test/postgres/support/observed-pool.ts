/**
 * A pool that records every statement its connections send, to count what a worker
 * costs the database and to know when it has looked at the outbox and found nothing.
 */
import type pg from "pg";
import type { TestSchema } from "./database.js";

/** A fresh pool on the test database whose statements are recorded. */
export interface ObservedPool {
  readonly pool: pg.Pool;
  /** The text of every statement sent so far, in order. */
  readonly statements: readonly string[];
  /**
   * Resolves when the worker next ends a look at the outbox that found no organization
   * to serve: from then on only a wake-up (or its slow poll) makes it look again.
   */
  nextEmptyLook(): Promise<void>;
}

// The statement that picks organizations to serve starts the fair claim (fair-claim-sql.ts).
const CHOOSE_PREFIX = "WITH RECURSIVE open_organizations";

function textOf(config: unknown): string {
  if (typeof config === "string") return config.trim();
  const text = (config as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text.trim() : String(config);
}

/** Opens a pool on the schema's database that records its statements. */
export function observedPool(schema: TestSchema, max = 4): ObservedPool {
  const statements: string[] = [];
  let waiting: (() => void)[] = [];
  const answered = (text: string, result: pg.QueryResult | undefined): void => {
    if (!text.startsWith(CHOOSE_PREFIX) || result?.rows.length !== 0) return;
    const resolved = waiting;
    waiting = [];
    for (const resolve of resolved) resolve();
  };
  const pool = schema.openPool(max);
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Every query of `pg` goes through a client's `query`: the pool's own `query` calls
    // it with a callback, a checked-out client's callers without.
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const text = textOf(args[0]);
      statements.push(text);
      const callback = args.at(-1);
      if (typeof callback === "function") {
        return query(...args.slice(0, -1), (error: unknown, result: pg.QueryResult) => {
          if (!error) answered(text, result);
          callback(error, result);
        });
      }
      return (query(...args) as Promise<pg.QueryResult>).then((result) => {
        answered(text, result);
        return result;
      });
    };
  });
  return {
    pool,
    statements,
    nextEmptyLook: () => new Promise((resolve) => waiting.push(resolve)),
  };
}
