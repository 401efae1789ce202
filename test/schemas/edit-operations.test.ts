import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  EDIT_OPERATION_TYPES,
  type EditOperation,
  type EditOperationType,
  editOperationSchema,
  editOperationSchemas,
} from "../../src/schemas/edit-operations.js";
import { VOICEOVER_MAX_WORDS } from "../../src/schemas/limits.js";
import { validOperationExamples } from "./edit-operation-examples.js";
import {
  expectAccepted,
  expectRejectedAt,
  type FieldPath,
  operationIssues,
  without,
  withValue,
} from "./edit-test-support.js";

const examples = validOperationExamples;

describe("the operation list", () => {
  test("has the 21 wire names of the spec 4.14 table, in order and without repeats", () => {
    expect(EDIT_OPERATION_TYPES).toHaveLength(21);
    expect(new Set(EDIT_OPERATION_TYPES).size).toBe(21);
    expect(EDIT_OPERATION_TYPES[0]).toBe("set_title");
    expect(EDIT_OPERATION_TYPES[20]).toBe("add_voiceover");
  });

  test("maps every wire name to the schema whose type literal it is", () => {
    expect(Object.keys(editOperationSchemas)).toEqual([...EDIT_OPERATION_TYPES]);
    for (const type of EDIT_OPERATION_TYPES) {
      const schema = z.toJSONSchema(editOperationSchemas[type], { io: "input" });
      expect(schema.properties?.type).toEqual({ type: "string", const: type });
    }
  });

  test("registers no schema id, which would break MCP tools/list", () => {
    for (const type of EDIT_OPERATION_TYPES) {
      expect(z.globalRegistry.get(editOperationSchemas[type])?.id).toBeUndefined();
    }
    expect(z.globalRegistry.get(editOperationSchema)?.id).toBeUndefined();
  });
});

describe("descriptions for OpenAPI, skill.md and MCP", () => {
  type JsonNode = z.core.JSONSchema.BaseSchema;

  // Every property of every object reachable from `node`, with its path.
  function properties(node: JsonNode, path: string): Array<[string, JsonNode]> {
    const found: Array<[string, JsonNode]> = [];
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      if (typeof child !== "object") continue;
      found.push([`${path}.${name}`, child]);
      found.push(...properties(child, `${path}.${name}`));
    }
    for (const variant of [...(node.anyOf ?? []), node.items]) {
      if (typeof variant === "object" && !Array.isArray(variant)) {
        found.push(...properties(variant, path));
      }
    }
    return found;
  }

  test.each(EDIT_OPERATION_TYPES)("%s describes itself and every field", (type) => {
    const schema = z.toJSONSchema(editOperationSchemas[type], { io: "input" });
    expect(schema.description?.length).toBeGreaterThan(20);
    const undescribed = properties(schema, type)
      .filter(([path, node]) => path !== `${type}.type` && node.description === undefined)
      .map(([path]) => path);
    expect(undescribed).toEqual([]);
  });

  test("states the rules JSON Schema cannot carry", () => {
    expect(editOperationSchemas.add_sound_effect.description).toContain("exactly one of");
    expect(editOperationSchemas.set_audio_levels.description).toContain("at least one selector");
    expect(editOperationSchemas.update_text.description).toContain("at least one of text, style");
    expect(editOperationSchemas.add_voiceover.description).toContain("only operation");
  });
});

describe("valid examples", () => {
  test.each(EDIT_OPERATION_TYPES)("%s parses to itself", (type) => {
    expectAccepted(examples[type]);
    expect(editOperationSchemas[type].safeParse(examples[type]).success).toBe(true);
  });

  test("survive a JSON round trip unchanged", () => {
    for (const type of EDIT_OPERATION_TYPES) {
      const wire: unknown = JSON.parse(JSON.stringify(examples[type]));
      expect(editOperationSchema.parse(wire)).toEqual(examples[type]);
    }
  });

  test("minimal operations carry only the required fields", () => {
    const minimal: EditOperation[] = [
      { type: "add_solid" },
      { type: "add_text", text: "Hi" },
      { type: "add_captions", captions: [{ text: "Hi", startMs: 0, endMs: 0 }] },
      { type: "generate_captions_from_items", source_item_ids: ["clip-1"] },
      { type: "add_voiceover", text: "Hello" },
      { type: "apply_item_transition", from_item_id: "a", to_item_id: "b" },
      { type: "set_item_motion", item_id: "photo-1", motion: { type: "none" } },
      { type: "set_audio_levels", item_types: ["video"], volume_db: -6 },
    ];
    for (const operation of minimal) expectAccepted(operation);
  });
});

/** An operation the schema must reject, and where it must say the problem is. */
interface Rejection {
  readonly name: string;
  readonly input: unknown;
  readonly path: FieldPath;
  /** A fragment of the message an agent reads. */
  readonly message?: string;
}

const REJECTIONS: Record<EditOperationType, Rejection[]> = {
  set_title: [
    { name: "missing title", input: { type: "set_title" }, path: ["title"] },
    { name: "numeric title", input: withValue(examples.set_title, ["title"], 7), path: ["title"] },
  ],
  remove_item: [
    { name: "missing item_id", input: { type: "remove_item" }, path: ["item_id"] },
    { name: "numeric item_id", input: { type: "remove_item", item_id: 12 }, path: ["item_id"] },
  ],
  set_item_timing: [
    {
      name: "no change",
      input: { type: "set_item_timing", item_id: "clip-1" },
      path: [],
      message: "at least one of from_seconds, duration_seconds",
    },
    {
      name: "string duration",
      input: withValue(examples.set_item_timing, ["duration_seconds"], "5"),
      path: ["duration_seconds"],
    },
  ],
  set_item_source: [
    {
      name: "no change",
      input: { type: "set_item_source", item_id: "clip-1" },
      path: [],
      message: "source_start_seconds, playback_rate",
    },
  ],
  set_item_audio: [
    {
      name: "no change",
      input: { type: "set_item_audio", item_id: "music-1" },
      path: [],
      message: "volume_db, audio_fade_in_seconds, audio_fade_out_seconds",
    },
  ],
  set_audio_levels: [
    {
      name: "no selector",
      input: { type: "set_audio_levels", volume_db: -6 },
      path: [],
      message: "selects nothing",
    },
    {
      name: "only an exclusion, which selects nothing",
      input: { type: "set_audio_levels", exclude_item_ids: ["a"], volume_db: -6 },
      path: [],
      message: "selects nothing",
    },
    {
      name: "no change",
      input: { type: "set_audio_levels", audio_roles: ["music"] },
      path: [],
      message: "changes nothing",
    },
    {
      name: "unknown item type",
      input: withValue(examples.set_audio_levels, ["item_types"], ["image"]),
      path: ["item_types", 0],
    },
    {
      name: "unknown audio role",
      input: withValue(examples.set_audio_levels, ["audio_roles"], ["speech"]),
      path: ["audio_roles", 0],
    },
  ],
  set_item_animation: [
    {
      name: "neither enter nor exit",
      input: { type: "set_item_animation", item_id: "title-1" },
      path: [],
      message: "at least one of enter, exit",
    },
    {
      name: "animation without a type",
      input: withValue(examples.set_item_animation, ["enter"], { duration_seconds: 1 }),
      path: ["enter", "type"],
    },
    {
      name: "unknown animation",
      input: withValue(examples.set_item_animation, ["enter", "type"], "spin"),
      path: ["enter", "type"],
    },
    {
      name: "unknown direction",
      input: withValue(examples.set_item_animation, ["enter", "direction"], "up"),
      path: ["enter", "direction"],
    },
  ],
  set_item_motion: [
    {
      name: "missing item_id",
      input: without(examples.set_item_motion, "item_id"),
      path: ["item_id"],
    },
    {
      name: "missing motion",
      input: without(examples.set_item_motion, "motion"),
      path: ["motion"],
    },
    {
      name: "unknown motion type",
      input: withValue(examples.set_item_motion, ["motion", "type"], "spin"),
      path: ["motion", "type"],
    },
    {
      name: "non-boolean loop",
      input: withValue(examples.set_item_motion, ["motion", "loop"], "yes"),
      path: ["motion", "loop"],
    },
  ],
  apply_item_transition: [
    {
      name: "same item on both sides",
      input: withValue(examples.apply_item_transition, ["to_item_id"], "clip-1"),
      path: ["to_item_id"],
      message: "two different items",
    },
    {
      name: "missing to_item_id",
      input: without(examples.apply_item_transition, "to_item_id"),
      path: ["to_item_id"],
    },
  ],
  split_item: [
    {
      name: "missing at_seconds",
      input: without(examples.split_item, "at_seconds"),
      path: ["at_seconds"],
    },
  ],
  set_item_transform: [
    {
      name: "no change",
      input: { type: "set_item_transform", item_id: "photo-1" },
      path: [],
      message: "left, top, width, height, opacity",
    },
  ],
  move_item_to_track: [
    {
      name: "missing track_id",
      input: without(examples.move_item_to_track, "track_id"),
      path: ["track_id"],
    },
  ],
  set_item_layer_order: [
    {
      name: "unknown position",
      input: withValue(examples.set_item_layer_order, ["position"], "middle"),
      path: ["position"],
    },
  ],
  add_solid: [
    {
      name: "unknown style field",
      input: withValue(examples.add_solid, ["style", "shadow"], true),
      path: ["style"],
    },
  ],
  add_text: [
    { name: "missing text", input: without(examples.add_text, "text"), path: ["text"] },
    {
      name: "unknown alignment",
      input: withValue(examples.add_text, ["style", "align"], "justify"),
      path: ["style", "align"],
    },
  ],
  update_text: [
    {
      name: "no change",
      input: { type: "update_text", item_id: "title-1" },
      path: [],
      message: "at least one of text, style",
    },
  ],
  add_captions: [
    { name: "missing captions", input: { type: "add_captions" }, path: ["captions"] },
    {
      name: "caption ending before it starts",
      input: withValue(examples.add_captions, ["captions", 1, "endMs"], 999),
      path: ["captions", 1, "endMs"],
      message: "end before it starts",
    },
    {
      name: "words out of order",
      input: withValue(
        withValue(examples.add_captions, ["captions", 0, "words", 0, "startMs"], 300),
        ["captions", 0, "words", 1, "startMs"],
        100,
      ),
      path: ["captions", 0, "words", 1, "startMs"],
      message: "non-decreasing startMs",
    },
  ],
  update_captions: [
    {
      name: "no change",
      input: { type: "update_captions", item_id: "captions-1" },
      path: [],
      message: "at least one of captions, style",
    },
  ],
  generate_captions_from_items: [
    {
      name: "missing source_item_ids",
      input: without(examples.generate_captions_from_items, "source_item_ids"),
      path: ["source_item_ids"],
    },
  ],
  add_sound_effect: [
    {
      name: "no source",
      input: without(examples.add_sound_effect, "sound_effect_id"),
      path: [],
      message: "exactly one of sound_effect_id, url, media_id",
    },
    {
      name: "two sources",
      input: withValue(examples.add_sound_effect, ["url"], "https://cdn.example.com/boom.mp3"),
      path: [],
      message: "got sound_effect_id and url",
    },
    {
      name: "media_id that is not a UUID",
      input: { type: "add_sound_effect", media_id: "boom" },
      path: ["media_id"],
    },
    {
      name: "url that is not http(s)",
      input: { type: "add_sound_effect", url: "ftp://example.com/boom.mp3" },
      path: ["url"],
    },
  ],
  add_voiceover: [
    {
      name: "one word past the spoken-word limit",
      input: withValue(
        examples.add_voiceover,
        ["text"],
        Array.from({ length: VOICEOVER_MAX_WORDS + 1 }, () => "go").join(" "),
      ),
      path: ["text"],
      message: `${VOICEOVER_MAX_WORDS + 1} spoken words; the limit is ${VOICEOVER_MAX_WORDS}`,
    },
    {
      name: "text with nothing to speak",
      input: withValue(examples.add_voiceover, ["text"], " — ... "),
      path: ["text"],
      message: "no words to speak",
    },
    {
      name: "speed outside voice settings range",
      input: withValue(examples.add_voiceover, ["voice_settings", "speed"], 2),
      path: ["voice_settings", "speed"],
    },
  ],
};

describe("rejected examples", () => {
  const cases = EDIT_OPERATION_TYPES.flatMap((type) =>
    REJECTIONS[type].map((rejection) => ({ ...rejection, label: `${type}: ${rejection.name}` })),
  );

  test.each(cases)("$label", ({ input, path, message }) => {
    expectRejectedAt(input, path);
    if (message !== undefined) {
      expect(
        operationIssues(input)
          .map((issue) => issue.message)
          .join(" "),
      ).toContain(message);
    }
  });
});

describe("rules beyond single fields", () => {
  test("null enter or exit is accepted, because null clears an animation", () => {
    expectAccepted({ type: "set_item_animation", item_id: "title-1", enter: null });
    expectAccepted({ type: "set_item_animation", item_id: "title-1", exit: null });
  });

  test("background_color null removes the text box", () => {
    expectAccepted(withValue(examples.update_text, ["style", "background_color"], null));
  });

  test("each sound source on its own is accepted", () => {
    const base = without(examples.add_sound_effect, "sound_effect_id");
    expectAccepted({ ...base, sound_effect_id: "boom" });
    expectAccepted({ ...base, url: "https://cdn.example.com/boom.mp3" });
    expectAccepted({ ...base, media_id: "3f0b8c9e-2d4a-4b6f-9a1c-7e5d2f8b0a13" });
  });

  test("punctuation does not count towards the voiceover word limit", () => {
    const words = Array.from({ length: VOICEOVER_MAX_WORDS }, () => "go").join(" — ");
    expectAccepted(withValue(examples.add_voiceover, ["text"], words));
  });

  test("any one audio selector is enough", () => {
    const change = { type: "set_audio_levels", audio_fade_in_seconds: 1 } as const;
    expectAccepted({ ...change, item_ids: ["a"] });
    expectAccepted({ ...change, item_types: ["audio"] });
    expectAccepted({ ...change, audio_roles: ["voiceover"] });
  });

  test("words may share a start time", () => {
    const words = [
      { word: "a", startMs: 10, endMs: 10 },
      { word: "b", startMs: 10, endMs: 20 },
    ];
    expectAccepted(withValue(examples.add_captions, ["captions", 0, "words"], words));
  });

  test("one out-of-range time yields one issue, not a second about ordering", () => {
    const input = withValue(examples.add_captions, ["captions", 0, "startMs"], -1);
    expect(operationIssues(input).map((issue) => issue.path)).toEqual([["captions", 0, "startMs"]]);
  });
});

describe("the union", () => {
  test.each([
    ["an unknown type", { type: "warp_item", item_id: "clip-1" }],
    ["a missing type", { item_id: "clip-1" }],
    ["a non-string type", { type: 3 }],
    ["a type in the wrong case", { type: "SET_TITLE", title: "x" }],
  ])("rejects %s at path type", (_name, input) => {
    expectRejectedAt(input, ["type"]);
  });

  test.each([null, "set_title", 42, [], [examples.set_title]])(
    "rejects the non-object %j",
    (input) => {
      expect(operationIssues(input).length).toBeGreaterThan(0);
    },
  );

  test.each(EDIT_OPERATION_TYPES)("%s rejects an unknown top-level field", (type) => {
    const issues = operationIssues({ ...examples[type], colour: "red" });
    expect(issues).toEqual([expect.objectContaining({ code: "unrecognized_keys", path: [] })]);
  });

  test("rejects unknown fields inside nested values with their path", () => {
    const input = withValue(examples.add_captions, ["captions", 0, "words", 1, "speaker"], "A");
    const issues = operationIssues(input);
    expect(issues).toEqual([
      expect.objectContaining({ code: "unrecognized_keys", path: ["captions", 0, "words", 1] }),
    ]);
  });

  test("rejects infinities and NaN", () => {
    for (const value of [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN]) {
      expectRejectedAt(withValue(examples.split_item, ["at_seconds"], value), ["at_seconds"]);
    }
  });

  test("keeps full paths when nested in a request body", () => {
    const body = z.object({ operations: z.array(editOperationSchema) });
    const result = body.safeParse({
      operations: [
        examples.set_title,
        withValue(examples.add_captions, ["captions", 0, "words", 0, "word"], ""),
        { type: "warp_item" },
      ],
    });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([
      ["operations", 1, "captions", 0, "words", 0, "word"],
      ["operations", 2, "type"],
    ]);
  });

  test("narrows on type", () => {
    const operation = editOperationSchema.parse(examples.split_item);
    if (operation.type !== "split_item") throw new Error("expected split_item");
    expect(operation.at_seconds).toBe(3.2);
  });
});
