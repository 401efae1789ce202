import {
  countSpokenWords,
  createMemoryMediaStorage,
  createSimulatedScriptWriter,
  createSimulatedWorkProvider,
  type Job,
} from "reelkit";
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
    const video = await provider.run(job("faceless_video", {}));
    if (!still.ok || !video.ok) throw new Error("expected both jobs to complete");
    expect(still.url).toBe(storage.urlOf("generated/1/generation/r1.png"));
    const stillBytes = await readStored(storage, "generated/1/generation/r1.png");
    const videoBytes = await readStored(storage, "generated/1/faceless_video/r1.mp4");
    expect(stillBytes && sniffMedia(stillBytes.bytes)).toMatchObject({ format: "png" });
    expect(videoBytes && sniffMedia(videoBytes.bytes)).toMatchObject({ kind: "video" });
  });

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
      failure: expect.objectContaining({ category: "provider_unavailable", retryable: true }),
    });
  });
});

describe("simulated script writer", () => {
  it("writes a script paced for the duration", async () => {
    const script = await createSimulatedScriptWriter().write({
      prompt: "cold brew at home",
      durationSeconds: 26,
      language: "en",
    });
    expect(script).toContain("cold brew at home");
    expect(countSpokenWords(script)).toBe(65);
    expect(script.endsWith(".")).toBe(true);
  });
});
