import { describe, expect, it } from "vitest";
import { batchStatus, settleBatch } from "../../src/credits/index.js";
import { createMemoryCreditStore } from "../../src/memory/index.js";
import { toOrganizationId } from "../../src/organization-id.js";

const ORG = toOrganizationId(1);

async function reservedBatch(count: number, amount: number) {
  const store = createMemoryCreditStore();
  await store.grant(ORG, 1_000, "invoice-1");
  const requests = Array.from({ length: count }, (_, index) => ({
    holdId: `gen-${index}`,
    amount,
  }));
  const reservation = await store.reserve(ORG, requests);
  if (!reservation.ok) throw new Error("Expected a reservation.");
  return { store, requests };
}

describe("settleBatch", () => {
  it("keeps every hold of a fully queued batch", async () => {
    const { store, requests } = await reservedBatch(3, 40);
    const settlement = await settleBatch(
      store,
      ORG,
      requests.map((request) => ({ ...request, queued: true })),
    );
    expect(settlement).toEqual({
      status: "queued",
      creditsDeducted: 120,
      releasedHoldIds: [],
      balance: { posted: 1_000, pending: 120, available: 880 },
    });
  });

  it("charges only the queued items of a partial batch", async () => {
    const { store, requests } = await reservedBatch(4, 40);
    const items = requests.map((request, index) => ({ ...request, queued: index % 2 === 0 }));
    const settlement = await settleBatch(store, ORG, items);
    expect(settlement).toEqual({
      status: "partial",
      creditsDeducted: 80,
      releasedHoldIds: ["gen-1", "gen-3"],
      balance: { posted: 1_000, pending: 80, available: 920 },
    });
    expect((await store.hold(ORG, "gen-1"))?.state).toBe("released");
    expect((await store.hold(ORG, "gen-0"))?.state).toBe("pending");
  });

  it("returns everything when nothing was queued, and refunds once when settled twice", async () => {
    const { store, requests } = await reservedBatch(2, 40);
    const items = requests.map((request) => ({ ...request, queued: false }));
    await settleBatch(store, ORG, items);
    const again = await settleBatch(store, ORG, items);
    expect(again).toMatchObject({ status: "failed", creditsDeducted: 0 });
    expect(await store.balance(ORG)).toEqual({ posted: 1_000, pending: 0, available: 1_000 });
    expect((await store.ledger(ORG)).filter((entry) => entry.kind === "release")).toHaveLength(2);
  });

  it("throws when an item that never ran has a captured hold", async () => {
    const { store, requests } = await reservedBatch(1, 40);
    await store.capture(ORG, "gen-0");
    await expect(
      settleBatch(
        store,
        ORG,
        requests.map((request) => ({ ...request, queued: false })),
      ),
    ).rejects.toThrow("never queued");
  });

  it("names the batch status from the queued count", () => {
    expect(batchStatus(10, 10)).toBe("queued");
    expect(batchStatus(3, 10)).toBe("partial");
    expect(batchStatus(0, 10)).toBe("failed");
  });
});
