/**
 * Model-based test of an `IdempotencyStore`: random sequences of claims, completions,
 * releases, clock moves and reaps over a few keys in two organizations, checked step by
 * step against a plain reference model of spec 4.0.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { IdempotencyStore, StoredResponse } from "../../src/idempotency/index.js";
import { toOrganizationId } from "../../src/organization-id.js";
import { type ContractOptions, runsOf } from "./contract-options.js";

const LEASE = 1_000;
const RETENTION = 5_000;
const SCOPES = [
  { organizationId: toOrganizationId(1), key: "k1" },
  { organizationId: toOrganizationId(1), key: "k2" },
  { organizationId: toOrganizationId(2), key: "k1" },
] as const;

type Scope = (typeof SCOPES)[number];

type ModelRecord =
  | { state: "in_flight"; fingerprint: string; token: string; leaseEnd: number }
  | { state: "completed"; fingerprint: string; response: StoredResponse; retainedUntil: number };

interface Model {
  now: number;
  completions: number;
  readonly records: Map<Scope, ModelRecord>;
  /** Every token the store issued, newest last, so stale ones can be replayed. */
  readonly tokens: string[];
}

type KeyCommand = fc.AsyncCommand<Model, IdempotencyStore>;

const isLive = (record: ModelRecord, now: number): boolean =>
  record.state === "in_flight" ? now < record.leaseEnd : now < record.retainedUntil;

async function expectRecordsMatch(model: Model, store: IdempotencyStore): Promise<void> {
  for (const scope of SCOPES) {
    const expected = model.records.get(scope);
    const actual = await store.inspect(scope);
    if (expected === undefined) {
      expect(actual).toBeUndefined();
    } else if (expected.state === "in_flight") {
      expect(actual).toEqual({
        state: "in_flight",
        fingerprint: expected.fingerprint,
        token: expected.token,
        leaseExpiresAtMilliseconds: expected.leaseEnd,
      });
    } else {
      expect(actual).toMatchObject({
        state: "completed",
        fingerprint: expected.fingerprint,
        response: expected.response,
        retainedUntilMilliseconds: expected.retainedUntil,
      });
    }
  }
}

class ClaimCommand implements KeyCommand {
  constructor(
    readonly scope: Scope,
    readonly fingerprint: string,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, store: IdempotencyStore): Promise<void> {
    const request = {
      fingerprint: this.fingerprint,
      nowMilliseconds: model.now,
      leaseMilliseconds: LEASE,
    };
    const result = await store.claim(this.scope, request);
    const record = model.records.get(this.scope);
    if (record === undefined || !isLive(record, model.now)) {
      expect(result).toMatchObject({ kind: "claimed", takeover: record?.state === "in_flight" });
      if (result.kind !== "claimed") return;
      expect(model.tokens).not.toContain(result.lease.token);
      model.tokens.push(result.lease.token);
      model.records.set(this.scope, {
        state: "in_flight",
        fingerprint: this.fingerprint,
        token: result.lease.token,
        leaseEnd: model.now + LEASE,
      });
    } else if (record.fingerprint !== this.fingerprint) {
      expect(result).toEqual({ kind: "conflict", reason: "different_request" });
    } else if (record.state === "completed") {
      expect(result).toEqual({ kind: "replay", response: record.response });
    } else {
      expect(result).toEqual({ kind: "conflict", reason: "in_progress" });
    }
    await expectRecordsMatch(model, store);
  }
  toString(): string {
    return `claim(${this.scope.organizationId}/${this.scope.key}, ${this.fingerprint})`;
  }
}

/** Which token a completion or release presents: the holder's, or a stale one. */
type TokenChoice = { readonly kind: "current" } | { readonly kind: "stale"; readonly pick: number };

function chooseToken(model: Model, scope: Scope, choice: TokenChoice): string {
  const record = model.records.get(scope);
  if (choice.kind === "current" && record?.state === "in_flight") return record.token;
  const stale = model.tokens.filter(
    (token) => record?.state !== "in_flight" || token !== record.token,
  );
  return (
    stale[choice.kind === "stale" ? choice.pick % Math.max(1, stale.length) : 0] ??
    "token-never-issued"
  );
}

function holds(model: Model, scope: Scope, token: string): boolean {
  const record = model.records.get(scope);
  return record?.state === "in_flight" && record.token === token;
}

class CompleteCommand implements KeyCommand {
  constructor(
    readonly scope: Scope,
    readonly choice: TokenChoice,
    readonly status: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, store: IdempotencyStore): Promise<void> {
    const token = chooseToken(model, this.scope, this.choice);
    model.completions += 1;
    const response = {
      status: this.status,
      bodyJson: JSON.stringify({ completion: model.completions }),
    };
    const request = {
      token,
      response,
      nowMilliseconds: model.now,
      retentionMilliseconds: RETENTION,
    };
    const result = await store.complete(this.scope, request);
    const record = model.records.get(this.scope);
    if (holds(model, this.scope, token) && record !== undefined) {
      expect(result).toEqual({ ok: true, value: undefined });
      model.records.set(this.scope, {
        state: "completed",
        fingerprint: record.fingerprint,
        response,
        retainedUntil: model.now + RETENTION,
      });
    } else {
      expect(result).toEqual({ ok: false, error: "lease_lost" });
    }
    await expectRecordsMatch(model, store);
  }
  toString(): string {
    return `complete(${this.scope.organizationId}/${this.scope.key}, ${this.choice.kind}, ${this.status})`;
  }
}

class ReleaseCommand implements KeyCommand {
  constructor(
    readonly scope: Scope,
    readonly choice: TokenChoice,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, store: IdempotencyStore): Promise<void> {
    const token = chooseToken(model, this.scope, this.choice);
    const result = await store.release(this.scope, token);
    if (holds(model, this.scope, token)) {
      expect(result).toEqual({ ok: true, value: undefined });
      model.records.delete(this.scope);
    } else {
      expect(result).toEqual({ ok: false, error: "lease_lost" });
    }
    await expectRecordsMatch(model, store);
  }
  toString(): string {
    return `release(${this.scope.organizationId}/${this.scope.key}, ${this.choice.kind})`;
  }
}

class AdvanceCommand implements KeyCommand {
  constructor(readonly milliseconds: number) {}
  check(): boolean {
    return true;
  }
  async run(model: Model): Promise<void> {
    model.now += this.milliseconds;
  }
  toString(): string {
    return `advance(${this.milliseconds})`;
  }
}

class ReapCommand implements KeyCommand {
  check(): boolean {
    return true;
  }
  async run(model: Model, store: IdempotencyStore): Promise<void> {
    let expected = 0;
    for (const [scope, record] of model.records) {
      if (record.state === "completed" && model.now >= record.retainedUntil) {
        model.records.delete(scope);
        expected += 1;
      }
    }
    expect(await store.reap(model.now)).toBe(expected);
    await expectRecordsMatch(model, store);
  }
  toString(): string {
    return "reap()";
  }
}

const scope = fc.constantFrom(...SCOPES);
const tokenChoice: fc.Arbitrary<TokenChoice> = fc.oneof(
  fc.constant({ kind: "current" } as const),
  fc.nat(8).map((pick) => ({ kind: "stale", pick }) as const),
);

const commands = fc.commands(
  [
    fc
      .tuple(scope, fc.constantFrom("fingerprint-1", "fingerprint-2"))
      .map(([target, fingerprint]) => new ClaimCommand(target, fingerprint)),
    fc
      .tuple(scope, tokenChoice, fc.constantFrom(200, 201))
      .map(([target, choice, status]) => new CompleteCommand(target, choice, status)),
    fc.tuple(scope, tokenChoice).map(([target, choice]) => new ReleaseCommand(target, choice)),
    // Exact lease and retention lengths land claims on their boundaries.
    fc
      .oneof(
        fc.constantFrom(1, LEASE - 1, LEASE, RETENTION - 1, RETENTION),
        fc.integer({ min: 0, max: 3 * LEASE }),
      )
      .map((milliseconds) => new AdvanceCommand(milliseconds)),
    fc.constant(new ReapCommand()),
  ],
  { maxCommands: 60, size: "medium" },
);

/** Registers the model-based property. */
export function describeIdempotencyStoreModel(
  makeStore: () => Promise<IdempotencyStore> | IdempotencyStore,
  options?: ContractOptions,
): void {
  describe("against a reference model", () => {
    it("agrees with the model of spec 4.0 after every step", async () => {
      await fc.assert(
        fc.asyncProperty(commands, async (sequence) => {
          const store = await makeStore();
          const model: Model = {
            now: Date.UTC(2026, 0, 1),
            completions: 0,
            records: new Map(),
            tokens: [],
          };
          await fc.asyncModelRun(() => ({ model, real: store }), sequence);
        }),
        { seed: 20260108, numRuns: runsOf(options) },
      );
    });
  });
}
