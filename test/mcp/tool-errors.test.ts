import { createStaticWorkspaceDirectory } from "reelkit/memory";
import { DEMO_ASSETS, DEMO_CATALOG } from "reelkit/simulated";
import { describe, expect, it } from "vitest";
import { countingRenderer, redBoxProject } from "../service/editor/export-and-frame-support.js";
import { MISSING_UUID, staticAd } from "../service/generations/support.js";
import { KEYS } from "../service/support/harness.js";
import { callTool, createMcpHarness, type JsonBody } from "./support/mcp-harness.js";

// A key without a tool's scope is refused at the HTTP level with the scope challenge
// (see transport-and-auth.test.ts); the SDK client's call then fails with that 403.
describe("scope refusals are HTTP 403 scope challenges, never tool results", () => {
  it("refuses create_generation to a read-only key, charging nothing", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acmeRead);
    await expect(
      callTool(client, "create_generation", { ...staticAd(), idempotency_key: "read-only" }),
    ).rejects.toThrow(/lacks the scope this endpoint needs: generations:write/);
    expect(await harness.available()).toBe(5000);
    expect(harness.queue.pending()).toEqual([]);
  });

  it("refuses the social tools to a generations-only key", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    await expect(callTool(client, "list_social_accounts")).rejects.toThrow(
      /social:read or social:write/,
    );
    await expect(
      callTool(client, "publish_media_to_social", {
        media_id: MISSING_UUID,
        social_account_ids: ["tiktok-demo"],
      }),
    ).rejects.toThrow(/needs: social:write/);
  });

  it("refuses generation tools to a social-only key, which still reads the workspace and catalog", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acmeSocial);
    await expect(callTool(client, "list_workspace_assets")).rejects.toThrow(/"code":"forbidden"/);
    await expect(
      callTool(client, "recommend_voice", { description: "calm narrator" }),
    ).rejects.toThrow(/"code":"forbidden"/);
    const workspace = await callTool(client, "get_workspace");
    expect(workspace.body.api_key.scopes).toEqual(["social:read", "social:write"]);
    // Like GET /models, the catalog needs no particular scope.
    expect((await callTool(client, "list_generation_catalog")).isError).toBe(false);
  });
});

describe("missing resources and bad input", () => {
  it("answers a missing resource with not_found, as REST does", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    for (const [tool, args] of [
      ["get_generation", { id: MISSING_UUID }],
      ["get_slideshow", { id: MISSING_UUID }],
      ["get_video", { id: 404 }],
      ["get_editor_video", { id: 404 }],
      ["apply_editor_edits", { id: 404, operations: [{ type: "set_title", title: "x" }] }],
      ["add_editor_media", { id: 404, url: "https://cdn.example.com/a.png" }],
    ] as const) {
      const answer = await callTool(client, tool, args);
      expect(answer.isError, tool).toBe(true);
      expect(answer.body.error.code, tool).toBe("not_found");
    }
  });

  it("answers another organization's resource exactly like a missing one", async () => {
    const harness = await createMcpHarness();
    const other = await harness.connect(KEYS.other);
    const project = await callTool(other, "create_editor_video", { title: "Theirs" });
    const client = await harness.connect(KEYS.acme);
    const answer = await callTool(client, "get_editor_video", { id: project.body.video.id });
    expect(answer.body.error.code).toBe("not_found");
  });

  it("lists every bad field of an argument the REST schema refuses", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    const answer = await callTool(client, "create_generation", {
      type: "static_ad",
      request_count: 11,
      prompt: 5,
    });
    expect(answer.isError).toBe(true);
    expect(answer.body.error).toMatchObject({ code: "bad_request", context: { location: "body" } });
    expect(answer.body.error.context.fields.map((field: JsonBody) => field.path).sort()).toEqual([
      "prompt",
      "request_count",
    ]);
    const limit = await callTool(client, "list_editor_videos", { limit: 101 });
    expect(limit.body.error).toMatchObject({
      code: "bad_request",
      context: { location: "query", fields: [{ path: "limit", issue: "too_big" }] },
    });
    const fraction = await callTool(client, "get_video", { id: 1.5 });
    expect(fraction.body.error).toMatchObject({
      code: "bad_request",
      context: { location: "path" },
    });
    expect(await harness.available()).toBe(5000);
  });

  it("refuses arguments the tool does not take, naming them", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    const answer = await callTool(client, "upload_editor_media", {
      media: { filename: "a.png", content_type: "image/png", data: "iVBORw0KGgo=" },
      source_url: "https://cdn.example.com/a.png",
      nonsense: 1,
    });
    expect(answer.body).toEqual({
      error: {
        code: "bad_request",
        message: "upload_editor_media does not take source_url, nonsense.",
        retryable: false,
        context: {
          location: "arguments",
          fields: [
            {
              path: "source_url",
              message: "Unknown argument for upload_editor_media.",
              issue: "unrecognized_keys",
            },
            {
              path: "nonsense",
              message: "Unknown argument for upload_editor_media.",
              issue: "unrecognized_keys",
            },
          ],
        },
      },
    });
    const mode = await callTool(client, "list_reference_inspirations", { suggest_targets: true });
    expect(mode.body.error.context.fields[0].path).toBe("suggest_targets");
  });

  it("keeps the one-source rule of POST /editor/media for the inline form", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    const answer = await callTool(client, "upload_editor_media", {});
    expect(answer.body.error).toMatchObject({ code: "bad_request", context: { location: "body" } });
  });

  it("answers a service failure with server_error and reports it", async () => {
    const workspace = createStaticWorkspaceDirectory({
      catalog: DEMO_CATALOG,
      assets: DEMO_ASSETS,
    });
    const broken = { ...workspace, soundEffects: () => Promise.reject(new Error("library down")) };
    const harness = await createMcpHarness({ overrides: { workspace: broken } });
    const client = await harness.connect(KEYS.acme);
    const answer = await callTool(client, "list_editor_sound_effects");
    expect(answer.body).toEqual({
      error: {
        code: "server_error",
        message: "The tool failed unexpectedly; retry later.",
        retryable: true,
      },
    });
    expect(harness.mcpErrors).toEqual([new Error("library down")]);
  });
});

describe("paid tools and idempotency", () => {
  it("replays a paid tool with the same idempotency_key and charges once", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    const args = { ...staticAd("Cold brew on ice", 2), idempotency_key: "mcp-replay-1" };
    const first = await callTool(client, "create_generation", args);
    expect(first.body).toMatchObject({ credits_deducted: 40, remaining_credits: 4960 });
    expect(first.body.idempotent_replay).toBeUndefined();
    const again = await callTool(client, "create_generation", args);
    expect(again.isError).toBe(false);
    expect(again.body).toEqual({ ...first.body, idempotent_replay: true });
    expect(await harness.available()).toBe(4960);
    expect(harness.queue.pending()).toHaveLength(2);
  });

  it("shares idempotency keys with REST: the same key and body replays across transports", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    const body = { prompt: "Spring capsule wardrobe", idempotency_key: "shared-key" };
    const rest = await harness.call("POST", "/slideshows", { key: KEYS.acme, body });
    const mcp = await callTool(client, "create_slideshow", body);
    expect(mcp.body).toEqual({ ...rest.body, idempotent_replay: true });
    expect(await harness.available()).toBe(4940);
  });

  it("charges once for parallel calls with one key", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    const args = { prompt: "Why cold brew", idempotency_key: "parallel" };
    const answers = await Promise.all(
      [1, 2, 3].map(() => callTool(client, "create_faceless_video", args)),
    );
    const succeeded = answers.filter((answer) => !answer.isError);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((candidate) => candidate.isError)) {
      expect(answer.body.error.code).toBe("idempotency_conflict");
    }
    expect(new Set(succeeded.map((answer) => answer.body.video_id)).size).toBe(1);
    expect(await harness.available()).toBe(4940);
  });

  it("answers idempotency_conflict for the same key with other arguments", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    await callTool(client, "create_generation", {
      ...staticAd("one"),
      idempotency_key: "conflict",
    });
    const other = await callTool(client, "create_generation", {
      ...staticAd("two"),
      idempotency_key: "conflict",
    });
    expect(other.body.error.code).toBe("idempotency_conflict");
    expect(await harness.available()).toBe(4980);
  });

  it("answers insufficient_credits with what was required and available", async () => {
    const harness = await createMcpHarness({ credits: 10 });
    const client = await harness.connect(KEYS.acme);
    const answer = await callTool(client, "create_generation", {
      ...staticAd(),
      idempotency_key: "poor",
    });
    expect(answer.body.error).toMatchObject({
      code: "insufficient_credits",
      context: { credits_required: 20, credits_available: 10 },
    });
  });

  it("answers rate_limited with the retry delay in context", async () => {
    const harness = await createMcpHarness({ rateLimit: { maxRequests: 1, windowSeconds: 60 } });
    const client = await harness.connect(KEYS.acme);
    await callTool(client, "create_generation", { ...staticAd(), idempotency_key: "rate-1" });
    const limited = await callTool(client, "create_generation", {
      ...staticAd(),
      idempotency_key: "rate-2",
    });
    expect(limited.body.error).toMatchObject({
      code: "rate_limited",
      retryable: true,
      context: { retry_after_seconds: 60 },
    });
  });
});

describe("the limit of previews", () => {
  it("answers preview_editor_video past it as REST does: rate_limited naming frames, nothing rendered", async () => {
    const renders = { count: 0 };
    const harness = await createMcpHarness({
      frameRateLimit: { maxRequests: 1, windowSeconds: 60 },
      renderer: () => countingRenderer(renders),
    });
    const client = await harness.connect(KEYS.acme);
    const id = await redBoxProject(harness);
    const first = await client.callTool({
      name: "preview_editor_video",
      arguments: { id, at_seconds: 1 },
    });
    expect(first.isError ?? false).toBe(false);
    const limited = await callTool(client, "preview_editor_video", { id, at_seconds: [0, 1] });
    expect(limited.isError).toBe(true);
    expect(limited.body.error).toEqual({
      code: "rate_limited",
      message: expect.stringContaining("Too many previews of editor projects"),
      retryable: true,
      context: { limit_name: "frames", limit: 1, retry_after_seconds: 60 },
    });
    expect(renders.count).toBe(1);
    const other = await harness.connect(KEYS.other);
    const theirs = await redBoxProject(harness, KEYS.other);
    const seen = await other.callTool({
      name: "preview_editor_video",
      arguments: { id: theirs, at_seconds: 1 },
    });
    expect(seen.isError ?? false).toBe(false);
    expect(renders.count).toBe(2);
  });
});
