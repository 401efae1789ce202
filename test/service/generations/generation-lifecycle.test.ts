import { describe, expect, it } from "vitest";
import { toOrganizationId } from "../../../src/organization-id.js";
import { createHarness, KEYS, ORGS } from "../support/harness.js";
import { get, MISSING_UUID, post, START, staticAd } from "./support.js";

describe("GET /generations/{id}: from generating to completed or error", () => {
  it("shows generating, then completed with the asset URL once the job ran", async () => {
    const harness = await createHarness();
    const created = await post(harness, "/generations", staticAd("Cold brew hero"));
    const id: string = created.body.generations[0].id;
    const before = await get(harness, `/generations/${id}`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      id,
      object: "generation",
      type: "static_ad",
      status: "generating",
      url: null,
      error: null,
      created_at: START,
      updated_at: START,
    });
    harness.clock.advance(5000);
    expect(await harness.runJobs()).toBe(1);
    const after = await get(harness, `/generations/${id}`);
    expect(after.body).toEqual({
      ...before.body,
      status: "completed",
      url: harness.storage.urlOf(`generated/${ORGS.acme}/generation/${id}.png`),
      updated_at: "2026-11-22T09:00:05.000Z",
    });
    expect(await harness.available()).toBe(4980);
    expect(harness.serverErrors).toEqual([]);
  });

  it("reports a failed job with generation_failed and returns its credits exactly once", async () => {
    const harness = await createHarness();
    const created = await post(harness, "/generations", staticAd("Cold brew #fail", 2));
    expect(await harness.available()).toBe(4960);
    const [job] = harness.queue.pending();
    if (job === undefined) throw new Error("expected queued jobs");
    await harness.runJobs();
    const id: string = created.body.generations[0].id;
    const failed = await get(harness, `/generations/${id}`);
    expect(failed.body).toMatchObject({ status: "error", url: null });
    expect(failed.body.error).toEqual({
      code: "generation_failed",
      message: expect.stringContaining("#fail"),
      retryable: true,
      category: "provider_unavailable",
      credits_returned: true,
    });
    expect(await harness.available()).toBe(5000);
    harness.clock.advance(1000);
    await harness.service.processJob({ ...job });
    expect(await harness.available()).toBe(5000);
    expect((await get(harness, `/generations/${id}`)).body).toEqual(failed.body);
    const ledger = await harness.deps.credits.ledger(toOrganizationId(1));
    const released = ledger.filter((entry) => entry.kind === "release");
    expect(released.map((entry) => entry.kind === "release" && entry.holdId).sort()).toEqual(
      created.body.generations.map((item: { id: string }) => item.id).sort(),
    );
    expect(harness.serverErrors).toEqual([]);
  });

  it("does not charge twice when a completed job is delivered again", async () => {
    const harness = await createHarness();
    const created = await post(harness, "/generations", staticAd("twice"));
    const [job] = harness.queue.pending();
    if (job === undefined) throw new Error("expected a queued job");
    await harness.runJobs();
    await harness.service.processJob({ ...job });
    expect(await harness.available()).toBe(4980);
    const ledger = await harness.deps.credits.ledger(toOrganizationId(1));
    expect(ledger.filter((entry) => entry.kind === "capture")).toHaveLength(1);
    const body = (await get(harness, `/generations/${created.body.generations[0].id}`)).body;
    expect(body.status).toBe("completed");
  });

  it("settles the hold on redelivery when the first run stopped between recording and charging", async () => {
    let crashes = 1;
    const harness = await createHarness();
    // The first capture fails, as a worker that dies right after recording the result.
    // Without a unit of work (as in memory, or a record finished by an older release)
    // the record is already final then; a unit of work would record nothing.
    const credits = harness.deps.credits;
    const flaky = await createHarness({
      overrides: {
        unitOfWork: { run: (work) => work() },
        credits: {
          ...credits,
          async capture(organizationId, holdId) {
            if (crashes > 0) {
              crashes -= 1;
              throw new Error("the worker stopped");
            }
            return credits.capture(organizationId, holdId);
          },
        },
      },
    });
    const created = await post(flaky, "/generations", staticAd("crash"));
    const [job] = flaky.queue.pending();
    if (job === undefined) throw new Error("expected a queued job");
    await expect(flaky.service.processJob({ ...job })).rejects.toThrow("the worker stopped");
    const id: string = created.body.generations[0].id;
    expect((await get(flaky, `/generations/${id}`)).body.status).toBe("completed");
    expect((await credits.balance(toOrganizationId(1))).pending).toBe(20);

    await flaky.service.processJob({ ...job });
    expect(await credits.balance(toOrganizationId(1))).toMatchObject({
      pending: 0,
      available: 4980,
    });
    const ledger = await credits.ledger(toOrganizationId(1));
    expect(ledger.filter((entry) => entry.kind === "capture")).toHaveLength(1);
    expect(ledger.filter((entry) => entry.kind === "release")).toHaveLength(0);
  });

  it("answers 404 for a missing generation and for another organization's", async () => {
    const harness = await createHarness();
    const created = await post(harness, "/generations", staticAd());
    const id: string = created.body.generations[0].id;
    const foreign = await get(harness, `/generations/${id}`, KEYS.other);
    const missing = await get(harness, `/generations/${MISSING_UUID}`);
    for (const response of [foreign, missing]) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
    expect(foreign.body.error.message).toBe(`No generation has id ${id}.`);
  });

  it("answers 400 for an id that is not a UUID", async () => {
    const harness = await createHarness();
    const response = await get(harness, "/generations/42");
    expect(response.status).toBe(400);
    expect(response.body.error.context).toMatchObject({
      location: "path",
      fields: [expect.objectContaining({ path: "id" })],
    });
  });
});

describe("generations: authentication and scopes", () => {
  it("needs write scope to create and read or write scope to read", async () => {
    const harness = await createHarness();
    const readOnly = await post(harness, "/generations", staticAd(), { key: KEYS.acmeRead });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.code).toBe("forbidden");
    const created = await post(harness, "/generations", staticAd(), { key: KEYS.acmeWrite });
    expect(created.status).toBe(200);
    const path = `/generations/${created.body.generations[0].id}`;
    expect((await get(harness, path, KEYS.acmeRead)).status).toBe(200);
    expect((await get(harness, path, KEYS.acmeWrite)).status).toBe(200);
    expect(await harness.available()).toBe(4980);
  });

  it("answers 403 to social-only keys, 402 without a subscription and 401 without a valid key", async () => {
    const harness = await createHarness();
    const path = `/generations/${MISSING_UUID}`;
    const cases = [
      [KEYS.acmeSocial, 403, "forbidden"],
      [KEYS.lapsed, 402, "payment_required"],
      [KEYS.revoked, 401, "invalid_api_key"],
    ] as const;
    for (const [key, status, code] of cases) {
      const created = await post(harness, "/generations", staticAd(), { key });
      const read = await get(harness, path, key);
      for (const response of [created, read]) {
        expect(response.status, code).toBe(status);
        expect(response.body.error.code).toBe(code);
      }
    }
    const anonymous = await harness.call("POST", "/generations", { body: staticAd() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("unauthorized");
    expect((await harness.call("GET", path)).status).toBe(401);
    expect(await harness.available()).toBe(5000);
    expect(await harness.available(toOrganizationId(3))).toBe(5000);
  });
});
