/**
 * Stopping the in-memory host while an export renders: once the shutdown timeout has
 * passed, the running job is told to stop, its ffmpeg ends, and since nothing of the
 * memory host outlives its process, the export fails as `host_stopped` (retryable) and
 * its credits are returned, rather than staying `generating` with a pending hold.
 */
import { afterEach, expect, it } from "vitest";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import { toOrganizationId } from "../../src/organization-id.js";
import { describeRendering } from "../render/support/ffmpeg.js";
import {
  ffmpegChildren,
  LONG_EXPORT_CREDITS,
  longExportSetup,
  startLongExport,
} from "./support/long-export.js";

let host: RunningHost | undefined;

afterEach(async () => {
  await host?.stop();
  // A render the stop left behind would run on for minutes.
  for (const pid of ffmpegChildren()) process.kill(pid);
});

describeRendering("stopping the in-memory host while an export renders", () => {
  it("stops ffmpeg, fails the export as host_stopped and returns its credits", async () => {
    host = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup: longExportSetup(),
      shutdownTimeoutMilliseconds: 100,
    });
    const { id } = await startLongExport(host);
    await host.stop();
    expect(ffmpegChildren()).toEqual([]);

    const { deps } = host.wiring;
    const video = await deps.stores.videos.get(toOrganizationId(1), id);
    expect(video?.lastExport).toMatchObject({
      status: "error",
      failure: { category: "host_stopped", retryable: true },
    });
    expect(await deps.credits.balance(toOrganizationId(1))).toEqual({
      posted: LONG_EXPORT_CREDITS,
      pending: 0,
      available: LONG_EXPORT_CREDITS,
    });
  });
});
