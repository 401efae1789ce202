import { describe, expect, it } from "vitest";
import { toOrganizationId } from "../../../src/organization-id.js";
import { createHarness, KEYS } from "../support/harness.js";
import { failingAnalysisProvider, imageUrlsBody } from "./reference-fixtures.js";

const PATH = "/reference-inspirations";

async function listed(harness: Awaited<ReturnType<typeof createHarness>>) {
  const response = await harness.call("GET", PATH, { key: KEYS.acme });
  return response.body.references;
}

describe("reference analysis", () => {
  it("moves queued → ready and keeps the charge", async () => {
    const harness = await createHarness();
    const created = await harness.call("POST", PATH, { key: KEYS.acme, body: imageUrlsBody(2) });
    expect((await listed(harness))[0].analysis_status).toBe("queued");
    expect(await harness.runJobs()).toBe(1);
    const [reference] = await listed(harness);
    expect(reference).toEqual({ ...created.body.reference, analysis_status: "ready" });
    expect(await harness.available()).toBe(4940);
    const balance = await harness.deps.credits.balance(toOrganizationId(1));
    expect(balance.pending).toBe(0);
    expect(harness.serverErrors).toEqual([]);
  });

  it("moves queued → failed with the provider's message and refunds the credits once", async () => {
    const provider = failingAnalysisProvider("The analysis model is unavailable.");
    const harness = await createHarness({ provider });
    await harness.call("POST", PATH, { key: KEYS.acme, body: imageUrlsBody(3) });
    expect(await harness.available()).toBe(4910);
    await harness.runJobs();
    const [reference] = await listed(harness);
    expect(reference).toMatchObject({
      analysis_status: "failed",
      analysis_error: "The analysis model is unavailable.",
    });
    expect(await harness.available()).toBe(5000);
    // A redelivered job finds the analysis finished and settles nothing again.
    const [job] = provider.runs;
    if (job === undefined) throw new Error("The analysis never ran.");
    await harness.service.processJob(job);
    expect(provider.runs).toHaveLength(1);
    expect(await harness.available()).toBe(5000);
  });

  it("a job run twice after success charges once and stays ready", async () => {
    const harness = await createHarness();
    await harness.call("POST", PATH, { key: KEYS.acme, body: imageUrlsBody(1) });
    const [job] = harness.queue.pending();
    if (job === undefined) throw new Error("Nothing was queued.");
    await harness.runJobs();
    await harness.service.processJob(job);
    expect((await listed(harness))[0].analysis_status).toBe("ready");
    expect(await harness.available()).toBe(4970);
  });

  it("a provider that throws fails the analysis and refunds", async () => {
    const harness = await createHarness({
      provider: {
        run: async () => {
          throw new Error("socket hang up");
        },
      },
    });
    await harness.call("POST", PATH, { key: KEYS.acme, body: imageUrlsBody(1) });
    await harness.runJobs();
    const [reference] = await listed(harness);
    expect(reference.analysis_status).toBe("failed");
    expect(reference.analysis_error).toContain("socket hang up");
    expect(await harness.available()).toBe(5000);
  });

  it("ignores a job whose reference belongs to no one", async () => {
    const harness = await createHarness();
    await harness.service.processJob({
      id: "job-x",
      kind: "reference_analysis",
      organizationId: toOrganizationId(1),
      resourceId: "00000000-0000-4000-8000-ffffffffffff",
      holdId: "none",
      input: {},
    });
    expect(await harness.available()).toBe(5000);
  });
});
