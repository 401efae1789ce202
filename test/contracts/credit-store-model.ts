/**
 * Model-based test of a `CreditStore`: random sequences of grants, reservations,
 * captures and releases over two organizations, checked step by step against a plain
 * reference model that knows nothing of the library's transitions.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CreditStore } from "../../src/credits/index.js";
import { type OrganizationId, toOrganizationId } from "../../src/organization-id.js";
import { type ContractOptions, runsOf } from "./contract-options.js";

const ORGANIZATIONS = [toOrganizationId(1), toOrganizationId(2)] as const;

interface ModelHold {
  readonly organizationId: OrganizationId;
  readonly holdId: string;
  readonly amount: number;
  state: "pending" | "captured" | "released";
}

interface Model {
  readonly posted: Map<OrganizationId, number>;
  readonly holds: ModelHold[];
}

type CreditCommand = fc.AsyncCommand<Model, CreditStore>;

const postedOf = (model: Model, organizationId: OrganizationId): number =>
  model.posted.get(organizationId) ?? 0;

const pendingOf = (model: Model, organizationId: OrganizationId): number =>
  model.holds
    .filter((hold) => hold.organizationId === organizationId && hold.state === "pending")
    .reduce((sum, hold) => sum + hold.amount, 0);

async function expectStoreMatches(model: Model, store: CreditStore): Promise<void> {
  for (const organizationId of ORGANIZATIONS) {
    const posted = postedOf(model, organizationId);
    const pending = pendingOf(model, organizationId);
    expect(await store.balance(organizationId)).toEqual({
      posted,
      pending,
      available: posted - pending,
    });
    expect(posted - pending).toBeGreaterThanOrEqual(0);
    const reconciliation = await store.reconcile(organizationId);
    expect(reconciliation.problems).toEqual([]);
    expect(reconciliation.balanced).toBe(true);
  }
}

class GrantCommand implements CreditCommand {
  constructor(
    readonly organizationId: OrganizationId,
    readonly amount: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, store: CreditStore): Promise<void> {
    const balance = await store.grant(this.organizationId, this.amount, "model-grant");
    model.posted.set(this.organizationId, postedOf(model, this.organizationId) + this.amount);
    expect(balance.posted).toBe(postedOf(model, this.organizationId));
    await expectStoreMatches(model, store);
  }
  toString(): string {
    return `grant(${this.organizationId}, ${this.amount})`;
  }
}

class ReserveCommand implements CreditCommand {
  constructor(
    readonly organizationId: OrganizationId,
    readonly amounts: readonly number[],
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, store: CreditStore): Promise<void> {
    const requests = this.amounts.map((amount, index) => ({
      holdId: `hold-${model.holds.length + index + 1}`,
      amount,
    }));
    const required = this.amounts.reduce((sum, amount) => sum + amount, 0);
    const available = postedOf(model, this.organizationId) - pendingOf(model, this.organizationId);
    const result = await store.reserve(this.organizationId, requests);
    if (required > available) {
      expect(result).toEqual({
        ok: false,
        error: { credits_required: required, credits_available: available },
      });
    } else {
      expect(result.ok).toBe(true);
      for (const request of requests) {
        model.holds.push({ organizationId: this.organizationId, ...request, state: "pending" });
      }
    }
    await expectStoreMatches(model, store);
  }
  toString(): string {
    return `reserve(${this.organizationId}, [${this.amounts.join(", ")}])`;
  }
}

class ResolveCommand implements CreditCommand {
  constructor(
    readonly resolution: "captured" | "released",
    readonly organizationId: OrganizationId,
    readonly pick: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, store: CreditStore): Promise<void> {
    // Picks any hold ever made, including other organizations' holds, which must be unknown.
    const picked = model.holds[this.pick % Math.max(1, model.holds.length)];
    const holdId = picked?.holdId ?? "hold-never-made";
    const result =
      this.resolution === "captured"
        ? await store.capture(this.organizationId, holdId)
        : await store.release(this.organizationId, holdId);
    if (picked === undefined || picked.organizationId !== this.organizationId) {
      expect(result).toEqual({ ok: false, error: { kind: "unknown_hold" } });
    } else if (picked.state !== "pending") {
      expect(result).toMatchObject({
        ok: false,
        error: { kind: "already_resolved", resolution: picked.state },
      });
    } else {
      expect(result.ok && result.value.resolution).toBe(this.resolution);
      picked.state = this.resolution;
      if (this.resolution === "captured") {
        model.posted.set(this.organizationId, postedOf(model, this.organizationId) - picked.amount);
      }
    }
    await expectStoreMatches(model, store);
  }
  toString(): string {
    const verb = this.resolution === "captured" ? "capture" : "release";
    return `${verb}(${this.organizationId}, pick ${this.pick})`;
  }
}

const organization = fc.constantFrom(...ORGANIZATIONS);

const commands = fc.commands(
  [
    fc
      .tuple(organization, fc.integer({ min: 0, max: 200 }))
      .map(([organizationId, amount]) => new GrantCommand(organizationId, amount)),
    fc
      .tuple(
        organization,
        fc.array(fc.integer({ min: 0, max: 80 }), { minLength: 1, maxLength: 4 }),
      )
      .map(([organizationId, amounts]) => new ReserveCommand(organizationId, amounts)),
    fc
      .tuple(fc.constantFrom("captured", "released" as const), organization, fc.nat(40))
      .map(
        ([resolution, organizationId, pick]) =>
          new ResolveCommand(resolution, organizationId, pick),
      ),
  ],
  { maxCommands: 60, size: "medium" },
);

/** Registers the model-based property. */
export function describeCreditStoreModel(
  makeStore: () => Promise<CreditStore> | CreditStore,
  options?: ContractOptions,
): void {
  describe("against a reference model", () => {
    it("agrees with the model after every step, and the ledger always reconciles", async () => {
      await fc.assert(
        fc.asyncProperty(commands, async (sequence) => {
          const store = await makeStore();
          const model: Model = { posted: new Map(), holds: [] };
          await fc.asyncModelRun(() => ({ model, real: store }), sequence);
        }),
        { seed: 20260104, numRuns: runsOf(options) },
      );
    });
  });
}
