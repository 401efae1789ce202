import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  editorVideoIdParamsSchema,
  listEditorVideosQuerySchema,
} from "../../src/schemas/editor-videos.js";
import { generationIdParamsSchema } from "../../src/schemas/generations.js";
import {
  EDITOR_LIST_LIMIT_MAX,
  EDITOR_LIST_LIMIT_MIN,
  MEDIA_QUERY_MAX_LENGTH,
  REFERENCE_DESCRIPTION_MAX_LENGTH,
  REFERENCE_IMAGE_URLS_PER_INSPIRATION_MAX,
  REFERENCE_LIST_LIMIT_MAX,
  REFERENCE_LIST_LIMIT_MIN,
  REFERENCE_SUGGESTION_LIMIT_MAX,
  SLUG_MAX_LENGTH,
  TIMELINE_DURATION_MAX_SECONDS,
  TIMELINE_POSITION_MAX_SECONDS,
} from "../../src/schemas/limits.js";
import { listMediaQuerySchema, uploadMediaMultipartFieldsSchema } from "../../src/schemas/media.js";
import { referenceInspirationQuerySchema } from "../../src/schemas/reference-inspirations.js";
import { slideshowIdParamsSchema } from "../../src/schemas/slideshows.js";
import { decimalIntegerSchema, videoIdParamsSchema } from "../../src/schemas/videos.js";
import { issuePaths, text, urls } from "./schema-test-support.js";

const suggest = { suggest_targets: "true" };

describe("integer path parameters", () => {
  const integerParams = [
    ["GET /videos/{id}", videoIdParamsSchema],
    ["/editor/videos/{id}", editorVideoIdParamsSchema],
  ] as const;

  it.each(integerParams)("%s converts decimal digits to a number", (_name, schema) => {
    expect(schema.parse({ id: "1" })).toEqual({ id: 1 });
    expect(schema.parse({ id: "42" })).toEqual({ id: 42 });
    expect(schema.parse({ id: String(Number.MAX_SAFE_INTEGER) })).toEqual({
      id: Number.MAX_SAFE_INTEGER,
    });
  });

  it.each(
    integerParams.flatMap(([name, schema]) =>
      ["1.5", "abc", "0x10", "-1", " 1", "1 ", "0", "", "1e3", "+1", "9007199254740992"].map(
        (id) => [name, id, schema] as const,
      ),
    ),
  )("%s rejects id %j", (_name, id, schema) => {
    expect(issuePaths(schema, { id })).toEqual(["id"]);
  });

  it.each([
    ["GET /generations/{id}", generationIdParamsSchema],
    ["GET /slideshows/{id}", slideshowIdParamsSchema],
  ] as const)("%s takes a UUID and nothing else", (_name, schema) => {
    expect(issuePaths(schema, { id: "7d3f2c1e-8a4b-4c5d-9e6f-0a1b2c3d4e5f" })).toEqual([]);
    expect(issuePaths(schema, { id: "42" })).toEqual(["id"]);
  });

  it("reads every positive safe integer back from its decimal form", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(videoIdParamsSchema.parse({ id: String(id) }).id).toBe(id);
      }),
      { seed: 20260115, numRuns: 200 },
    );
  });

  it("rejects every string that is not plain decimal digits", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }).filter((value) => !/^[0-9]+$/.test(value)),
        (id) => {
          expect(issuePaths(editorVideoIdParamsSchema, { id })).toEqual(["id"]);
        },
      ),
      { seed: 7321, numRuns: 300 },
    );
  });

  it("checks a decimal integer against its range after conversion", () => {
    const schema = decimalIntegerSchema(2, 5);
    expect(schema.parse("5")).toBe(5);
    expect(schema.safeParse("6").error?.issues[0]?.code).toBe("too_big");
    expect(schema.safeParse("1").error?.issues[0]?.code).toBe("too_small");
  });
});

describe("editor list queries", () => {
  const listQueries = [
    ["GET /editor/videos", listEditorVideosQuerySchema],
    ["GET /editor/media", listMediaQuerySchema],
  ] as const;

  it.each(listQueries)(
    "%s limit: accepted at its bounds, rejected one step past them",
    (_name, schema) => {
      expect(schema.parse({ limit: String(EDITOR_LIST_LIMIT_MIN) })).toMatchObject({
        limit: EDITOR_LIST_LIMIT_MIN,
      });
      expect(schema.parse({ limit: String(EDITOR_LIST_LIMIT_MAX) })).toMatchObject({
        limit: EDITOR_LIST_LIMIT_MAX,
      });
      expect(issuePaths(schema, { limit: String(EDITOR_LIST_LIMIT_MIN - 1) })).toEqual(["limit"]);
      expect(issuePaths(schema, { limit: String(EDITOR_LIST_LIMIT_MAX + 1) })).toEqual(["limit"]);
    },
  );

  it.each(listQueries)("%s rejects a repeated limit and unknown parameters", (_name, schema) => {
    expect(issuePaths(schema, { limit: ["10", "20"] })).toEqual(["limit"]);
    expect(issuePaths(schema, { limt: "10" })).toEqual([""]);
  });

  it("GET /editor/media: filters by media type and bounds the search text", () => {
    expect(listMediaQuerySchema.parse({ media_type: "voice" })).toEqual({
      media_type: "voice",
      limit: 30,
    });
    expect(issuePaths(listMediaQuerySchema, { media_type: "gif" })).toEqual(["media_type"]);
    expect(issuePaths(listMediaQuerySchema, { query: text(MEDIA_QUERY_MAX_LENGTH) })).toEqual([]);
    expect(issuePaths(listMediaQuerySchema, { query: text(MEDIA_QUERY_MAX_LENGTH + 1) })).toEqual([
      "query",
    ]);
  });
});

describe("GET /reference-inspirations query", () => {
  it("lists saved references by default", () => {
    expect(referenceInspirationQuerySchema.parse({})).toEqual({
      recommend: false,
      suggest_targets: false,
    });
    expect(
      referenceInspirationQuerySchema.parse({
        template_category: "static-ads",
        media_kind: "video",
      }),
    ).toMatchObject({
      template_category: "static-ads",
      media_kind: "video",
    });
  });

  it.each([
    ["list", {}, REFERENCE_LIST_LIMIT_MAX],
    ["recommendation", { recommend: "true" }, REFERENCE_LIST_LIMIT_MAX],
    ["target-suggestion", suggest, REFERENCE_SUGGESTION_LIMIT_MAX],
  ])(
    "%s mode: limit accepted at its bounds, rejected one step past them",
    (_name, mode, maximum) => {
      expect(
        issuePaths(referenceInspirationQuerySchema, {
          ...mode,
          limit: String(REFERENCE_LIST_LIMIT_MIN),
        }),
      ).toEqual([]);
      expect(
        issuePaths(referenceInspirationQuerySchema, { ...mode, limit: String(maximum) }),
      ).toEqual([]);
      expect(
        issuePaths(referenceInspirationQuerySchema, {
          ...mode,
          limit: String(REFERENCE_LIST_LIMIT_MIN - 1),
        }),
      ).toEqual(["limit"]);
      expect(
        issuePaths(referenceInspirationQuerySchema, { ...mode, limit: String(maximum + 1) }),
      ).toEqual(["limit"]);
    },
  );

  it("reports a limit past the overall maximum once in suggestion mode", () => {
    expect(
      issuePaths(referenceInspirationQuerySchema, {
        ...suggest,
        limit: String(REFERENCE_LIST_LIMIT_MAX + 1),
      }),
    ).toEqual(["limit"]);
  });

  it("accepts the suggestion inputs at their bounds and rejects one step past them", () => {
    expect(
      issuePaths(referenceInspirationQuerySchema, {
        ...suggest,
        description: text(REFERENCE_DESCRIPTION_MAX_LENGTH),
      }),
    ).toEqual([]);
    expect(
      issuePaths(referenceInspirationQuerySchema, {
        ...suggest,
        description: text(REFERENCE_DESCRIPTION_MAX_LENGTH + 1),
      }),
    ).toEqual(["description"]);
    expect(
      issuePaths(referenceInspirationQuerySchema, {
        ...suggest,
        image_url: urls(REFERENCE_IMAGE_URLS_PER_INSPIRATION_MAX),
      }),
    ).toEqual([]);
    expect(
      issuePaths(referenceInspirationQuerySchema, {
        ...suggest,
        image_url: urls(REFERENCE_IMAGE_URLS_PER_INSPIRATION_MAX + 1),
      }),
    ).toEqual(["image_url"]);
    expect(
      issuePaths(referenceInspirationQuerySchema, { template_slug: text(SLUG_MAX_LENGTH + 1) }),
    ).toEqual(["template_slug"]);
  });

  it("reads a single image_url or a repeated one as a list", () => {
    const [first = "", second = ""] = urls(2);
    expect(
      referenceInspirationQuerySchema.parse({ ...suggest, image_url: first }).image_url,
    ).toEqual([first]);
    expect(
      referenceInspirationQuerySchema.parse({ ...suggest, image_url: [first, second] }).image_url,
    ).toEqual([first, second]);
    expect(
      issuePaths(referenceInspirationQuerySchema, { ...suggest, image_url: ["not a url"] }),
    ).toEqual(["image_url.0"]);
  });

  it.each([
    [
      "recommend and suggest_targets together",
      { recommend: "true", suggest_targets: "1" },
      ["suggest_targets"],
    ],
    [
      "recommend=true with suggest_targets=false",
      { recommend: "true", suggest_targets: "false" },
      [],
    ],
    ["description outside suggestion mode", { description: "Bottles" }, ["description"]],
    ["image_url in recommendation mode", { recommend: "true", image_url: urls(1) }, ["image_url"]],
    [
      "video_url with suggest_targets=false",
      { suggest_targets: "0", video_url: "https://cdn.example.com/v.mp4" },
      ["video_url"],
    ],
    [
      "every suggestion input in suggestion mode",
      {
        ...suggest,
        description: "Bottles",
        image_url: urls(2),
        video_url: "https://cdn.example.com/v.mp4",
      },
      [],
    ],
    ["a boolean that is neither true nor false", { recommend: "yes" }, ["recommend"]],
    ["an unknown parameter", { recomend: "true" }, [""]],
  ])("mode rules: %s", (_name, query, paths) => {
    expect(issuePaths(referenceInspirationQuerySchema, query)).toEqual(paths);
  });
});

describe("multipart POST /editor/media text fields", () => {
  it("converts the text fields and gathers individual placement fields into one object", () => {
    expect(
      uploadMediaMultipartFieldsSchema.parse({
        media_type: "image",
        video_id: "42",
        add_to_editor: "true",
        from_seconds: "1.5",
        width: "640",
        left: "-20",
        fit: "contain",
        track_id: "track-1",
      }),
    ).toEqual({
      media_type: "image",
      title: undefined,
      filename: undefined,
      content_type: undefined,
      video_id: 42,
      add_to_editor: true,
      placement: {
        from_seconds: 1.5,
        source_start_seconds: 0,
        playback_rate: 1,
        fit: "contain",
        width: 640,
        left: -20,
        track_id: "track-1",
      },
    });
  });

  it("parses a placement sent as a JSON string", () => {
    const fields = uploadMediaMultipartFieldsSchema.parse({
      video_id: "7",
      add_to_editor: "1",
      placement: '{"duration_seconds": 4, "audio_role": "music"}',
    });
    expect(fields.placement).toEqual({
      from_seconds: 0,
      source_start_seconds: 0,
      playback_rate: 1,
      fit: "cover",
      duration_seconds: 4,
      audio_role: "music",
    });
  });

  it("uploads without adding when no editor fields are sent", () => {
    expect(uploadMediaMultipartFieldsSchema.parse({ title: "Logo" })).toMatchObject({
      title: "Logo",
      add_to_editor: false,
      placement: undefined,
    });
  });

  it.each([
    [
      "placement that is not JSON",
      { video_id: "1", add_to_editor: "true", placement: "{from: 1}" },
      ["placement"],
    ],
    [
      "placement JSON with a bad field",
      { video_id: "1", add_to_editor: "true", placement: '{"playback_rate": 9}' },
      ["placement.playback_rate"],
    ],
    [
      "placement JSON with an unknown field",
      { video_id: "1", add_to_editor: "true", placement: '{"speed": 2}' },
      ["placement"],
    ],
    [
      "placement as JSON and as fields",
      { video_id: "1", add_to_editor: "true", placement: "{}", top: "10" },
      ["top"],
    ],
    ["add_to_editor without video_id", { add_to_editor: "true" }, ["video_id"]],
    [
      "a placement field without add_to_editor",
      { video_id: "1", duration_seconds: "3" },
      ["duration_seconds"],
    ],
    ["a video_id that is not an integer", { video_id: "4.2" }, ["video_id"]],
    ["an add_to_editor that is not a boolean", { add_to_editor: "on" }, ["add_to_editor"]],
    [
      "a number field that is not a number",
      { video_id: "1", add_to_editor: "true", from_seconds: "1s" },
      ["from_seconds"],
    ],
    ["an unknown field", { caption: "hi" }, [""]],
  ])("rejects %s", (_name, fields, paths) => {
    expect(issuePaths(uploadMediaMultipartFieldsSchema, fields)).toEqual(paths);
  });

  it.each([
    [
      "from_seconds",
      String(TIMELINE_POSITION_MAX_SECONDS),
      String(TIMELINE_POSITION_MAX_SECONDS + 1),
    ],
    [
      "duration_seconds",
      String(TIMELINE_DURATION_MAX_SECONDS),
      `${TIMELINE_DURATION_MAX_SECONDS}.001`,
    ],
    ["duration_seconds", "0.1", "0.099"],
    ["playback_rate", "8", "8.001"],
    ["source_start_seconds", "0", "-0.001"],
    ["height", "0.001", "0"],
  ])("individual %s: %s accepted, %s rejected", (field, atBound, pastBound) => {
    const base = { video_id: "1", add_to_editor: "true" };
    expect(issuePaths(uploadMediaMultipartFieldsSchema, { ...base, [field]: atBound })).toEqual([]);
    expect(issuePaths(uploadMediaMultipartFieldsSchema, { ...base, [field]: pastBound })).toEqual([
      field,
    ]);
  });
});
