// examples/receive-webhook.ts
import assert from "node:assert/strict";
import { signWebhook, verifyWebhook } from "reelkit";

const secret = process.env.REELKIT_WEBHOOK_SECRET ?? "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const handled = new Set<string>(); // a table with a unique id in production
const events: unknown[] = [];

export async function receive(request: Request): Promise<Response> {
  const body = await request.text(); // the raw body, not re-serialized JSON
  const checked = await verifyWebhook({ secret, headers: request.headers, body });
  if (!checked.ok) return new Response(checked.error, { status: 400 });
  if (handled.has(checked.value.id)) return new Response(null, { status: 204 });
  handled.add(checked.value.id);
  events.push(JSON.parse(body)); // { type: "generation.completed", timestamp, data: { id, status, url, ... } }
  return new Response(null, { status: 204 });
}

// What reelkit sends, and sends again on a retry with the same webhook-id.
const body = JSON.stringify({ type: "generation.completed", timestamp: "…", data: { id: "g1" } });
const timestampSeconds = Math.floor(Date.now() / 1000);
const headers = {
  "webhook-id": "msg_1",
  "webhook-timestamp": String(timestampSeconds),
  "webhook-signature": await signWebhook({ secret, id: "msg_1", timestampSeconds, body }),
};
const delivery = () =>
  new Request("https://app.example.com/hooks", { method: "POST", headers, body });
assert.equal((await receive(delivery())).status, 204);
assert.equal((await receive(delivery())).status, 204);
assert.equal(events.length, 1);
const forged = new Request("https://app.example.com/hooks", {
  method: "POST",
  headers,
  body: body.replace("g1", "g2"),
});
assert.equal(await (await receive(forged)).text(), "invalid_signature");
