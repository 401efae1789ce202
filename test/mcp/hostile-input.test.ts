import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { describe, expect, it } from "vitest";
import { BASE_URL, countingUuid, KEYS } from "../service/support/harness.js";
import { callTool, createMcpHarness, MCP_URL, type McpHarness } from "./support/mcp-harness.js";

// What a hostile or careless client sends must get the same answer over MCP as over REST.

async function projectOf(client: Client): Promise<number> {
  const created = await callTool(client, "create_editor_video", { title: "Launch" });
  expect(created.isError).toBe(false);
  return created.body.video.id;
}

async function setUp(): Promise<{ harness: McpHarness; client: Client; id: number }> {
  const harness = await createMcpHarness();
  const client = await harness.connect(KEYS.acme);
  return { harness, client, id: await projectOf(client) };
}

describe("voiceover words over MCP", () => {
  it.each([
    ["12,000 CJK characters", "漢字".repeat(6000)],
    ["6,000 characters of a.a.a", "a.".repeat(3000)],
  ])("refuses %s as over 465 spoken words, charging nothing", async (_name, text) => {
    const { harness, client, id } = await setUp();
    const answer = await callTool(client, "apply_editor_edits", {
      id,
      operations: [{ type: "add_voiceover", text }],
      idempotency_key: "words",
    });
    expect(answer.isError).toBe(true);
    expect(answer.body.error).toMatchObject({ code: "bad_request", retryable: false });
    expect(answer.body.error.context.fields[0].path).toBe("operations.0.text");
    expect(await harness.available()).toBe(5000);
  });
});

function rawToolCall(harness: McpHarness, key: string, argumentsText: string): Promise<Response> {
  const body = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"create_generation","arguments":${argumentsText}}}`;
  return harness.mcp(
    new Request(MCP_URL, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body,
    }),
  );
}

describe("one body policy for REST and MCP", () => {
  it.each([
    [
      "at the top of the arguments",
      '{"type":"static_ad","template_slug":"product-hero","idempotency_key":"k","__proto__":{"request_count":3}}',
    ],
    [
      "nested in an argument",
      '{"type":"static_ad","template_slug":"product-hero","idempotency_key":"k","reference_image_urls":[{"__proto__":{"x":1}}]}',
    ],
  ])("refuses __proto__ %s as REST does, charging nothing", async (_where, argumentsText) => {
    const harness = await createMcpHarness();
    const over = await rawToolCall(harness, KEYS.acme, argumentsText);
    expect(over.status).toBe(400);
    const answer = await over.json();
    expect(answer.error.code).toBe(-32600);
    const rest = await harness.handler(
      new Request(`${BASE_URL}/generations`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEYS.acme}`, "content-type": "application/json" },
        body: argumentsText,
      }),
    );
    expect(rest.status).toBe(400);
    expect(answer.error.data).toEqual(await rest.json());
    expect(answer.error.data.error.context).toMatchObject({
      reason: "hostile_key",
      key: "__proto__",
    });
    expect(await harness.available()).toBe(5000);
    expect(harness.queue.pending()).toEqual([]);
  });

  it("refuses __proto__ deep inside an edit operation", async () => {
    const { harness, id } = await setUp();
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"apply_editor_edits","arguments":{"id":${id},"operations":[{"type":"set_title","title":"t","__proto__":{"title":"x"}}]}}}`;
    const answer = await harness.mcp(
      new Request(MCP_URL, {
        method: "POST",
        headers: {
          authorization: `Bearer ${KEYS.acme}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body,
      }),
    );
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.data.error.context.reason).toBe("hostile_key");
  });

  it.each([
    ["U+0000", "a\u0000b"],
    ["a lone surrogate", "a\ud800b"],
  ])("refuses a title holding %s with the REST answer, as a tool error", async (_name, title) => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    const answer = await callTool(client, "create_editor_video", { title });
    expect(answer.isError).toBe(true);
    const rest = await harness.call("POST", "/editor/videos", { key: KEYS.acme, body: { title } });
    expect(rest.status).toBe(400);
    expect(answer.body).toEqual(rest.body);
    expect(answer.body.error.context).toMatchObject({
      reason: "unstorable_text",
      fields: [{ path: "title" }],
    });
    const list = await callTool(client, "list_editor_videos");
    expect(list.body.videos).toEqual([]);
  });
});

describe("voices over MCP", () => {
  it.each(["constructor", "__proto__", "no-such-voice"])(
    "answers add_voiceover with voice_id %j with the REST 404, charging nothing",
    async (voiceId) => {
      const { harness, client, id } = await setUp();
      const operations = [{ type: "add_voiceover", text: "Hello there", voice_id: voiceId }];
      const answer = await callTool(client, "apply_editor_edits", {
        id,
        operations,
        idempotency_key: `mcp-${voiceId}`,
      });
      expect(answer.isError).toBe(true);
      const rest = await harness.call("PATCH", `/editor/videos/${id}`, {
        key: KEYS.acme,
        body: { operations },
        headers: { "Idempotency-Key": `rest-${voiceId}` },
      });
      expect(rest.status).toBe(404);
      expect(answer.body).toEqual(rest.body);
      const faceless = await callTool(client, "create_faceless_video", {
        prompt: "Octopuses",
        voice_id: voiceId,
        idempotency_key: `mcp-faceless-${voiceId}`,
      });
      expect(faceless.body.error).toMatchObject({
        code: "not_found",
        context: { voice_id: voiceId },
      });
      expect(await harness.available()).toBe(5000);
    },
  );
});

describe("ids over MCP", () => {
  it("finds a generation by its id in upper case", async () => {
    const harness = await createMcpHarness({
      overrides: {
        ids: { uuid: () => countingUuid().replace(/^0{8}/, "abcdef00"), editorId: () => "e1" },
      },
    });
    const client = await harness.connect(KEYS.acme);
    const batch = await callTool(client, "create_generation", {
      type: "static_ad",
      template_slug: "product-hero",
      idempotency_key: "upper",
    });
    const id: string = batch.body.generations[0].id;
    const found = await callTool(client, "get_generation", { id: id.toUpperCase() });
    expect(found.isError).toBe(false);
    expect(found.body.id).toBe(id);
  });
});

describe("source_url failures over MCP", () => {
  it.each([
    ["a host that does not exist", "dns_failure", 400],
    ["a source that is down", "network_error", 500],
  ] as const)("answers %s as REST does", async (_name, reason, status) => {
    const harness = await createMcpHarness({
      urlFetcher: { fetch: async () => ({ ok: false, error: { reason, message: "m" } }) },
    });
    const client = await harness.connect(KEYS.acme);
    const sourceUrl = "https://cdn.example.com/a.png";
    const answer = await callTool(client, "upload_editor_media_from_url", {
      source_url: sourceUrl,
    });
    const rest = await harness.call("POST", "/editor/media", {
      key: KEYS.acme,
      body: { source_url: sourceUrl },
    });
    expect(rest.status).toBe(status);
    expect(answer.isError).toBe(true);
    expect(answer.body).toEqual(rest.body);
    expect(answer.body.error.retryable).toBe(status >= 500);
  });
});
