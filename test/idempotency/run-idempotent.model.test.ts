/**
 * Model-based test of a paid endpoint behind `runIdempotent`: random sequences of
 * requests (with or without a key, with one of two bodies, some failing), top-ups and
 * clock moves, checked against a plain model of what spec 4.0 and 7.3 promise: replays
 * are identical and free, conflicts run nothing, failures and 402s leave no charge and
 * store nothing, and the ledger always reconciles.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type OrganizationId, toOrganizationId } from "../../src/organization-id.js";
import { createPaidEndpoint, DEFAULT_TEST_PRICE, type PaidEndpoint } from "./paid-endpoint.js";

const RETENTION = 10_000;
const ORGANIZATIONS = [toOrganizationId(11), toOrganizationId(12)] as const;
const KEYS = ["k1", "k2", undefined] as const;
// Bodies 0 and 1 are the same request in another key order; body 2 is another request.
const BODIES = [
  { prompt: "Summer sale", slide_count: 6, aspect_ratio: "4:5" },
  { aspect_ratio: "4:5", slide_count: 6, prompt: "Summer sale" },
  { prompt: "Summer sale", slide_count: 8, aspect_ratio: "4:5" },
] as const;
const REQUEST_OF_BODY = [0, 0, 1] as const;

interface Completed {
  readonly requestIndex: number;
  readonly body: object;
  readonly retainedUntil: number;
}

interface Model {
  now: number;
  runs: number;
  readonly available: Map<OrganizationId, number>;
  readonly completed: Map<string, Completed>;
}

type EndpointCommand = fc.AsyncCommand<Model, PaidEndpoint>;

const availableOf = (model: Model, organizationId: OrganizationId): number =>
  model.available.get(organizationId) ?? 0;

async function expectCreditsMatch(model: Model, endpoint: PaidEndpoint): Promise<void> {
  expect(endpoint.actionRuns()).toBe(model.runs);
  for (const organizationId of ORGANIZATIONS) {
    expect((await endpoint.credits.balance(organizationId)).available).toBe(
      availableOf(model, organizationId),
    );
    expect((await endpoint.credits.reconcile(organizationId)).balanced).toBe(true);
  }
}

class SendCommand implements EndpointCommand {
  constructor(
    readonly organizationId: OrganizationId,
    readonly key: string | undefined,
    readonly bodyIndex: 0 | 1 | 2,
    readonly failQueueing: boolean,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, endpoint: PaidEndpoint): Promise<void> {
    const scope = `${this.organizationId}/${this.key}`;
    const stored = this.key === undefined ? undefined : model.completed.get(scope);
    const request = {
      organizationId: this.organizationId,
      key: this.key,
      body: BODIES[this.bodyIndex],
      failQueueing: this.failQueueing,
      retentionMilliseconds: RETENTION,
    };
    if (stored !== undefined && model.now < stored.retainedUntil) {
      const result = await endpoint.send(request);
      if (stored.requestIndex === REQUEST_OF_BODY[this.bodyIndex]) {
        expect(result).toEqual({
          kind: "answered",
          status: 200,
          replayed: true,
          body: { ...stored.body, idempotent_replay: true },
        });
      } else {
        expect(result).toMatchObject({
          kind: "conflict",
          error: { context: { reason: "different_request" } },
        });
      }
    } else {
      await this.runFresh(model, endpoint, request, scope);
    }
    await expectCreditsMatch(model, endpoint);
  }
  private async runFresh(
    model: Model,
    endpoint: PaidEndpoint,
    request: Parameters<PaidEndpoint["send"]>[0],
    scope: string,
  ): Promise<void> {
    model.runs += 1;
    const available = availableOf(model, this.organizationId);
    if (available < DEFAULT_TEST_PRICE) {
      expect(await endpoint.send(request)).toMatchObject({
        kind: "answered",
        status: 402,
        replayed: false,
      });
      return;
    }
    if (this.failQueueing) {
      await expect(endpoint.send(request)).rejects.toThrow("The job queue is unavailable.");
      return;
    }
    const result = await endpoint.send(request);
    expect(result).toMatchObject({ kind: "answered", status: 200, replayed: false });
    model.available.set(this.organizationId, available - DEFAULT_TEST_PRICE);
    if (this.key !== undefined && result.kind === "answered") {
      const retainedUntil = model.now + RETENTION;
      const requestIndex = REQUEST_OF_BODY[this.bodyIndex];
      model.completed.set(scope, { requestIndex, body: result.body, retainedUntil });
    }
  }
  toString(): string {
    const failing = this.failQueueing ? ", failing" : "";
    return `send(${this.organizationId}, ${this.key}, body ${this.bodyIndex}${failing})`;
  }
}

class TopUpCommand implements EndpointCommand {
  constructor(
    readonly organizationId: OrganizationId,
    readonly amount: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, endpoint: PaidEndpoint): Promise<void> {
    await endpoint.credits.grant(this.organizationId, this.amount, "top-up");
    model.available.set(this.organizationId, availableOf(model, this.organizationId) + this.amount);
    await expectCreditsMatch(model, endpoint);
  }
  toString(): string {
    return `topUp(${this.organizationId}, ${this.amount})`;
  }
}

class AdvanceCommand implements EndpointCommand {
  constructor(readonly milliseconds: number) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, endpoint: PaidEndpoint): Promise<void> {
    model.now += this.milliseconds;
    endpoint.clock.advance(this.milliseconds);
  }
  toString(): string {
    return `advance(${this.milliseconds})`;
  }
}

const organization = fc.constantFrom(...ORGANIZATIONS);

const commands = fc.commands(
  [
    fc
      .tuple(organization, fc.constantFrom(...KEYS), fc.constantFrom(0, 1, 2), fc.boolean())
      .map(
        ([organizationId, key, bodyIndex, fail]) =>
          new SendCommand(organizationId, key, bodyIndex, fail),
      ),
    fc
      .tuple(organization, fc.integer({ min: 0, max: 120 }))
      .map(([organizationId, amount]) => new TopUpCommand(organizationId, amount)),
    fc
      .oneof(fc.constantFrom(1, RETENTION - 1, RETENTION), fc.integer({ min: 0, max: RETENTION }))
      .map((milliseconds) => new AdvanceCommand(milliseconds)),
  ],
  { maxCommands: 60, size: "medium" },
);

describe("a paid endpoint behind runIdempotent", () => {
  it("agrees with the model after every step", async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const endpoint = createPaidEndpoint();
        const model: Model = {
          now: endpoint.clock.now(),
          runs: 0,
          available: new Map(),
          completed: new Map(),
        };
        await fc.asyncModelRun(() => ({ model, real: endpoint }), sequence);
      }),
      { seed: 20260117, numRuns: 100 },
    );
  });
});
