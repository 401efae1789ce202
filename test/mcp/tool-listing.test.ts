import { compileTools, MCP_TOOLS, restTool, scopeSentence } from "reelkit/mcp";
import { ENDPOINTS, errorResponseSchema, toJsonSchema } from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import { KEYS } from "../service/support/harness.js";
import { createMcpHarness } from "./support/mcp-harness.js";

const SPEC_TOOL_NAMES = [
  "get_workspace",
  "list_generation_catalog",
  "list_workspace_assets",
  "create_generation",
  "get_generation",
  "create_slideshow",
  "get_slideshow",
  "create_faceless_video",
  "get_video",
  "suggest_reference_template_targets",
  "create_reference_inspiration",
  "list_reference_inspirations",
  "recommend_reference_inspirations",
  "create_editor_video",
  "list_editor_videos",
  "get_editor_video",
  "list_editor_media",
  "upload_editor_media",
  "upload_editor_media_from_url",
  "add_editor_media",
  "apply_editor_edits",
  "list_social_accounts",
  "publish_media_to_social",
  "recommend_voice",
  "list_editor_sound_effects",
  "preview_editor_video",
  "export_editor_video",
];

const EXTENSION_TOOL_NAMES = [
  "undo_editor_edit",
  "redo_editor_edit",
  "list_editor_revisions",
  "list_editor_fonts",
];

async function listedTools() {
  const harness = await createMcpHarness();
  const client = await harness.connect(KEYS.acmeRead);
  const { tools } = await client.listTools();
  return new Map(tools.map((tool) => [tool.name, tool]));
}

function restBodyProperties(operationId: string): Record<string, unknown> {
  const endpoint = ENDPOINTS.find((candidate) => candidate.operationId === operationId);
  const body = endpoint?.bodies?.find((candidate) => candidate.contentType === "application/json");
  if (body === undefined) throw new Error(`${operationId} has no JSON body`);
  return toJsonSchema(body.schema, "input").properties as Record<string, unknown>;
}

describe("tools/list", () => {
  it("lists the 25 tools of spec 4.19 in the spec's order, then the 6 extensions, to any key", async () => {
    const tools = await listedTools();
    expect([...tools.keys()]).toEqual([...SPEC_TOOL_NAMES, ...EXTENSION_TOOL_NAMES]);
  });

  it("takes expected_revision on apply_editor_edits, undo_editor_edit and redo_editor_edit", async () => {
    const tools = await listedTools();
    for (const name of ["apply_editor_edits", "undo_editor_edit", "redo_editor_edit"]) {
      expect(tools.get(name)?.inputSchema.properties, name).toHaveProperty("expected_revision");
    }
    expect(
      Object.keys(tools.get("list_editor_revisions")?.inputSchema.properties ?? {}).sort(),
    ).toEqual(["cursor", "id", "limit"]);
  });

  it("gives every tool an object input schema that refuses unknown arguments", async () => {
    for (const tool of (await listedTools()).values()) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        const described = property as Record<string, unknown>;
        const typed = ["type", "enum", "anyOf", "oneOf", "$ref", "const"].some(
          (key) => key in described,
        );
        expect(typed, `${tool.name}.${name}`).toBe(true);
      }
      for (const name of tool.inputSchema.required ?? []) {
        expect(tool.inputSchema.properties, `${tool.name} requires ${name}`).toHaveProperty(name);
      }
    }
  });

  it("annotates every tool and ends its description with the scope it needs", async () => {
    const tools = await listedTools();
    for (const tool of tools.values()) {
      const definition = MCP_TOOLS.find((candidate) => candidate.name === tool.name);
      if (definition === undefined) throw new Error(`${tool.name} has no definition`);
      expect(tool.description?.endsWith(scopeSentence(definition.target)), tool.name).toBe(true);
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
      });
    }
    expect(tools.get("get_generation")?.annotations).toMatchObject({
      readOnlyHint: true,
      idempotentHint: true,
    });
    expect(tools.get("create_generation")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
    });
    expect(tools.get("apply_editor_edits")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(tools.get("publish_media_to_social")?.annotations).toMatchObject({
      openWorldHint: true,
    });
    expect(tools.get("publish_media_to_social")?.description).toContain("social:write");
    expect(tools.get("list_social_accounts")?.description).toContain("social:read or social:write");
    expect(tools.get("create_generation")?.description).toContain("idempotency_key");
  });

  it("takes the REST body fields with the REST schemas, idempotency_key included", async () => {
    const tools = await listedTools();
    const pairs = [
      ["create_generation", "createGeneration"],
      ["create_slideshow", "createSlideshow"],
      ["create_faceless_video", "createFacelessVideo"],
      ["create_reference_inspiration", "createReferenceInspiration"],
      ["create_editor_video", "createEditorVideo"],
    ] as const;
    for (const [tool, operationId] of pairs) {
      expect(tools.get(tool)?.inputSchema.properties, tool).toEqual(
        restBodyProperties(operationId),
      );
    }
    for (const paid of [
      "create_generation",
      "create_slideshow",
      "create_faceless_video",
      "create_reference_inspiration",
      "apply_editor_edits",
    ]) {
      expect(tools.get(paid)?.inputSchema.properties, paid).toHaveProperty("idempotency_key");
    }
    expect(tools.get("create_generation")?.inputSchema.required).toEqual(["type"]);
  });

  it("keeps path parameters as id, typed as what they mean, and merges them with the body", async () => {
    const tools = await listedTools();
    expect(tools.get("get_video")?.inputSchema.properties?.id).toMatchObject({
      type: "integer",
      minimum: 1,
    });
    expect(tools.get("get_generation")?.inputSchema.properties?.id).toMatchObject({
      type: "string",
      format: "uuid",
    });
    const edits = tools.get("apply_editor_edits")?.inputSchema;
    expect(edits?.required).toEqual(["id"]);
    expect(Object.keys(edits?.properties ?? {}).sort()).toEqual(
      ["id", ...Object.keys(restBodyProperties("updateEditorVideo"))].sort(),
    );
    const add = tools.get("add_editor_media")?.inputSchema;
    expect(Object.keys(add?.properties ?? {}).sort()).toEqual(
      ["id", ...Object.keys(restBodyProperties("addEditorVideoMedia"))].sort(),
    );
  });

  it("splits the query of GET /reference-inspirations by mode", async () => {
    const tools = await listedTools();
    const keys = (name: string) =>
      Object.keys(tools.get(name)?.inputSchema.properties ?? {}).sort();
    expect(keys("suggest_reference_template_targets")).toEqual([
      "description",
      "image_url",
      "limit",
      "media_kind",
      "template_category",
      "template_slug",
      "video_url",
    ]);
    expect(keys("list_reference_inspirations")).toEqual([
      "limit",
      "media_kind",
      "template_category",
      "template_slug",
    ]);
    expect(keys("recommend_reference_inspirations")).toEqual(keys("list_reference_inspirations"));
    expect(tools.get("list_editor_videos")?.inputSchema.properties?.limit).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 100,
      default: 30,
    });
    expect(tools.get("list_editor_videos")?.inputSchema.required).toEqual([]);
  });

  it("splits POST /editor/media into the inline and the URL form", async () => {
    const tools = await listedTools();
    const inline = tools.get("upload_editor_media")?.inputSchema;
    const fromUrl = tools.get("upload_editor_media_from_url")?.inputSchema;
    expect(inline?.required).toEqual(["media"]);
    expect(Object.keys(inline?.properties ?? {}).sort()).toEqual([
      "add_to_editor",
      "media",
      "media_type",
      "placement",
      "title",
      "video_id",
    ]);
    expect(fromUrl?.required).toEqual(["source_url"]);
    expect(fromUrl?.properties).not.toHaveProperty("media");
    expect(fromUrl?.properties).toHaveProperty("preserve_original");
  });

  it("describes the MCP-only tools' inputs", async () => {
    const tools = await listedTools();
    expect(tools.get("list_generation_catalog")?.inputSchema.properties?.section).toMatchObject({
      enum: ["static_ads", "video_ads", "ugc_ads", "ai_models"],
    });
    expect(tools.get("recommend_voice")?.inputSchema.required).toEqual(["description"]);
    expect(tools.get("publish_media_to_social")?.inputSchema.required).toEqual([
      "media_id",
      "social_account_ids",
    ]);
    expect(tools.get("get_workspace")?.inputSchema.properties).toEqual({});
  });
});

describe("output schemas", () => {
  it("declares an object output schema on every tool but the image preview", async () => {
    const tools = await listedTools();
    for (const tool of tools.values()) {
      if (tool.name === "preview_editor_video") {
        expect(tool.outputSchema, tool.name).toBeUndefined();
        continue;
      }
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      // The MCP SDK refuses a listing whose schemas point outside themselves.
      expect(JSON.stringify(tool.outputSchema), tool.name).not.toMatch(/"\$(id|ref)":"(?!#)/);
    }
  });

  it("lets the SDK client check successes and errors against the declared schemas", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    await client.listTools();
    const workspace = await client.callTool({ name: "get_workspace", arguments: {} });
    expect(workspace.isError).toBeFalsy();
    const missing = await client.callTool({ name: "get_video", arguments: { id: 999 } });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toMatchObject({ error: { code: "not_found" } });
  });

  it("derives each output schema from the REST answer and the REST error body", async () => {
    const tools = await listedTools();
    const video = tools.get("get_video")?.outputSchema as unknown as { anyOf: unknown[] };
    const endpoint = ENDPOINTS.find((candidate) => candidate.operationId === "getVideo");
    const [record] = endpoint?.success.schemas ?? [];
    if (record === undefined) throw new Error("getVideo has no success schema");
    expect(video.anyOf).toEqual([
      toJsonSchema(record, "output"),
      toJsonSchema(errorResponseSchema, "output"),
    ]);
    const workspace = tools.get("get_workspace")?.outputSchema as unknown as {
      anyOf: { properties?: Record<string, unknown> }[];
    };
    expect(Object.keys(workspace.anyOf[0]?.properties ?? {})).toEqual([
      "object",
      "organization",
      "credits",
      "api_key",
      "subscription",
    ]);
  });
});

describe("compiling tools", () => {
  const description = { name: "x", title: "X", description: "X.", annotations: {} };

  it("refuses two tools with one name", () => {
    const tool = restTool("getVideo", description);
    expect(() => compileTools([tool, tool])).toThrow(/Two tools are named x/);
  });

  it("refuses a required argument the tool does not take", () => {
    expect(() => compileTools([restTool("getVideo", description, { required: ["nope"] })])).toThrow(
      /nope/,
    );
  });
});
