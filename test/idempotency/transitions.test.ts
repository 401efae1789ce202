import { describe, expect, it } from "vitest";
import {
  type CompletedRecord,
  claimKey,
  completeKey,
  type InFlightRecord,
  idempotencyConflictError,
  isLive,
  isReapable,
  releaseKey,
} from "../../src/idempotency/index.js";

const inFlight: InFlightRecord = {
  state: "in_flight",
  fingerprint: "f1",
  token: "t1",
  leaseExpiresAtMilliseconds: 1_000,
};
const completed: CompletedRecord = {
  state: "completed",
  fingerprint: "f1",
  response: { status: 200, bodyJson: "{}" },
  completedAtMilliseconds: 500,
  retainedUntilMilliseconds: 2_000,
};
const claim = (nowMilliseconds: number, fingerprint = "f1") => ({
  fingerprint,
  nowMilliseconds,
  leaseMilliseconds: 100,
});

describe("idempotency key transitions", () => {
  it("keeps the record object when a claim changes nothing", () => {
    expect(claimKey(inFlight, claim(999), "t2").record).toBe(inFlight);
    expect(claimKey(completed, claim(1_999), "t2").record).toBe(completed);
  });

  it("marks a claim of an expired lease as a takeover, and of an expired response as fresh", () => {
    expect(claimKey(inFlight, claim(1_000, "f2"), "t2").result).toEqual({
      kind: "claimed",
      takeover: true,
      lease: { token: "t2", expiresAtMilliseconds: 1_100 },
    });
    expect(claimKey(completed, claim(2_000), "t2").result).toMatchObject({
      kind: "claimed",
      takeover: false,
    });
  });

  it("judges liveness and reapability at the exact boundaries", () => {
    expect(isLive(inFlight, 999)).toBe(true);
    expect(isLive(inFlight, 1_000)).toBe(false);
    expect(isLive(completed, 1_999)).toBe(true);
    expect(isLive(completed, 2_000)).toBe(false);
    expect(isReapable(completed, 1_999)).toBe(false);
    expect(isReapable(completed, 2_000)).toBe(true);
    expect(isReapable(inFlight, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it("completes and releases only for the holder's token", () => {
    const response = { status: 201, bodyJson: '{"id":1}' };
    const request = { token: "t1", response, nowMilliseconds: 10, retentionMilliseconds: 5 };
    expect(completeKey(inFlight, request)).toEqual({
      result: { ok: true, value: undefined },
      record: {
        state: "completed",
        fingerprint: "f1",
        response,
        completedAtMilliseconds: 10,
        retainedUntilMilliseconds: 15,
      },
    });
    expect(completeKey(inFlight, { ...request, token: "t9" })).toEqual({
      result: { ok: false, error: "lease_lost" },
      record: inFlight,
    });
    const leaseLost = { ok: false, error: "lease_lost" };
    expect(completeKey(undefined, request)).toEqual({ result: leaseLost, record: undefined });
    expect(releaseKey(inFlight, "t1")).toEqual({
      result: { ok: true, value: undefined },
      record: undefined,
    });
    expect(releaseKey(completed, "t1")).toEqual({ result: leaseLost, record: completed });
  });

  it("throws on durations that are programming errors", () => {
    expect(() => claimKey(undefined, { ...claim(0), leaseMilliseconds: -1 }, "t")).toThrow(
      RangeError,
    );
    const response = { status: 200, bodyJson: "{}" };
    expect(() =>
      completeKey(inFlight, {
        token: "t1",
        response,
        nowMilliseconds: 0,
        retentionMilliseconds: Number.NaN,
      }),
    ).toThrow(RangeError);
  });

  it("builds the 409 with the reason in its context", () => {
    expect(idempotencyConflictError("in_progress")).toMatchObject({
      code: "idempotency_conflict",
      retryable: false,
      context: { reason: "in_progress" },
    });
    expect(idempotencyConflictError("different_request").context).toEqual({
      reason: "different_request",
    });
  });
});
