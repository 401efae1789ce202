/**
 * The Node webhook sender: client-registered endpoints go through the SSRF policy, and
 * the pinned transport POSTs the body and headers unchanged.
 */
import { createNodeWebhookSender } from "reelkit/node";
import { afterEach, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../service/webhooks/receiver.js";

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

function request(url: string, trusted: boolean) {
  return {
    url,
    headers: { "content-type": "application/json", "webhook-id": "msg_1" },
    body: '{"type":"video.completed"}',
    trusted,
    signal: AbortSignal.timeout(10_000),
  };
}

describe("createNodeWebhookSender", () => {
  it("refuses a client-registered http URL and a loopback address", async () => {
    receiver = await startReceiver();
    await expect(createNodeWebhookSender()(request(receiver.url, false))).rejects.toThrow(
      /refused: Only https URLs/,
    );
    const allowHttp = createNodeWebhookSender({ dangerouslyAllowHttp: true });
    await expect(allowHttp(request(receiver.url, false))).rejects.toThrow(
      /refused: .*127\.0\.0\.1/,
    );
    const metadata = "https://169.254.169.254/latest/meta-data";
    await expect(createNodeWebhookSender()(request(metadata, false))).rejects.toThrow(/refused/);
    expect(receiver.received).toEqual([]);
  });

  it("POSTs through the pinned transport once the policy allows the address", async () => {
    receiver = await startReceiver([204]);
    const send = createNodeWebhookSender({
      dangerouslyAllowHttp: true,
      dangerouslyAllowLoopback: true,
    });
    expect(await send(request(receiver.url, false))).toEqual({ status: 204 });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.body).toBe('{"type":"video.completed"}');
    expect(receiver.received[0]?.headers["webhook-id"]).toBe("msg_1");
  });

  it("sends trusted endpoints directly, private addresses included", async () => {
    receiver = await startReceiver([500]);
    expect(await createNodeWebhookSender()(request(receiver.url, true))).toEqual({ status: 500 });
    expect(receiver.received).toHaveLength(1);
  });
});
