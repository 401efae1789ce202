import { describe, expect, it } from "vitest";
import {
  type LedgerEntry,
  type LedgerProblemCode,
  reconcileLedger,
} from "../../src/credits/index.js";

const at = 0;
const grant = (sequence: number, amount: number): LedgerEntry => ({
  kind: "grant",
  amount,
  reference: "invoice",
  sequence,
  recordedAtMilliseconds: at,
});
const entry = (
  sequence: number,
  kind: "hold" | "capture" | "release",
  holdId: string,
  amount: number,
): LedgerEntry => ({ kind, amount, holdId, sequence, recordedAtMilliseconds: at });

function codes(
  entries: readonly LedgerEntry[],
  account = { posted: 0, pending: 0 },
): LedgerProblemCode[] {
  return reconcileLedger({ account, holds: [], entries }).problems.map((problem) => problem.code);
}

describe("reconcileLedger", () => {
  it("proves a consistent book balanced", () => {
    const result = reconcileLedger({
      account: { posted: 70, pending: 20 },
      holds: [
        { holdId: "g1", amount: 30, state: "captured" },
        { holdId: "g2", amount: 20, state: "pending" },
      ],
      entries: [
        grant(1, 100),
        entry(2, "hold", "g1", 30),
        entry(3, "capture", "g1", 30),
        entry(4, "hold", "g2", 20),
      ],
    });
    expect(result).toEqual({
      balanced: true,
      recorded: { posted: 70, pending: 20, available: 50 },
      derived: { posted: 70, pending: 20, available: 50 },
      entryCount: 4,
      problems: [],
    });
  });

  it("reports stored totals that differ from the entries", () => {
    const result = reconcileLedger({
      account: { posted: 90, pending: 0 },
      holds: [],
      entries: [grant(1, 100)],
    });
    expect(result.balanced).toBe(false);
    expect(result.problems).toEqual([{ code: "balance_mismatch", sequence: null, holdId: null }]);
  });

  it("reports gaps, bad amounts and every misuse of holds", () => {
    expect(codes([grant(2, 10)], { posted: 10, pending: 0 })).toEqual(["sequence_gap"]);
    expect(codes([grant(1, -5)])).toEqual(["invalid_amount"]);
    expect(codes([entry(1, "capture", "g1", 5)])).toEqual(["unknown_hold"]);
    expect(
      codes([
        grant(1, 10),
        entry(2, "hold", "g1", 5),
        entry(3, "release", "g1", 5),
        entry(4, "capture", "g1", 5),
      ]),
    ).toEqual(["resolved_twice", "hold_state_mismatch", "balance_mismatch"]);
    expect(codes([grant(1, 10), entry(2, "hold", "g1", 5), entry(3, "hold", "g1", 5)])).toContain(
      "hold_reopened",
    );
    expect(
      codes([grant(1, 10), entry(2, "hold", "g1", 5), entry(3, "release", "g1", 4)]),
    ).toContain("amount_mismatch");
    expect(codes([grant(1, 10), entry(2, "hold", "g1", 15)])).toContain("overdrawn");
  });

  it("reports stored holds that the entries do not explain", () => {
    const result = reconcileLedger({
      account: { posted: 10, pending: 0 },
      holds: [{ holdId: "ghost", amount: 5, state: "pending" }],
      entries: [grant(1, 10)],
    });
    expect(result.problems).toEqual([
      { code: "hold_state_mismatch", sequence: null, holdId: "ghost" },
    ]);
  });
});
