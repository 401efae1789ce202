import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { createProjectMediaReader } from "reelkit";
import { MCP_TOOLS } from "reelkit/mcp";
import { createFfmpegRenderer } from "reelkit/render";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_FILES } from "../media/media-samples.js";
import { pngSize } from "../service/editor/export-and-frame-support.js";
import { staticAd } from "../service/generations/support.js";
import { KEYS } from "../service/support/harness.js";
import {
  callTool,
  createMcpHarness,
  type JsonBody,
  type McpHarness,
  type ToolAnswer,
} from "./support/mcp-harness.js";

const CLIP_URL = "https://cdn.example.com/broll/city.mp4";
const PNG = MEDIA_FILES.png;
const called = new Set<string>();

let harness: McpHarness;
let client: Client;

async function ok(
  name: string,
  args: Record<string, unknown> = {},
  on: Client = client,
): Promise<JsonBody> {
  called.add(name);
  const answer: ToolAnswer = await callTool(on, name, args);
  expect(answer.isError, `${name}: ${answer.text}`).toBe(false);
  return answer.body;
}

beforeAll(async () => {
  harness = await createMcpHarness({
    renderer: (sources) => createFfmpegRenderer({ readMedia: createProjectMediaReader(sources) }),
    urls: {
      [CLIP_URL]: {
        body: MEDIA_FILES.mp4,
        contentType: "video/mp4",
      },
    },
  });
  client = await harness.connect(KEYS.acme);
});

afterAll(() => {
  expect(harness.serverErrors).toEqual([]);
  expect(harness.mcpErrors).toEqual([]);
  expect([...called].sort()).toEqual(MCP_TOOLS.map((tool) => tool.name).sort());
});

describe("every tool on a happy path", () => {
  it("reads the workspace, the catalog narrowed, the assets, voices and sound effects", async () => {
    const workspace = await ok("get_workspace");
    expect(workspace).toEqual({
      object: "workspace",
      organization: { id: 1, name: "Acme" },
      credits: { available: 5000, pending: 0, posted: 5000 },
      api_key: { id: expect.any(String), scopes: ["generations:read", "generations:write"] },
      subscription: { active: true, status: "active" },
    });
    const rest = (await harness.call("GET", "/models")).body;
    const section = await ok("list_generation_catalog", { section: "video_ads" });
    expect(section).toEqual({
      object: "catalog",
      static_ads: [],
      video_ads: rest.video_ads,
      ugc_ads: [],
      ai_models: [],
    });
    const template = await ok("list_generation_catalog", { template_slug: "product-hero" });
    expect(template.static_ads.map((item: JsonBody) => item.slug)).toEqual(["product-hero"]);
    expect([...template.video_ads, ...template.ugc_ads, ...template.ai_models]).toEqual([]);
    expect(await ok("list_generation_catalog")).toEqual(rest);
    const assets = await ok("list_workspace_assets");
    expect(assets).toEqual((await harness.call("GET", "/assets", { key: KEYS.acme })).body);
    const voices = await ok("recommend_voice", {
      description: "A friendly Spanish woman, conversational",
    });
    expect(voices.object).toBe("voice_recommendations");
    expect(voices.voices[0]).toMatchObject({
      id: "sol",
      score: expect.any(Number),
      reason: expect.stringContaining("es-"),
    });
    const fonts = await ok("list_editor_fonts", {});
    expect(fonts.object).toBe("font_family_list");
    expect(fonts.restricted).toBe(true);
    expect(fonts.families[0]).toEqual({
      family: "DejaVu Sans",
      weights: [400, 700],
      styles: ["normal"],
      license: "Bitstream-Vera",
      default: true,
    });
    expect(
      fonts.families.find((entry: { family: string }) => entry.family === "Montserrat"),
    ).toEqual({
      family: "Montserrat",
      weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
      styles: ["normal"],
      license: "OFL-1.1",
      default: false,
    });
    const effects = await ok("list_editor_sound_effects", { query: "sale" });
    expect(effects).toEqual({
      object: "sound_effect_list",
      sound_effects: [
        {
          id: "cash-register",
          name: "Cash register",
          url: "https://cdn.example.com/reelkit-demo/sfx/cash-register.wav",
          duration_seconds: 1.6,
          tags: ["sale", "money", "ding"],
        },
      ],
    });
  });

  // The slideshow and the faceless video are rendered for real: minutes on a loaded machine.
  it("queues paid work and polls it to completion", async () => {
    const batch = await ok("create_generation", {
      ...staticAd(),
      idempotency_key: "happy-generation",
    });
    expect(batch).toMatchObject({
      object: "generation_batch",
      status: "queued",
      credits_deducted: 20,
      remaining_credits: 4980,
    });
    const generationId = batch.generations[0].id;
    expect((await ok("get_generation", { id: generationId })).status).toBe("generating");
    const slideshow = await ok("create_slideshow", {
      prompt: "5 ways to style a linen shirt",
      idempotency_key: "happy-slides",
    });
    expect(slideshow).toMatchObject({
      object: "slideshow_generation",
      status: "queued",
      slide_count: 6,
    });
    const faceless = await ok("create_faceless_video", {
      prompt: "Why cold brew tastes smoother",
      idempotency_key: "happy-faceless",
    });
    expect(faceless).toMatchObject({ object: "faceless_video_generation", status: "queued" });
    await harness.runJobs();
    const generation = await ok("get_generation", { id: generationId });
    expect(generation).toEqual(
      (await harness.call("GET", `/generations/${generationId}`, { key: KEYS.acme })).body,
    );
    expect(generation.status).toBe("completed");
    const shown = await ok("get_slideshow", { id: slideshow.slideshow_id });
    expect(shown).toEqual(
      (await harness.call("GET", `/slideshows/${slideshow.slideshow_id}`, { key: KEYS.acme })).body,
    );
    const video = await ok("get_video", { id: faceless.video_id });
    expect(video).toEqual(
      (await harness.call("GET", `/videos/${faceless.video_id}`, { key: KEYS.acme })).body,
    );
    expect(await harness.available()).toBe(5000 - 20 - 60 - 60);
  }, 120_000);

  it("suggests targets, saves a reference, lists and recommends references", async () => {
    const suggestions = await ok("suggest_reference_template_targets", {
      description: "Unboxing clip of our headphones",
      video_url: "https://cdn.example.com/unboxing.mp4",
    });
    expect(suggestions).toMatchObject({
      object: "reference_template_target_suggestions",
      media_kind: "video",
      has_video: true,
    });
    const saved = await ok("create_reference_inspiration", {
      template_slug: "product-hero",
      template_category: "static-ads",
      image_urls: ["https://cdn.example.com/look.png"],
      idempotency_key: "happy-reference",
    });
    expect(saved).toMatchObject({ object: "reference_inspiration", credits_deducted: 30 });
    const listed = await ok("list_reference_inspirations", {
      template_slug: "product-hero",
      limit: 5,
    });
    expect(listed.object).toBe("reference_inspiration_list");
    expect(listed.references.map((reference: JsonBody) => reference.id)).toEqual([
      saved.reference.id,
    ]);
    expect(listed).toEqual(
      (
        await harness.call("GET", "/reference-inspirations?template_slug=product-hero&limit=5", {
          key: KEYS.acme,
        })
      ).body,
    );
    const recommended = await ok("recommend_reference_inspirations", {
      template_slug: "product-hero",
    });
    expect(recommended.object).toBe("reference_inspiration_recommendations");
  });

  it("creates a project, uploads and imports media, adds it and edits the project", async () => {
    const project = await ok("create_editor_video", { title: "Launch", aspect_ratio: "9:16" });
    const id = project.video.id;
    expect(project).toMatchObject({
      object: "editor_video",
      video: { title: "Launch", status: "ready" },
    });
    const uploaded = await ok("upload_editor_media", {
      media: {
        filename: "logo.png",
        content_type: "image/png",
        data: Buffer.from(PNG).toString("base64"),
      },
      video_id: id,
      add_to_editor: true,
      placement: { from_seconds: 0, duration_seconds: 2 },
    });
    expect(uploaded).toMatchObject({
      object: "editor_media_upload",
      media: { media_type: "image", status: "completed" },
    });
    expect(uploaded.editor).toMatchObject({ video_id: id, item_id: expect.any(String) });
    const imported = await ok("upload_editor_media_from_url", { source_url: CLIP_URL });
    expect(imported).toMatchObject({
      media: { media_type: "video", filename: "city.mp4" },
      editor: null,
    });
    const media = await ok("list_editor_media", { media_type: "video", limit: 10 });
    expect(media.media.map((item: JsonBody) => item.id)).toEqual([imported.media.id]);
    const added = await ok("add_editor_media", {
      id,
      media_id: imported.media.id,
      from_seconds: 2,
      duration_seconds: 3,
    });
    expect(added).toMatchObject({
      object: "editor_media_addition",
      video_id: id,
      item_id: expect.any(String),
    });
    const edited = await ok("apply_editor_edits", {
      id,
      instructions: "Rename the project",
      operations: [{ type: "set_title", title: "Launch v2" }],
    });
    expect(edited).toMatchObject({
      object: "editor_edit_result",
      video_id: id,
      applied: ["set_title"],
      operation_results: [{ type: "set_title", created_item_ids: [], removed_item_ids: [] }],
      instructions_recorded: true,
    });
    // The upload, the addition and the edit are revisions 1, 2 and 3.
    expect(edited.revision).toBe(3);
    const read = await ok("get_editor_video", { id });
    expect(read.video.title).toBe("Launch v2");
    expect(read.video.revision).toBe(3);
    expect(Object.keys(read.video.editor.items)).toEqual(
      expect.arrayContaining([uploaded.editor.item_id, added.item_id]),
    );
    const undone = await ok("undo_editor_edit", { id, expected_revision: 3 });
    expect(undone).toMatchObject({ action: "undo", revision: 4, target_revision: 3 });
    const before = await ok("get_editor_video", { id, revision: 2 });
    expect((await ok("get_editor_video", { id })).video.editor).toEqual(before.video.editor);
    const redone = await ok("redo_editor_edit", { id });
    expect(redone).toMatchObject({ action: "redo", revision: 5, target_revision: 3 });
    const history = await ok("list_editor_revisions", { id, limit: 5 });
    expect(
      history.revisions.map((entry: JsonBody) => [
        entry.revision,
        entry.actor,
        entry.operation_types,
      ]),
    ).toEqual([
      [5, "redo", []],
      [4, "undo", []],
      [3, "mcp", ["set_title"]],
      [2, "mcp", ["add_media"]],
      [1, "mcp", ["add_media"]],
    ]);
    expect(history.revisions[2].instructions).toBe("Rename the project");
    const list = await ok("list_editor_videos", { limit: 5 });
    expect(list.videos.map((video: JsonBody) => video.id)).toContain(id);
  });

  it("previews a project as an image and exports it to an MP4", async () => {
    const project = await ok("create_editor_video", { title: "Seen", aspect_ratio: "1:1" });
    const id = project.video.id;
    await ok("apply_editor_edits", {
      id,
      operations: [{ type: "add_solid", duration_seconds: 2, style: { color: "#ff0000" } }],
    });
    called.add("preview_editor_video");
    const preview = await client.callTool({
      name: "preview_editor_video",
      arguments: { id, at_seconds: 1, width: 128 },
    });
    const image = (preview.content as { type: string; data: string; mimeType: string }[])[0];
    expect(image?.type).toBe("image");
    expect(image?.mimeType).toBe("image/png");
    expect(pngSize(Buffer.from(image?.data ?? "", "base64"))).toEqual({ width: 128, height: 128 });
    const exported = await ok("export_editor_video", { id, resolution: "480p" });
    expect(exported).toMatchObject({
      object: "editor_video_export",
      video_id: id,
      status: "queued",
    });
    await harness.runJobs();
    expect(await ok("get_video", { id })).toMatchObject({ status: "completed" });
  });

  it("lists social accounts and publishes a completed video to them", async () => {
    const social = await harness.connect(KEYS.acmeSocial);
    const accounts = await ok("list_social_accounts", {}, social);
    expect(accounts.accounts.map((account: JsonBody) => account.id)).toEqual([
      "tiktok-demo",
      "instagram-demo",
    ]);
    const media = await ok("list_editor_media", { media_type: "video" });
    const published = await ok(
      "publish_media_to_social",
      { media_id: media.media[0].id, social_account_ids: ["tiktok-demo"], caption: "City nights" },
      social,
    );
    expect(published).toMatchObject({
      object: "social_publication",
      status: "queued",
      media: { kind: "video" },
    });
  });
});
