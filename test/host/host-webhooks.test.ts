/**
 * The reference host's webhooks: endpoints from the fixture, a dispatcher started with
 * the job worker, and a signed delivery reaching a receiver, in memory and on PostgreSQL.
 */
import { verifyWebhook } from "reelkit";
import { afterEach, describe, expect, it } from "vitest";
import { parseFixtureText } from "../../src/host/fixture.js";
import { type HostSetup, setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import {
  createTestSchema,
  type TestSchema,
  testDatabaseUrl,
} from "../postgres/support/database.js";
import { type Receiver, startReceiver } from "../service/webhooks/receiver.js";

const KEY = "rk_test_host_webhooks";
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

function setupFor(receiverUrl: string): HostSetup {
  const fixture = {
    organizations: [
      {
        id: 7,
        name: "Hooked",
        api_keys: [{ key: KEY, scopes: ["generations:read", "generations:write"] }],
        webhooks: [{ url: receiverUrl, secret: SECRET, events: ["generation.completed"] }],
      },
    ],
    simulator: { job_duration_ms: 0 },
  };
  const parsed = parseFixtureText(JSON.stringify(fixture), "test");
  if (!parsed.ok) throw new Error(parsed.error.join("\n"));
  return setupOf(parsed.value);
}

let receiver: Receiver | undefined;
let host: RunningHost | undefined;
let schema: TestSchema | undefined;
afterEach(async () => {
  await host?.stop();
  await receiver?.close();
  await schema?.dispose();
  host = undefined;
  receiver = undefined;
  schema = undefined;
});

async function expectSignedDelivery(running: RunningHost, hooks: Receiver): Promise<void> {
  const created = await fetch(`${running.origin}/v1/generations`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${KEY}`,
      "content-type": "application/json",
      "idempotency-key": "hooked-1",
    },
    body: JSON.stringify({ type: "static_ad", template_slug: "product-hero", prompt: "Hooked" }),
  });
  expect(created.status).toBe(200);
  const id: string = (await created.json()).generations[0].id;
  await hooks.receivedCount(1);
  const [request] = hooks.received;
  if (request === undefined) throw new Error("no request");
  const check = await verifyWebhook({
    secret: SECRET,
    headers: request.headers as Record<string, string>,
    body: request.body,
  });
  expect(check.ok).toBe(true);
  expect(request.headers["webhook-id"]).toMatch(/_endpoint-1$/);
  const event = JSON.parse(request.body);
  expect(event.type).toBe("generation.completed");
  expect(event.data).toMatchObject({ id, object: "generation", status: "completed" });
}

describe("webhooks of the reference host", () => {
  it("delivers the fixture's endpoints' events from memory", async () => {
    receiver = await startReceiver();
    host = await startHost({ port: 0, host: "127.0.0.1", setup: setupFor(receiver.url) });
    await expectSignedDelivery(host, receiver);
  });

  it("delivers them from PostgreSQL", async () => {
    const url = testDatabaseUrl();
    if (url === undefined) return;
    schema = await createTestSchema(url);
    receiver = await startReceiver();
    host = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup: setupFor(receiver.url),
      databaseUrl: url,
      databaseSchema: schema.name,
    });
    await expectSignedDelivery(host, receiver);
  });
});

describe("the fixture's webhooks", () => {
  const parse = (webhooks: unknown) =>
    parseFixtureText(
      JSON.stringify({
        organizations: [
          { id: 1, name: "A", api_keys: [{ key: KEY, scopes: ["generations:read"] }], webhooks },
        ],
      }),
      "test",
    );
  const problems = (webhooks: unknown) => {
    const parsed = parse(webhooks);
    return parsed.ok ? [] : parsed.error.join("\n");
  };
  const url = "https://hooks.example.com/reelkit";

  it("takes endpoints with ids, raw or whsec_ secrets, and trusts them", () => {
    const parsed = parse([
      { id: "main", url, secret: SECRET, events: ["video.completed", "video.failed"] },
      { url, secret: "plain text secret", events: ["editor_video.exported"] },
    ]);
    if (!parsed.ok) throw new Error(parsed.error.join("\n"));
    expect(setupOf(parsed.value).organizations[0]?.webhooks).toEqual([
      {
        id: "main",
        url,
        secret: SECRET,
        events: ["video.completed", "video.failed"],
        trusted: true,
      },
      {
        id: "endpoint-2",
        url,
        secret: "plain text secret",
        events: ["editor_video.exported"],
        trusted: true,
      },
    ]);
  });

  it("refuses unknown events, bad secrets and repeated ids, naming the field", () => {
    expect(problems([{ url, secret: SECRET, events: ["video.started"] }])).toMatch(
      /webhooks\.0\.events\.0/,
    );
    expect(problems([{ url, secret: "whsec_***", events: ["video.failed"] }])).toMatch(
      /not base64/,
    );
    expect(problems([{ url, secret: SECRET, events: [] }])).toMatch(/webhooks\.0\.events/);
    expect(
      problems([
        { id: "same", url, secret: SECRET, events: ["video.failed"] },
        { id: "same", url, secret: SECRET, events: ["video.failed"] },
      ]),
    ).toMatch(/used twice/);
    expect(
      problems([{ url: "ftp://x.example", secret: SECRET, events: ["video.failed"] }]),
    ).toMatch(/webhooks\.0\.url/);
  });
});
