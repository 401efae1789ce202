/**
 * A faceless video whose host is killed in the middle of its workflow, on PostgreSQL with
 * stored files on disk: once the dead host's claim expires, another host on the same
 * database, files and address finishes the video from the step the first one reached. It
 * asks no provider again for a finished step (the pictures and the narration on disk are
 * the first host's, untouched; the project is the one the first host built), and the
 * credits are captured once.
 */
import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresCreditStore } from "reelkit/postgres";
import { afterEach, expect, it } from "vitest";
import { parseFixtureText } from "../../src/host/fixture.js";
import { setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import { toOrganizationId } from "../../src/organization-id.js";
import { originOfFirstLine, spawnHost, writeFixture } from "../host/support/spawn-host.js";
import { FFMPEG_NEED } from "../render/support/ffmpeg.js";
import { describeNeeding } from "../support/describe-needing.js";
import { createTestSchema, type TestSchema, testDatabaseUrl } from "./support/database.js";

const url = testDatabaseUrl();
const KEY = "rk_test_product_takeover_key";
const ORGANIZATION = 11;
const CREDITS = 500;

const FIXTURE = {
  organizations: [
    {
      id: ORGANIZATION,
      name: "Acme",
      credits: CREDITS,
      api_keys: [{ key: KEY, scopes: ["generations:read", "generations:write"] }],
    },
  ],
  jobs: { claim_lease_seconds: 1 },
};

// An ffmpeg that answers the renderer's checks like the real one but never finishes a
// render: it waits for as long as the host that started it lives.
const STALLING_FFMPEG = `#!/bin/sh
for arg in "$@"; do
  case "$arg" in -filters|-encoders|-version) exec ffmpeg "$@" ;; esac
done
while kill -0 "$PPID" 2>/dev/null; do sleep 0.2; done
`;

const pause = () => new Promise((resolve) => setTimeout(resolve, 100));

/** Each stored object's key, and when its metadata was last written. */
function storedObjects(dataDirectory: string): Map<string, number> {
  const objects = new Map<string, number>();
  const root = join(dataDirectory, "objects");
  for (const folder of readdirSync(root)) {
    for (const name of readdirSync(join(root, folder))) {
      if (!name.endsWith(".json")) continue;
      const path = join(root, folder, name);
      const metadata = JSON.parse(readFileSync(path, "utf8")) as { object_key: string };
      // Every host stores the demo sounds as it starts: they are not the product's work.
      if (metadata.object_key.startsWith("demo/")) continue;
      objects.set(metadata.object_key, statSync(path).mtimeMs);
    }
  }
  return objects;
}

describeNeeding("a product of a host killed mid-workflow", [FFMPEG_NEED], () => {
  let schema: TestSchema | undefined;
  let survivor: RunningHost | undefined;
  const folders: string[] = [];
  afterEach(async () => {
    await survivor?.stop();
    await schema?.dispose();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it.skipIf(url === undefined)(
    "is finished by another host, with no second provider call for its finished steps and one charge",
    async () => {
      schema = await createTestSchema(url ?? "");
      const dataDirectory = mkdtempSync(join(tmpdir(), "reelkit-takeover-data-"));
      const tools = mkdtempSync(join(tmpdir(), "reelkit-takeover-ffmpeg-"));
      folders.push(dataDirectory, tools);
      const stalling = join(tools, "ffmpeg");
      writeFileSync(stalling, STALLING_FFMPEG);
      chmodSync(stalling, 0o755);
      const database = ["--database-url", url ?? "", "--database-schema", schema.name];
      const doomed = spawnHost([
        "--port",
        "0",
        "--fixture",
        writeFixture(FIXTURE),
        ...database,
        "--data-dir",
        dataDirectory,
        "--ffmpeg-path",
        stalling,
      ]);
      const origin = originOfFirstLine(await doomed.firstLine);
      const call = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(`${origin}/v1${path}`, {
          ...init,
          headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        });
        return response.json();
      };
      const created = await call("/faceless-videos", {
        method: "POST",
        body: JSON.stringify({
          prompt: "Three facts about octopuses",
          duration: 10,
          idempotency_key: "takeover-video",
        }),
      });
      const videoId: number = created.video_id;
      // The first host reaches the render, which its ffmpeg never finishes.
      while ((await call(`/videos/${videoId}`)).step !== "render") await pause();
      const built = (await call(`/editor/videos/${videoId}`)).video.editor;
      const before = storedObjects(dataDirectory);
      const narrations = [...before.keys()].filter((key) => key.startsWith("generated/voiceover/"));
      expect(narrations).toHaveLength(1);
      expect(
        [...before.keys()].filter((key) => key.includes("/visuals/")).length,
      ).toBeGreaterThanOrEqual(2);

      doomed.child.kill("SIGKILL");
      expect((await doomed.exited).signal).toBe("SIGKILL");
      const outbox = schema.table("job_outbox");
      const claimExpired = async () =>
        (await schema?.pool.query(`SELECT claimed_until <= now() AS expired FROM ${outbox}`))
          ?.rows[0]?.expired === true;
      while (!(await claimExpired())) await pause();

      const parsed = parseFixtureText(JSON.stringify(FIXTURE), "test");
      if (!parsed.ok) throw new Error(parsed.error.join("\n"));
      // The same address, so the stored files' URLs the first host recorded are its own.
      survivor = await startHost({
        port: Number(new URL(origin).port),
        host: "127.0.0.1",
        setup: setupOf(parsed.value),
        databaseUrl: url,
        databaseSchema: schema.name,
        dataDirectory,
      });
      let video: { status: string; step: string; url: string | null };
      for (;;) {
        video = await call(`/videos/${videoId}`);
        if (video.status === "completed" || video.status === "error") break;
        await pause();
      }
      expect(video).toMatchObject({ status: "completed", step: "done" });
      const { rows } = await schema.pool.query(`SELECT state, attempts FROM ${outbox}`);
      expect(rows).toEqual([{ state: "done", attempts: 2 }]);

      // The project is the one the first host built, and no stored picture or narration
      // was made again: only the rendered MP4 is new.
      expect((await call(`/editor/videos/${videoId}`)).video.editor).toEqual(built);
      const after = storedObjects(dataDirectory);
      for (const [key, written] of before) expect(after.get(key), key).toBe(written);
      const added = [...after.keys()].filter((key) => !before.has(key));
      expect(added).toEqual([expect.stringMatching(/^exports\/11\/\d+\/[0-9a-f]{64}\.mp4$/)]);

      const credits = createPostgresCreditStore(schema.pool, { schema: schema.name });
      const ledger = await credits.ledger(toOrganizationId(ORGANIZATION));
      expect(ledger.filter((entry) => entry.kind === "capture")).toHaveLength(1);
      expect(ledger.filter((entry) => entry.kind === "release")).toHaveLength(0);
      expect((await credits.balance(toOrganizationId(ORGANIZATION))).available).toBe(
        CREDITS - created.credits_deducted,
      );
    },
    240_000,
  );
});
