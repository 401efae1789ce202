import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createProjectMediaReader } from "reelkit";
import { createFfmpegRenderer } from "reelkit/render";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RenderCallOptions } from "../../src/ports/renderer.js";
import { decodePng, describeRendering, near } from "../render/support/ffmpeg.js";
import { pngSize, redBoxProject } from "../service/editor/export-and-frame-support.js";
import { KEYS } from "../service/support/harness.js";
import { callTool, createMcpHarness, MCP_URL, type McpHarness } from "./support/mcp-harness.js";

let harness: McpHarness;
let client: Client;

async function preview(args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({
    name: "preview_editor_video",
    arguments: args,
  })) as CallToolResult;
}

function imageOf(result: CallToolResult): Uint8Array {
  const [content] = result.content;
  if (content?.type !== "image") throw new Error(`not an image: ${JSON.stringify(content)}`);
  expect(content.mimeType).toBe("image/png");
  return Buffer.from(content.data, "base64");
}

describeRendering("preview_editor_video and export_editor_video", () => {
  beforeAll(async () => {
    harness = await createMcpHarness({
      renderer: (sources) => createFfmpegRenderer({ readMedia: createProjectMediaReader(sources) }),
    });
    client = await harness.connect(KEYS.acme);
  });

  afterAll(() => {
    expect(harness.serverErrors).toEqual([]);
    expect(harness.mcpErrors).toEqual([]);
  });

  it("shows one frame as image content: a PNG of the asked width with the red box in it", async () => {
    const id = await redBoxProject(harness);
    const png = imageOf(await preview({ id, at_seconds: 2, width: 270 }));
    expect(pngSize(png)).toEqual({ width: 270, height: 480 });
    const picture = decodePng(png, 270, 480);
    expect(near(picture.at(60, 100), [255, 0, 0])).toBe(true);
    expect(near(picture.at(200, 400), [0, 0, 0])).toBe(true);
  });

  it("shows several instants as one contact sheet, 270 pixels a frame by default", async () => {
    const id = await redBoxProject(harness);
    const png = imageOf(await preview({ id, at_seconds: [0, 1, 2, 3, 4] }));
    // Four frames a row: two rows of 270 x 480.
    expect(pngSize(png)).toEqual({ width: 1080, height: 960 });
  });

  it("answers bad arguments as an error result with the REST error", async () => {
    const id = await redBoxProject(harness);
    const late = await callTool(client, "preview_editor_video", { id, at_seconds: 9 });
    expect(late.isError).toBe(true);
    expect(late.body.error.context.fields[0].path).toBe("at_seconds");
    const wide = await callTool(client, "preview_editor_video", { id, at_seconds: 1, width: 4000 });
    expect(wide.body.error.context.fields[0].path).toBe("width");
    const missing = await callTool(client, "preview_editor_video", { id: 999, at_seconds: 1 });
    expect(missing.body.error.code).toBe("not_found");
  });

  it("exports with an idempotency key that replays without a second charge", async () => {
    const id = await redBoxProject(harness);
    const before = await harness.available();
    const args = { id, resolution: "480p", idempotency_key: "mcp-export-1" };
    const first = await callTool(client, "export_editor_video", args);
    const again = await callTool(client, "export_editor_video", args);
    expect(first.body).toMatchObject({ status: "queued", credits_deducted: 5 });
    expect(again.body).toEqual({ ...first.body, idempotent_replay: true });
    expect(await harness.available()).toBe(before - 5);
    await harness.runJobs();
    const video = await callTool(client, "get_video", { id });
    expect(video.body).toMatchObject({ status: "completed", url: expect.stringContaining(".mp4") });
  });

  it("needs a write key to export and a read or write key to preview", async () => {
    const id = await redBoxProject(harness);
    const reader = await harness.connect(KEYS.acmeRead);
    const seen = (await reader.callTool({
      name: "preview_editor_video",
      arguments: { id, at_seconds: 0, width: 64 },
    })) as CallToolResult;
    expect(pngSize(imageOf(seen)).width).toBe(64);
    await expect(
      reader.callTool({ name: "export_editor_video", arguments: { id } }),
    ).rejects.toThrow(/403|insufficient_scope|Forbidden/i);
  });
});

it("refuses previews and exports without a renderer as REST does: the same 400, nothing charged", async () => {
  const bare = await createMcpHarness();
  const agent = await bare.connect(KEYS.acme);
  const id = await redBoxProject(bare);
  const before = await bare.available();
  const refusal = {
    code: "bad_request",
    message: expect.stringContaining("no renderer"),
    retryable: false,
    context: { reason: "renderer_unavailable", missing: "renderer" },
  };
  for (const [name, args] of [
    ["preview_editor_video", { id, at_seconds: 1 }],
    ["preview_editor_video", { id, at_seconds: [0, 1] }],
    ["export_editor_video", { id, resolution: "480p", idempotency_key: "mcp-no-renderer" }],
  ] as const) {
    const result = await callTool(agent, name, args);
    expect(result.isError, name).toBe(true);
    expect(result.body.error, name).toEqual(refusal);
  }
  expect(await bare.available()).toBe(before);
  expect(await bare.runJobs()).toBe(0);
  expect(bare.serverErrors).toEqual([]);
});

it("stops a preview's render when the agent's HTTP request is abandoned", async () => {
  const signals: (AbortSignal | undefined)[] = [];
  const waitForAbort = async (_plan: unknown, call?: RenderCallOptions) => {
    signals.push(call?.signal);
    await new Promise((resolve) => call?.signal?.addEventListener("abort", resolve));
    return { ok: false as const, error: { code: "render_aborted" as const, message: "Aborted." } };
  };
  const held = await createMcpHarness({
    renderer: () => ({
      renderFrame: waitForAbort,
      renderContactSheet: waitForAbort,
      renderVideo: () => Promise.reject(new Error("not used")),
    }),
  });
  const id = await redBoxProject(held);
  const agent = new AbortController();
  const answered = held.mcp(
    new Request(MCP_URL, {
      method: "POST",
      headers: {
        authorization: `Bearer ${KEYS.acme}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "preview_editor_video", arguments: { id, at_seconds: 1 } },
      }),
      signal: agent.signal,
    }),
  );
  await expect.poll(() => signals.length).toBe(1);
  expect(signals[0]?.aborted).toBe(false);
  agent.abort();
  expect(signals[0]?.aborted).toBe(true);
  expect((await answered).status).toBe(200);
  expect(held.mcpErrors).toEqual([]);
});
