import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyLedgerChange,
  balanceOf,
  type CreditHold,
  captureHold,
  creditsReturned,
  EMPTY_CREDIT_ACCOUNT,
  grantCredits,
  releaseHold,
  reserveCredits,
} from "../../src/credits/index.js";

const pending: CreditHold = { holdId: "g1", amount: 40, state: "pending" };

describe("credit transitions", () => {
  it("reserves all requests or none", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 10 }),
        (granted, held, amounts) => {
          const account = { posted: granted + held, pending: held };
          const requests = amounts.map((amount, index) => ({ holdId: `g${index}`, amount }));
          const total = amounts.reduce((sum, amount) => sum + amount, 0);
          const result = reserveCredits(account, requests);
          if (total > granted) {
            expect(result).toEqual({
              ok: false,
              error: { credits_required: total, credits_available: granted },
            });
            return;
          }
          if (!result.ok) throw new Error("Expected a reservation.");
          const reserved = result.value;
          expect(reserved.account).toEqual({ posted: granted + held, pending: held + total });
          expect(reserved.changes.reduce(applyLedgerChange, account)).toEqual(reserved.account);
          expect(reserved.holds.every((hold) => hold.state === "pending")).toBe(true);
          expect(balanceOf(reserved.account).available).toBeGreaterThanOrEqual(0);
        },
      ),
      { seed: 20260122, numRuns: 300 },
    );
  });

  it("captures and releases an open hold, and reports a second resolution", () => {
    const account = { posted: 100, pending: 40 };
    const captured = captureHold(account, pending);
    expect(captured).toEqual({
      ok: true,
      value: {
        resolution: "captured",
        account: { posted: 60, pending: 0 },
        hold: { ...pending, state: "captured" },
        change: { kind: "capture", amount: 40, holdId: "g1" },
      },
    });
    const released = releaseHold(account, pending);
    expect(released).toMatchObject({
      ok: true,
      value: { resolution: "released", account: { posted: 100, pending: 0 } },
    });
    const hold: CreditHold = { ...pending, state: "released" };
    expect(captureHold(account, hold)).toEqual({
      ok: false,
      error: { kind: "already_resolved", resolution: "released", hold },
    });
    expect(releaseHold(account, undefined)).toEqual({ ok: false, error: { kind: "unknown_hold" } });
  });

  it("grants credits as a ledger change", () => {
    expect(grantCredits(EMPTY_CREDIT_ACCOUNT, 500, "invoice-7")).toEqual({
      account: { posted: 500, pending: 0 },
      change: { kind: "grant", amount: 500, reference: "invoice-7" },
    });
  });

  it("throws on amounts and batches that only a bug can produce", () => {
    expect(() => grantCredits(EMPTY_CREDIT_ACCOUNT, 0.5, "x")).toThrow(RangeError);
    expect(() => reserveCredits(EMPTY_CREDIT_ACCOUNT, [])).toThrow(RangeError);
    expect(() => reserveCredits({ posted: 10, pending: 0 }, [{ holdId: "g", amount: -1 }])).toThrow(
      RangeError,
    );
    expect(() => grantCredits(EMPTY_CREDIT_ACCOUNT, Number.MAX_SAFE_INTEGER + 1, "x")).toThrow(
      RangeError,
    );
  });

  it("refuses a change that would make the available balance negative", () => {
    const change = { kind: "hold", amount: 11, holdId: "g1" } as const;
    expect(() => applyLedgerChange({ posted: 10, pending: 0 }, change)).toThrow(RangeError);
    const release = { kind: "release", amount: 5, holdId: "g1" } as const;
    expect(() => applyLedgerChange({ posted: 10, pending: 4 }, release)).toThrow(RangeError);
  });
});

describe("creditsReturned", () => {
  it("reads the refund state of a failed generation from its hold (spec 7.3.5)", () => {
    expect(creditsReturned("released")).toBe(true);
    expect(creditsReturned("captured")).toBe(false);
    expect(creditsReturned("pending")).toBeNull();
    expect(creditsReturned(undefined)).toBeNull();
    expect(creditsReturned(null)).toBeNull();
  });
});
