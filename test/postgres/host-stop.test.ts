/**
 * Stopping a host on PostgreSQL while an export renders: once the shutdown timeout has
 * passed, the render is stopped and its job handed back to the outbox, neither failed
 * nor refunded nor charged, and another host already running takes it at once (woken by
 * the hand-back, long before its 30-second poll).
 */
import { afterEach, expect, it } from "vitest";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import { toOrganizationId } from "../../src/organization-id.js";
import {
  eventually,
  ffmpegChildren,
  LONG_EXPORT_CREDITS,
  LONG_EXPORT_PRICE,
  longExportSetup,
  startLongExport,
} from "../host/support/long-export.js";
import { FFMPEG_NEED } from "../render/support/ffmpeg.js";
import { describeNeeding } from "../support/describe-needing.js";
import { createTestSchema, type TestSchema, testDatabaseUrl } from "./support/database.js";

const url = testDatabaseUrl();

// testDatabaseUrl() already fails under CI without a server.
const POSTGRES_NEED = { part: "PostgreSQL", missing: url === undefined ? "no server" : undefined };

describeNeeding(
  "stopping a host on PostgreSQL while an export renders",
  [POSTGRES_NEED, FFMPEG_NEED],
  () => {
    let schema: TestSchema;
    const hosts: RunningHost[] = [];
    const start = async () => {
      const host = await startHost({
        port: 0,
        host: "127.0.0.1",
        setup: longExportSetup(),
        databaseUrl: url,
        databaseSchema: schema.name,
        shutdownTimeoutMilliseconds: 100,
      });
      hosts.push(host);
      return host;
    };
    const outboxRow = async () => {
      const { rows } = await schema.pool.query(
        `SELECT state, attempts, claimed_by FROM ${schema.table("job_outbox")}`,
      );
      return rows[0];
    };
    afterEach(async () => {
      await Promise.all(hosts.splice(0).map((host) => host.stop()));
      for (const pid of ffmpegChildren()) process.kill(pid);
      await schema.dispose();
    });

    it("hands the job back untouched, and a running host takes it at once", async () => {
      schema = await createTestSchema(url as string);
      const first = await start();
      const { id } = await startLongExport(first);
      const [render] = ffmpegChildren();
      const claimedByFirst = (await outboxRow()).claimed_by;
      // A second host, idle: the job is the first one's.
      const second = await start();

      await first.stop();
      expect(ffmpegChildren()).not.toContain(render);
      const { deps } = second.wiring;
      const holdId = (await deps.stores.videos.get(toOrganizationId(1), id))?.lastExport?.holdId;
      expect(await deps.credits.hold(toOrganizationId(1), holdId ?? "")).toMatchObject({
        state: "pending",
      });
      expect(await deps.credits.balance(toOrganizationId(1))).toEqual({
        posted: LONG_EXPORT_CREDITS,
        pending: LONG_EXPORT_PRICE,
        available: LONG_EXPORT_CREDITS - LONG_EXPORT_PRICE,
      });

      // The second host claims it, as a first attempt, and renders it again.
      await eventually(async () => {
        const row = await outboxRow();
        return row.state === "claimed" && row.claimed_by !== claimedByFirst;
      }, 20);
      expect(await outboxRow()).toMatchObject({ attempts: 1 });
      await eventually(() => ffmpegChildren().length > 0, 20);
      const video = await deps.stores.videos.get(toOrganizationId(1), id);
      expect(video?.lastExport).toMatchObject({ status: "generating", failure: null });
    });
  },
);
