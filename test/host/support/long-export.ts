/**
 * A host in the middle of a long export, for the tests of stopping it: a 10-minute
 * timeline whose render runs far longer than any test, and the ffmpeg processes this
 * test process has started.
 */
import { execFileSync } from "node:child_process";
import { parseFixtureText } from "../../../src/host/fixture.js";
import { type HostSetup, setupOf } from "../../../src/host/host-setup.js";
import type { RunningHost } from "../../../src/host/start-host.js";
import { type HostClient, hostClient } from "./rendering-project.js";

/** The key of the one organization of {@link longExportSetup}. */
export const LONG_EXPORT_KEY = "rk_test_long_export_key";

/** The organization's starting credits. */
export const LONG_EXPORT_CREDITS = 1000;

/** What a 10-minute export costs: ten started minutes at 5 credits. */
export const LONG_EXPORT_PRICE = 50;

/** One organization that can export. */
export function longExportSetup(): HostSetup {
  const fixture = {
    organizations: [
      {
        id: 1,
        name: "Acme",
        credits: LONG_EXPORT_CREDITS,
        api_keys: [{ key: LONG_EXPORT_KEY, scopes: ["generations:read", "generations:write"] }],
      },
    ],
  };
  const parsed = parseFixtureText(JSON.stringify(fixture), "test");
  if (!parsed.ok) throw new Error(parsed.error.join("\n"));
  return setupOf(parsed.value);
}

/** The ids of the ffmpeg processes this process started that are still running. */
export function ffmpegChildren(): number[] {
  let listing = "";
  try {
    listing = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], {
      encoding: "utf8",
    });
  } catch {
    // `ps` exits 1 when the process has no children.
    return [];
  }
  return listing
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, command]) => command === "ffmpeg")
    .map(([pid]) => Number(pid));
}

/** Resolves once `condition` holds, looking every 20 ms; throws after `seconds`. */
export async function eventually(condition: () => boolean | Promise<boolean>, seconds = 30) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("The condition never held.");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Makes a 10-minute project on `host`, exports it at 480p, and resolves once its render
 * runs (the export is `generating` and an ffmpeg process is running); answers its id.
 */
export async function startLongExport(
  host: RunningHost,
): Promise<{ id: number; client: HostClient }> {
  const client = hostClient(host, LONG_EXPORT_KEY);
  const project = await client.call("POST", "/editor/videos", {
    title: "Long",
    aspect_ratio: "16:9",
  });
  const id: number = project.video.id;
  await client.call("PATCH", `/editor/videos/${id}`, {
    operations: [
      {
        type: "add_solid",
        left: 0,
        top: 0,
        width: 1920,
        height: 1080,
        duration_seconds: 600,
        style: { color: "#ff0000" },
      },
    ],
  });
  await client.call("POST", `/editor/videos/${id}/export`, { resolution: "480p" });
  await eventually(async () => (await client.call("GET", `/videos/${id}`)).status === "generating");
  await eventually(() => ffmpegChildren().length > 0);
  return { id, client };
}
