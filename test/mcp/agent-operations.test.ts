import { narrowCatalog, rankVoices } from "reelkit/mcp";
import type { Voice } from "reelkit/schemas";
import { DEMO_ASSETS, DEMO_CATALOG } from "reelkit/simulated";
import { describe, expect, it } from "vitest";
import { KEYS } from "../service/support/harness.js";
import { callTool, createMcpHarness, type JsonBody } from "./support/mcp-harness.js";

function voice(id: string, details: Partial<Voice>): Voice {
  const base = DEMO_ASSETS.voices[0];
  if (base === undefined) throw new Error("no demo voice");
  return { ...base, id, name: id, ...details };
}

const VOICES: Voice[] = [
  voice("ash", {
    locale: ["en-US"],
    gender: "male",
    age: "adult",
    style_tags: ["calm", "narration"],
    recommendation_summary: "A calm narrator.",
  }),
  voice("nova", {
    locale: ["en-US", "en-GB"],
    gender: "female",
    age: "young_adult",
    style_tags: ["energetic", "upbeat"],
    recommendation_summary: "Upbeat ads.",
  }),
  voice("rose", {
    locale: ["en-GB"],
    gender: "female",
    age: "senior",
    style_tags: ["warm"],
    recommendation_summary: "A warm storyteller.",
  }),
  voice("sol", {
    locale: ["es-MX"],
    gender: "female",
    age: "adult",
    style_tags: ["friendly"],
    recommendation_summary: "Friendly Spanish.",
  }),
];

describe("rankVoices", () => {
  it("puts a locale above a language, and gender, age and style after them", () => {
    const ranked = rankVoices(VOICES, "A young British woman, energetic and upbeat");
    expect(ranked.map((entry) => entry.voice.id)).toEqual(["nova", "rose", "ash", "sol"]);
    expect(ranked[0]).toMatchObject({
      score: 3 + 2 + 1.5 + 2,
      reason: "Matches: speaks en-GB; female voice; age young_adult; style energetic, upbeat.",
    });
    expect(ranked[1]?.score).toBe(3 + 2);
    expect(ranked[2]?.score).toBe(2);
  });

  it("reads locale tags, ages and loose style words", () => {
    const ranked = rankVoices(VOICES, "es-MX narrator, older, warm, a calm narrator");
    expect(ranked[0]?.voice.id).toBe("sol");
    const ash = ranked.find((entry) => entry.voice.id === "ash");
    expect(ash?.reason).toContain("style calm, narration");
    expect(rankVoices(VOICES, "elderly storyteller")[0]?.voice.id).toBe("rose");
  });

  it("keeps the workspace order when nothing matches, and ignores both genders at once", () => {
    const ranked = rankVoices(VOICES, "constructor toString man or woman");
    expect(ranked.map((entry) => entry.voice.id)).toEqual(["ash", "nova", "rose", "sol"]);
    expect(ranked.every((entry) => entry.score === 0)).toBe(true);
    expect(ranked[0]?.reason).toBe("Nothing in the description matched this voice.");
  });
});

describe("narrowCatalog", () => {
  it("keeps one section, or one template wherever it is", () => {
    expect(narrowCatalog(DEMO_CATALOG, {})).toEqual(DEMO_CATALOG);
    const models = narrowCatalog(DEMO_CATALOG, { section: "ai_models" });
    expect(models).toEqual({ ...DEMO_CATALOG, static_ads: [], video_ads: [], ugc_ads: [] });
    const slug = DEMO_CATALOG.video_ads[0]?.slug ?? "";
    const template = narrowCatalog(DEMO_CATALOG, { template_slug: slug });
    expect(template.video_ads.map((item) => item.slug)).toEqual([slug]);
    expect(template.ai_models).toEqual([]);
    expect(
      narrowCatalog(DEMO_CATALOG, { section: "static_ads", template_slug: slug }).video_ads,
    ).toEqual([]);
    expect(narrowCatalog(DEMO_CATALOG, { template_slug: "no-such-template" })).toEqual({
      object: "catalog",
      static_ads: [],
      video_ads: [],
      ugc_ads: [],
      ai_models: [],
    });
  });
});

describe("agent operations over MCP", () => {
  it("cuts recommendations at limit and refuses bad input with bad_request", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acmeRead);
    const one = await callTool(client, "recommend_voice", {
      description: "upbeat ad voice",
      limit: 1,
    });
    expect(one.body.voices.map((entry: JsonBody) => entry.id)).toEqual(["nova"]);
    expect(one.body.voices[0]).toMatchObject({
      ...DEMO_ASSETS.voices[1],
      score: expect.any(Number),
    });
    for (const args of [
      {},
      { description: "" },
      { description: "x", limit: 21 },
      { description: "x".repeat(2001) },
    ]) {
      const answer = await callTool(client, "recommend_voice", args);
      expect(answer.body.error.code, JSON.stringify(args).slice(0, 40)).toBe("bad_request");
    }
    const section = await callTool(client, "list_generation_catalog", { section: "posters" });
    expect(section.body.error).toMatchObject({
      code: "bad_request",
      context: { fields: [{ path: "section" }] },
    });
  });

  it("lists sound effects in library order, filtered and limited", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acmeRead);
    const all = await callTool(client, "list_editor_sound_effects");
    expect(all.body.sound_effects.map((effect: JsonBody) => effect.id)).toEqual([
      "whoosh",
      "pop",
      "click",
      "riser",
      "ding",
      "cash-register",
      "applause",
      "music-sunrise",
      "music-drive",
      "music-dream",
    ]);
    const beds = await callTool(client, "list_editor_sound_effects", { query: "music loop" });
    expect(beds.body.sound_effects.map((effect: JsonBody) => effect.id)).toEqual([
      "music-sunrise",
      "music-drive",
      "music-dream",
    ]);
    const two = await callTool(client, "list_editor_sound_effects", { limit: 2 });
    expect(two.body.sound_effects).toHaveLength(2);
    const words = await callTool(client, "list_editor_sound_effects", { query: "CROWD success" });
    expect(words.body.sound_effects.map((effect: JsonBody) => effect.id)).toEqual(["applause"]);
    expect(
      (await callTool(client, "list_editor_sound_effects", { limit: 0 })).body.error.code,
    ).toBe("bad_request");
  });

  it("serves the agent operations to hosts without MCP too", async () => {
    const harness = await createMcpHarness();
    const request = {
      bearerToken: undefined,
      pathParams: {},
      query: {},
      body: undefined,
      idempotencyKey: undefined,
    };
    expect(await harness.service.agent.getWorkspace(request)).toMatchObject({
      kind: "error",
      error: { code: "unauthorized" },
    });
    expect(await harness.service.agent.listGenerationCatalog(request)).toEqual({
      kind: "ok",
      body: DEMO_CATALOG,
    });
    const connection = await harness.service.agent.authorizeConnection({
      ...request,
      bearerToken: KEYS.acmeWrite,
    });
    expect(connection).toEqual({
      kind: "ok",
      body: { object: "agent_connection", organization_id: 1, scopes: ["generations:write"] },
    });
  });
});
