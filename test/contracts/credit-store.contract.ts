/**
 * The contract every `CreditStore` implementation must meet. A store's own test file
 * calls {@link describeCreditStoreContract} with a factory that returns an empty store,
 * so the in-memory store and the PostgreSQL adapter run the very same tests.
 */

import { describe, expect, it } from "vitest";
import type { CreditStore } from "../../src/credits/index.js";
import { toOrganizationId } from "../../src/organization-id.js";
import type { ContractOptions } from "./contract-options.js";
import { describeCreditStoreModel } from "./credit-store-model.js";
import { describeCreditStoreRaces } from "./credit-store-races.js";

/** Returns a new, empty store; called once per test and once per property run. */
export type CreditStoreFactory = () => Promise<CreditStore> | CreditStore;

const ORG = toOrganizationId(1);
const OTHER_ORG = toOrganizationId(2);

/** Registers the whole credit store contract under `name`. */
export function describeCreditStoreContract(
  name: string,
  makeStore: CreditStoreFactory,
  options?: ContractOptions,
): void {
  describe(`CreditStore contract: ${name}`, () => {
    describeAccounts(makeStore);
    describeHolds(makeStore);
    describeBatches(makeStore);
    describeProgrammingErrors(makeStore);
    describeCreditStoreModel(makeStore, options);
    describeCreditStoreRaces(makeStore, options);
  });
}

function describeAccounts(makeStore: CreditStoreFactory): void {
  describe("accounts and ledger", () => {
    it("gives an organization that was never granted anything an empty account", async () => {
      const store = await makeStore();
      expect(await store.balance(ORG)).toEqual({ posted: 0, pending: 0, available: 0 });
      expect(await store.ledger(ORG)).toEqual([]);
      expect((await store.reconcile(ORG)).balanced).toBe(true);
    });

    it("records a grant as a ledger entry and returns the new balance", async () => {
      const store = await makeStore();
      expect(await store.grant(ORG, 250, "invoice-1")).toEqual({
        posted: 250,
        pending: 0,
        available: 250,
      });
      const [entry, ...rest] = await store.ledger(ORG);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        kind: "grant",
        amount: 250,
        reference: "invoice-1",
        sequence: 1,
      });
    });

    it("numbers entries from 1 without gaps, in the order they happened", async () => {
      const store = await makeStore();
      await store.grant(ORG, 100, "invoice-1");
      await store.reserve(ORG, [{ holdId: "g1", amount: 30 }]);
      await store.capture(ORG, "g1");
      await store.reserve(ORG, [{ holdId: "g2", amount: 20 }]);
      await store.release(ORG, "g2");
      const ledger = await store.ledger(ORG);
      expect(ledger.map((entry) => [entry.sequence, entry.kind, entry.amount])).toEqual([
        [1, "grant", 100],
        [2, "hold", 30],
        [3, "capture", 30],
        [4, "hold", 20],
        [5, "release", 20],
      ]);
      const reconciliation = await store.reconcile(ORG);
      expect(reconciliation).toMatchObject({
        balanced: true,
        entryCount: 5,
        problems: [],
        recorded: { posted: 70, pending: 0, available: 70 },
        derived: { posted: 70, pending: 0, available: 70 },
      });
    });

    it("keeps organizations apart, even when they use the same hold ids", async () => {
      const store = await makeStore();
      await store.grant(ORG, 100, "invoice-a");
      await store.grant(OTHER_ORG, 40, "invoice-b");
      await store.reserve(ORG, [{ holdId: "g1", amount: 60 }]);
      await store.reserve(OTHER_ORG, [{ holdId: "g1", amount: 40 }]);
      expect(await store.capture(OTHER_ORG, "g1")).toMatchObject({
        ok: true,
        value: { resolution: "captured" },
      });
      expect(await store.hold(ORG, "g1")).toEqual({ holdId: "g1", amount: 60, state: "pending" });
      expect(await store.balance(ORG)).toEqual({ posted: 100, pending: 60, available: 40 });
      expect(await store.balance(OTHER_ORG)).toEqual({ posted: 0, pending: 0, available: 0 });
      expect(await store.capture(toOrganizationId(3), "g1")).toEqual({
        ok: false,
        error: { kind: "unknown_hold" },
      });
    });
  });
}

function describeHolds(makeStore: CreditStoreFactory): void {
  describe("holds", () => {
    it("moves reserved credits to pending and reports the remaining credits", async () => {
      const store = await makeStore();
      await store.grant(ORG, 100, "invoice-1");
      const result = await store.reserve(ORG, [{ holdId: "g1", amount: 40 }]);
      expect(result).toEqual({
        ok: true,
        value: {
          holds: [{ holdId: "g1", amount: 40, state: "pending" }],
          balance: { posted: 100, pending: 40, available: 60 },
        },
      });
    });

    it("refuses a reservation beyond the available credits and records nothing", async () => {
      const store = await makeStore();
      await store.grant(ORG, 100, "invoice-1");
      await store.reserve(ORG, [{ holdId: "g1", amount: 70 }]);
      const result = await store.reserve(ORG, [{ holdId: "g2", amount: 31 }]);
      expect(result).toEqual({
        ok: false,
        error: { credits_required: 31, credits_available: 30 },
      });
      expect(await store.hold(ORG, "g2")).toBeUndefined();
      expect(await store.ledger(ORG)).toHaveLength(2);
    });

    it("captures a hold once; later resolutions report the capture and change nothing", async () => {
      const store = await makeStore();
      await store.grant(ORG, 100, "invoice-1");
      await store.reserve(ORG, [{ holdId: "g1", amount: 40 }]);
      expect(await store.capture(ORG, "g1")).toEqual({
        ok: true,
        value: {
          resolution: "captured",
          hold: { holdId: "g1", amount: 40, state: "captured" },
          balance: { posted: 60, pending: 0, available: 60 },
        },
      });
      const hold = { holdId: "g1", amount: 40, state: "captured" };
      const again = {
        ok: false,
        error: { kind: "already_resolved", resolution: "captured", hold },
      };
      expect(await store.capture(ORG, "g1")).toEqual(again);
      expect(await store.release(ORG, "g1")).toEqual(again);
      expect(await store.balance(ORG)).toEqual({ posted: 60, pending: 0, available: 60 });
      expect(await store.ledger(ORG)).toHaveLength(3);
    });

    it("releases a hold once, so a failure reported twice refunds once", async () => {
      const store = await makeStore();
      await store.grant(ORG, 100, "invoice-1");
      await store.reserve(ORG, [{ holdId: "g1", amount: 40 }]);
      expect(await store.release(ORG, "g1")).toMatchObject({
        ok: true,
        value: { resolution: "released", balance: { posted: 100, pending: 0, available: 100 } },
      });
      expect(await store.release(ORG, "g1")).toMatchObject({
        ok: false,
        error: { kind: "already_resolved", resolution: "released" },
      });
      expect(await store.capture(ORG, "g1")).toMatchObject({
        ok: false,
        error: { kind: "already_resolved", resolution: "released" },
      });
      expect(await store.balance(ORG)).toEqual({ posted: 100, pending: 0, available: 100 });
      expect((await store.ledger(ORG)).filter((entry) => entry.kind === "release")).toHaveLength(1);
    });

    it("reports holds it does not have", async () => {
      const store = await makeStore();
      await store.grant(ORG, 10, "invoice-1");
      expect(await store.capture(ORG, "missing")).toEqual({
        ok: false,
        error: { kind: "unknown_hold" },
      });
      expect(await store.release(ORG, "missing")).toEqual({
        ok: false,
        error: { kind: "unknown_hold" },
      });
      expect(await store.hold(ORG, "missing")).toBeUndefined();
    });

    it("accepts a free hold of zero credits", async () => {
      const store = await makeStore();
      const result = await store.reserve(ORG, [{ holdId: "free", amount: 0 }]);
      expect(result).toMatchObject({ ok: true, value: { balance: { available: 0 } } });
      expect(await store.capture(ORG, "free")).toMatchObject({
        ok: true,
        value: { resolution: "captured" },
      });
    });
  });
}

function describeBatches(makeStore: CreditStoreFactory): void {
  describe("batches", () => {
    it("reserves one hold per item when the whole batch fits", async () => {
      const store = await makeStore();
      await store.grant(ORG, 400, "invoice-1");
      const requests = Array.from({ length: 10 }, (_, index) => ({
        holdId: `g${index}`,
        amount: 40,
      }));
      const result = await store.reserve(ORG, requests);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value.holds.map((hold) => hold.holdId)).toEqual(requests.map((r) => r.holdId));
      expect(result.value.balance).toEqual({ posted: 400, pending: 400, available: 0 });
    });

    it("reserves nothing when the whole batch does not fit", async () => {
      const store = await makeStore();
      await store.grant(ORG, 100, "invoice-1");
      const result = await store.reserve(ORG, [
        { holdId: "g1", amount: 40 },
        { holdId: "g2", amount: 40 },
        { holdId: "g3", amount: 40 },
      ]);
      expect(result).toEqual({
        ok: false,
        error: { credits_required: 120, credits_available: 100 },
      });
      expect(await store.hold(ORG, "g1")).toBeUndefined();
      expect(await store.balance(ORG)).toEqual({ posted: 100, pending: 0, available: 100 });
    });
  });
}

function describeProgrammingErrors(makeStore: CreditStoreFactory): void {
  describe("programming errors", () => {
    it.each([
      ["a fraction", 1.5],
      ["a negative amount", -1],
      ["NaN", Number.NaN],
      ["infinity", Number.POSITIVE_INFINITY],
    ])("rejects %s and records nothing", async (_label, amount) => {
      const store = await makeStore();
      await store.grant(ORG, 100, "invoice-1");
      await expect(store.reserve(ORG, [{ holdId: "g1", amount }])).rejects.toThrow(RangeError);
      await expect(store.grant(ORG, amount, "bad")).rejects.toThrow(RangeError);
      expect(await store.ledger(ORG)).toHaveLength(1);
      expect(await store.hold(ORG, "g1")).toBeUndefined();
    });

    it("rejects an empty batch and a hold id used twice", async () => {
      const store = await makeStore();
      await store.grant(ORG, 100, "invoice-1");
      await expect(store.reserve(ORG, [])).rejects.toThrow(RangeError);
      const twice = [
        { holdId: "g1", amount: 1 },
        { holdId: "g1", amount: 1 },
      ];
      await expect(store.reserve(ORG, twice)).rejects.toThrow(RangeError);
      await store.reserve(ORG, [{ holdId: "g2", amount: 1 }]);
      await expect(store.reserve(ORG, [{ holdId: "g2", amount: 1 }])).rejects.toThrow(RangeError);
      expect(await store.balance(ORG)).toEqual({ posted: 100, pending: 1, available: 99 });
    });
  });
}
