import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { describe, expect, it } from "vitest";
import { KEYS } from "../service/support/harness.js";
import { callTool, createMcpHarness, type McpHarness } from "./support/mcp-harness.js";

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
