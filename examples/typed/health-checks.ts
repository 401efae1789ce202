// examples/typed/health-checks.ts
// Not run: needs a PostgreSQL database.
import { Hono } from "hono";
import type pg from "pg";
import { createHealthHandler } from "reelkit/http";
import { postgresReadiness } from "reelkit/postgres";

declare const pool: pg.Pool; // your pool
const app = new Hono();

const health = createHealthHandler({ checks: [postgresReadiness(pool, { schema: "reelkit" })] });
app.get("/healthz", (c) => health(c.req.raw));
app.get("/readyz", (c) => health(c.req.raw));
