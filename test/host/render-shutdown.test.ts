/**
 * A host stopping while ffmpeg renders an export, as `npm start` runs it: SIGTERM stops
 * the host with no ffmpeg and no working directory left behind, and a host killed
 * outright (SIGKILL, which it cannot handle) takes its ffmpeg with it.
 */
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../src/host/host-setup.js";
import { childProcesses, describeRendering, processName } from "../render/support/ffmpeg.js";
import { type HostProcess, originOfFirstLine, ROOT, spawnProcess } from "./support/spawn-host.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

// A host whose temporary directory (where renders make their working directories) is
// a fresh folder of its own.
function hostWithTemporaryDirectory(): { host: HostProcess; temporary: string } {
  const temporary = mkdtempSync(join(tmpdir(), "reelkit-host-tmp-"));
  folders.push(temporary);
  const host = spawnProcess(
    process.execPath,
    ["--import", "tsx", join(ROOT, "src/host/main.ts"), "--port", "0", "--shutdown-timeout", "1"],
    { env: { ...process.env, DATABASE_URL: "", TMPDIR: temporary } },
  );
  return { host, temporary };
}

interface HostCall {
  readonly method: "POST" | "PATCH";
  readonly path: string;
  readonly body: unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: the test reads JSON bodies by path.
async function call(origin: string, { method, path, body }: HostCall): Promise<any> {
  const response = await fetch(`${origin}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${DEMO_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path}: ${await response.text()}`);
  return response.json();
}

// The host's ffmpeg processes working in a render's directory under `temporary` (not the
// short runs that check ffmpeg).
function rendering(host: HostProcess, temporary: string): number[] {
  return childProcesses("ffmpeg", host.child.pid ?? 0).filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`).startsWith(join(temporary, "reelkit-render-"));
    } catch {
      return false;
    }
  });
}

// Starts a 10-minute 1080p export on the host and answers the pid of its ffmpeg.
async function exporting(host: HostProcess, temporary: string): Promise<number> {
  const origin = originOfFirstLine(await host.firstLine);
  const created = await call(origin, {
    method: "POST",
    path: "/editor/videos",
    body: { aspect_ratio: "16:9" },
  });
  const id: number = created.video.id;
  await call(origin, {
    method: "PATCH",
    path: `/editor/videos/${id}`,
    body: {
      operations: [
        { type: "add_solid", duration_seconds: 600, style: { color: "#336699" } },
        { type: "add_text", text: "Still rendering", duration_seconds: 600 },
      ],
    },
  });
  await call(origin, {
    method: "POST",
    path: `/editor/videos/${id}/export`,
    body: { resolution: "1080p" },
  });
  await expect.poll(() => rendering(host, temporary).length, { timeout: 20_000 }).toBe(1);
  return rendering(host, temporary)[0] ?? 0;
}

describeRendering("a host stopping while it renders an export", () => {
  it("stops on SIGTERM with no ffmpeg and no working directory left behind", async () => {
    const { host, temporary } = hostWithTemporaryDirectory();
    const ffmpeg = await exporting(host, temporary);
    expect(
      readdirSync(temporary).filter((name) => name.startsWith("reelkit-render-")),
    ).toHaveLength(1);
    host.child.kill("SIGTERM");
    expect(await host.exited).toEqual({ code: 0, signal: null });
    expect(host.stdout().trimEnd().split("\n").at(-1)).toBe("reelkit stopped");
    expect(processName(ffmpeg)).toBeUndefined();
    expect(readdirSync(temporary).filter((name) => name.startsWith("reelkit-render-"))).toEqual([]);
  });

  it.runIf(process.platform === "linux")(
    "takes its ffmpeg with it when it is killed outright",
    async () => {
      const { host, temporary } = hostWithTemporaryDirectory();
      const ffmpeg = await exporting(host, temporary);
      host.child.kill("SIGKILL");
      expect((await host.exited).signal).toBe("SIGKILL");
      await expect.poll(() => processName(ffmpeg), { timeout: 5000 }).toBeUndefined();
    },
  );
});
