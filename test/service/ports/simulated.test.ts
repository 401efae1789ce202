import type { Job } from "reelkit";
import { createMemoryMediaStorage } from "reelkit/memory";
import { createSimulatedWorkProvider, SIMULATED_UNSUPPORTED_JOB_CATEGORY } from "reelkit/simulated";
import { describe, expect, it } from "vitest";
import { sniffMedia } from "../../../src/media/sniff.js";
import { toOrganizationId } from "../../../src/organization-id.js";
import { readStored } from "../../support/stored-object.js";

const ACME = toOrganizationId(1);

function job(kind: Job["kind"], input: Record<string, unknown>): Job {
  return { id: "j1", kind, organizationId: ACME, resourceId: "r1", holdId: "h1", input };
}

describe("simulated work provider", () => {
  const storage = createMemoryMediaStorage({ publicBaseUrl: "http://host.test/files" });

  it("delivers a stored PNG for static ads and an MP4 for videos", async () => {
    const provider = createSimulatedWorkProvider({ storage });
    const still = await provider.run(job("generation", { type: "static_ad" }));
    const video = await provider.run(job("generation", { type: "video_ad" }));
    if (!still.ok || !video.ok) throw new Error("expected both jobs to complete");
    expect(still.value).toBe(storage.urlOf("generated/1/generation/r1.png"));
    const stillBytes = await readStored(storage, "generated/1/generation/r1.png");
    expect(stillBytes && sniffMedia(stillBytes.bytes)).toMatchObject({ value: { format: "png" } });
    expect(video.value).toBe(storage.urlOf("generated/1/generation/r1.mp4"));
    const videoBytes = await readStored(storage, "generated/1/generation/r1.mp4");
    expect(videoBytes && sniffMedia(videoBytes.bytes)).toMatchObject({ value: { kind: "video" } });
  });

  it.each(["faceless_video", "slideshow", "editor_export"] as const)(
    "refuses a %s job, which the service runs itself",
    async (kind) => {
      const outcome = await createSimulatedWorkProvider({ storage }).run(job(kind, {}));
      expect(outcome).toEqual({
        ok: false,
        error: {
          category: SIMULATED_UNSUPPORTED_JOB_CATEGORY,
          message: `A ${kind} job is run by the service itself, not by a work provider.`,
          retryable: false,
        },
      });
    },
  );

  it("fails retryably when the prompt carries the marker, after the configured delay", async () => {
    const waits: number[] = [];
    const provider = createSimulatedWorkProvider({
      storage,
      jobDurationMilliseconds: 2000,
      failWhenPromptContains: "#fail",
      sleep: async (milliseconds) => {
        waits.push(milliseconds);
      },
    });
    const outcome = await provider.run(job("generation", { prompt: "a cat #fail" }));
    expect(waits).toEqual([2000]);
    expect(outcome).toEqual({
      ok: false,
      error: expect.objectContaining({ category: "provider_unavailable", retryable: true }),
    });
  });
});
