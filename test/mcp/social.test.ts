import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { describe, expect, it } from "vitest";
import { MISSING_UUID, putMedia } from "../service/generations/support.js";
import { KEYS, ORGS } from "../service/support/harness.js";
import {
  callTool,
  createMcpHarness,
  type JsonBody,
  type McpHarness,
} from "./support/mcp-harness.js";

const SOCIAL_READ_KEY = "rk_test_acme_social_read";

async function socialHarness(): Promise<{ harness: McpHarness; client: Client }> {
  const harness = await createMcpHarness();
  return { harness, client: await harness.connect(KEYS.acmeSocial) };
}

function publish(
  client: Client,
  mediaId: string,
  accounts: string[],
  extra: Record<string, unknown> = {},
) {
  return callTool(client, "publish_media_to_social", {
    media_id: mediaId,
    social_account_ids: accounts,
    ...extra,
  });
}

function serviceRequest(key: string, body: unknown = {}) {
  return { bearerToken: key, pathParams: {}, query: {}, body, idempotencyKey: undefined };
}

describe("list_social_accounts", () => {
  it("lists the connected accounts to social:read and social:write keys", async () => {
    const { harness, client } = await socialHarness();
    await harness.accounts.addApiKey(ORGS.acme, { key: SOCIAL_READ_KEY, scopes: ["social:read"] });
    const expected = {
      object: "social_account_list",
      accounts: [
        {
          object: "social_account",
          id: "tiktok-demo",
          platform: "tiktok",
          username: "@reelkit.demo",
          display_name: "Reelkit Demo",
          avatar_url: "https://cdn.example.com/reelkit-demo/social/tiktok.png",
        },
        expect.objectContaining({ id: "instagram-demo", platform: "instagram" }),
      ],
    };
    expect((await callTool(client, "list_social_accounts")).body).toEqual(expected);
    const reader = await harness.connect(SOCIAL_READ_KEY);
    expect((await callTool(reader, "list_social_accounts")).body).toEqual(expected);
  });

  it("lists nothing for an organization without accounts, or without a social port", async () => {
    const harness = await createMcpHarness();
    await harness.accounts.addApiKey(ORGS.other, {
      key: "rk_test_other_social",
      scopes: ["social:read"],
    });
    const other = await harness.connect("rk_test_other_social");
    expect((await callTool(other, "list_social_accounts")).body.accounts).toEqual([]);
    const bare = await createMcpHarness({ overrides: { social: undefined } });
    const client = await bare.connect(KEYS.acmeSocial);
    expect((await callTool(client, "list_social_accounts")).body.accounts).toEqual([]);
    const media = await putMedia(bare, { mediaType: "video" });
    expect((await publish(client, media.media.id, ["tiktok-demo"])).body.error.code).toBe(
      "not_found",
    );
  });
});

describe("publish_media_to_social", () => {
  it("queues a completed video once per account, ignoring repeated ids, and reads it back", async () => {
    const { harness, client } = await socialHarness();
    const media = await putMedia(harness, { mediaType: "video" });
    const answer = await publish(
      client,
      media.media.id,
      ["instagram-demo", "tiktok-demo", "instagram-demo"],
      {
        caption: "New drop",
        title: "Spring",
      },
    );
    expect(answer.isError).toBe(false);
    expect(answer.body).toEqual({
      object: "social_publication",
      id: expect.any(String),
      organization_id: ORGS.acme,
      status: "queued",
      media: { id: media.media.id, kind: "video", url: media.media.url },
      caption: "New drop",
      title: "Spring",
      targets: [
        {
          social_account_id: "instagram-demo",
          platform: "instagram",
          username: "@reelkit.demo",
          status: "queued",
        },
        {
          social_account_id: "tiktok-demo",
          platform: "tiktok",
          username: "@reelkit.demo",
          status: "queued",
        },
      ],
      created_at: "2026-11-22T09:00:00.000Z",
    });
    expect(harness.social.queued()).toEqual([answer.body]);
    const readBack = await harness.service.agent.listSocialPublications(
      serviceRequest(KEYS.acmeSocial),
    );
    expect(readBack).toEqual({
      kind: "ok",
      body: { object: "social_publication_list", publications: [answer.body] },
    });
  });

  it("publishes still images and GIFs", async () => {
    const { harness, client } = await socialHarness();
    const image = await putMedia(harness, { mediaType: "image" });
    expect((await publish(client, image.media.id, ["tiktok-demo"])).body.media.kind).toBe("image");
    const gif = await putMedia(harness, { mediaType: "image" });
    await harness.deps.stores.media.update(ORGS.acme, gif.media.id, (record) => ({
      ...record,
      media: {
        ...record.media,
        url: "https://cdn.example.com/media/loop.gif",
        filename: "loop.gif",
      },
    }));
    expect((await publish(client, gif.media.id, ["tiktok-demo"])).body.media.kind).toBe("gif");
    const listed = await harness.service.agent.listSocialPublications(
      serviceRequest(KEYS.acmeSocial, { limit: 1 }),
    );
    expect(listed.kind).toBe("ok");
    expect(
      (listed as { body: JsonBody }).body.publications.map((item: JsonBody) => item.media.kind),
    ).toEqual(["gif"]);
  });

  it("refuses audio, voice and media that is not completed, queueing nothing", async () => {
    const { harness, client } = await socialHarness();
    for (const mediaType of ["audio", "voice"] as const) {
      const media = await putMedia(harness, { mediaType });
      const answer = await publish(client, media.media.id, ["tiktok-demo"]);
      expect(answer.body.error).toMatchObject({
        code: "bad_request",
        context: { field: "media_id", media_type: mediaType },
      });
    }
    const pending = await putMedia(harness, { mediaType: "video", status: "processing" });
    const answer = await publish(client, pending.media.id, ["tiktok-demo"]);
    expect(answer.body.error).toMatchObject({
      code: "bad_request",
      context: { status: "processing" },
    });
    expect(harness.social.queued()).toEqual([]);
  });

  it("answers not_found for missing media, another organization's media and unknown accounts", async () => {
    const { harness, client } = await socialHarness();
    expect((await publish(client, MISSING_UUID, ["tiktok-demo"])).body.error.code).toBe(
      "not_found",
    );
    const theirs = await putMedia(harness, { mediaType: "video", organizationId: ORGS.other });
    expect((await publish(client, theirs.media.id, ["tiktok-demo"])).body.error.code).toBe(
      "not_found",
    );
    const mine = await putMedia(harness, { mediaType: "video" });
    const unknown = await publish(client, mine.media.id, ["tiktok-demo", "myspace-1", "myspace-1"]);
    expect(unknown.body.error).toEqual({
      code: "not_found",
      message: "No connected social account has id myspace-1.",
      retryable: false,
      context: { social_account_ids: ["myspace-1"] },
    });
    expect(harness.social.queued()).toEqual([]);
  });

  it("needs social:write: a social:read key is refused", async () => {
    const { harness } = await socialHarness();
    await harness.accounts.addApiKey(ORGS.acme, { key: SOCIAL_READ_KEY, scopes: ["social:read"] });
    const reader = await harness.connect(SOCIAL_READ_KEY);
    const media = await putMedia(harness, { mediaType: "video" });
    // A missing scope is the HTTP 403 scope challenge, not a tool result (spec 5.8).
    await expect(publish(reader, media.media.id, ["tiktok-demo"])).rejects.toThrow(
      /lacks the scope this endpoint needs: social:write/,
    );
    expect(harness.social.queued()).toEqual([]);
  });

  it("bounds the account list: 1 to 20 ids", async () => {
    const { harness, client } = await socialHarness();
    const media = await putMedia(harness, { mediaType: "video" });
    expect((await publish(client, media.media.id, [])).body.error.code).toBe("bad_request");
    const twenty = Array.from({ length: 20 }, () => "tiktok-demo");
    expect((await publish(client, media.media.id, twenty)).body.targets).toHaveLength(1);
    const tooMany = await publish(client, media.media.id, [...twenty, "tiktok-demo"]);
    expect(tooMany.body.error).toMatchObject({
      code: "bad_request",
      context: { fields: [{ path: "social_account_ids", issue: "too_big" }] },
    });
  });
});
