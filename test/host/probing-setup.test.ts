/**
 * How the reference host chooses its media prober: `--ffprobe-path`, else
 * `REELKIT_FFPROBE_PATH`, else ffprobe on `PATH`; the ffprobe prober when it runs, the
 * header prober otherwise; and the banner saying which.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FFPROBE_PATH_VARIABLE, HOST_USAGE, parseHostArguments } from "../../src/host/arguments.js";
import { hostBanner } from "../../src/host/banner.js";
import { DEMO_FIXTURE, setupOf } from "../../src/host/host-setup.js";
import { chooseMediaProber } from "../../src/host/media-probing.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import { FFMPEG_NEED } from "../render/support/ffmpeg.js";
import { describeNeeding } from "../support/describe-needing.js";

function ffprobePathOf(result: ReturnType<typeof parseHostArguments>) {
  return result.kind === "run" ? result.options.ffprobePath : result;
}

const MISSING_FFPROBE = "/nonexistent/reelkit-test/ffprobe";

describe("choosing ffprobe", () => {
  it("takes --ffprobe-path, else REELKIT_FFPROBE_PATH, else ffprobe on PATH", () => {
    const env = { [FFPROBE_PATH_VARIABLE]: "/opt/ffmpeg/bin/ffprobe" };
    expect(ffprobePathOf(parseHostArguments(["--ffprobe-path", "/usr/bin/ffprobe"], env))).toBe(
      "/usr/bin/ffprobe",
    );
    expect(ffprobePathOf(parseHostArguments([], env))).toBe("/opt/ffmpeg/bin/ffprobe");
    expect(ffprobePathOf(parseHostArguments([], { [FFPROBE_PATH_VARIABLE]: "" }))).toBeUndefined();
    expect(ffprobePathOf(parseHostArguments([]))).toBeUndefined();
    expect(HOST_USAGE).toContain("--ffprobe-path PATH");
    expect(HOST_USAGE).toContain(FFPROBE_PATH_VARIABLE);
  });

  it("falls back to the header prober, saying why, when ffprobe does not run", async () => {
    const chosen = await chooseMediaProber({ ffprobePath: MISSING_FFPROBE });
    expect(chosen.status.prober).toBe("header");
    expect(chosen.status).toMatchObject({ reason: expect.stringContaining("ffprobe") });
  });

  it("says in the banner which prober checks imports", () => {
    const facts = {
      origin: "http://127.0.0.1:8787",
      setup: setupOf(DEMO_FIXTURE),
      fixturePath: undefined,
      stores: { kind: "memory" } as const,
    };
    const ffprobe = hostBanner({
      ...facts,
      probing: { prober: "ffprobe", program: "/usr/bin/ffprobe" },
    }).join("\n");
    expect(ffprobe).toContain("Imported media is probed with ffprobe (/usr/bin/ffprobe)");
    const header = hostBanner({
      ...facts,
      probing: { prober: "header", reason: "ffprobe was not found" },
    }).join("\n");
    expect(header).toContain("Imported media is probed from its headers");
    expect(header).toContain("--ffprobe-path");
    expect(hostBanner(facts).join("\n")).not.toContain("Imported media");
  });
});

describe("a host without ffprobe", () => {
  let host: RunningHost | undefined;
  afterEach(async () => {
    await host?.stop();
  });

  it("starts and probes imports from their headers", async () => {
    host = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup: setupOf(DEMO_FIXTURE),
      ffprobePath: MISSING_FFPROBE,
    });
    expect(host.probing.prober).toBe("header");
  });
});

describeNeeding("a host with ffprobe", [FFMPEG_NEED], () => {
  let host: RunningHost | undefined;
  afterEach(async () => {
    await host?.stop();
  });

  it("probes imports with ffprobe found on PATH", async () => {
    host = await startHost({ port: 0, host: "127.0.0.1", setup: setupOf(DEMO_FIXTURE) });
    expect(host.probing).toEqual({ prober: "ffprobe", program: "ffprobe" });
  });
});
