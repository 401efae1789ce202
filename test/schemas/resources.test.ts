import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ApiError, ApiErrorBody } from "../../src/errors/api-error.js";
import { ERROR_CODES, type ErrorCode } from "../../src/errors/codes.js";
import * as assets from "../../src/schemas/assets.js";
import * as catalog from "../../src/schemas/catalog.js";
import * as editorRevisions from "../../src/schemas/editor-revisions.js";
import * as editorVideos from "../../src/schemas/editor-videos.js";
import * as errors from "../../src/schemas/errors.js";
import * as facelessVideos from "../../src/schemas/faceless-videos.js";
import * as generations from "../../src/schemas/generations.js";
import { IMAGE_AUDIO_IMPORT_MAX_BYTES, VIDEO_IMPORT_MAX_BYTES } from "../../src/schemas/limits.js";
import * as media from "../../src/schemas/media.js";
import * as referenceInspirations from "../../src/schemas/reference-inspirations.js";
import * as slideshows from "../../src/schemas/slideshows.js";
import * as videos from "../../src/schemas/videos.js";
import { requestExamples, responseExamples } from "./resource-examples.js";
import { issuePaths, withField } from "./schema-test-support.js";

const MODULES = [
  assets,
  catalog,
  editorRevisions,
  editorVideos,
  errors,
  facelessVideos,
  generations,
  media,
  referenceInspirations,
  slideshows,
  videos,
];

const SCHEMAS: ReadonlyMap<string, z.ZodType> = new Map(
  MODULES.flatMap((module) =>
    Object.entries(module).filter(
      (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
    ),
  ),
);

function schemaNamed(name: string): z.ZodType {
  const schema = SCHEMAS.get(name);
  if (schema === undefined) throw new Error(`No exported schema named ${name}.`);
  return schema;
}

const EXAMPLES: ReadonlyArray<[string, unknown]> = [
  ...Object.entries(responseExamples),
  ...Object.entries(requestExamples),
];

describe("examples", () => {
  it.each(EXAMPLES)("%s accepts its example", (name, example) => {
    expect(issuePaths(schemaNamed(name), example)).toEqual([]);
  });

  it("cover every exported schema except enumerations and single-field schemas", () => {
    const covered = new Set(EXAMPLES.map(([name]) => name));
    const uncovered = [...SCHEMAS.keys()].filter((name) => !covered.has(name));
    expect(uncovered.sort()).toEqual(
      [
        "catalogSectionSchema",
        "editorListLimitSchema",
        "editorVideoCursorSchema",
        "errorCodeSchema",
        "expectedRevisionSchema",
        "facelessAspectRatioSchema",
        "generationBatchStatusSchema",
        "generationStatusSchema",
        "generationTypeSchema",
        "mediaFitSchema",
        "productStepSchema",
        "qualityTierIdSchema",
        "referenceVisibilitySchema",
        "revisionActorSchema",
        "revisionCursorSchema",
        "revisionNumberSchema",
        "slideshowAspectRatioSchema",
        "videoIdParamSchema",
      ].sort(),
    );
  });
});

describe("record looseness", () => {
  it.each([
    ["brandKitSchema", "logo_url"],
    ["slideshowSchema", "cover_url"],
    ["videoSchema", "title"],
    ["mediaItemSchema", "thumbnail_url"],
  ])("%s keeps properties the contract does not list", (name, extra) => {
    const example = {
      ...(responseExamples[name as keyof typeof responseExamples] as object),
      [extra]: "kept",
    };
    expect(schemaNamed(name).parse(example)).toMatchObject({ [extra]: "kept" });
  });

  it("plain records drop properties they do not list", () => {
    const parsed = generations.generationSchema.parse({
      ...responseExamples.generationSchema,
      extra: 1,
    });
    expect(parsed).not.toHaveProperty("extra");
  });
});

describe("generation record", () => {
  const completed = responseExamples.generationSchema;
  const failed = {
    ...completed,
    status: "error",
    url: null,
    error: responseExamples.generationErrorSchema,
  };

  it.each([
    ["a failed generation with its error", failed, []],
    ["a generation still running", { ...completed, status: "generating", url: null }, []],
    ["completed without a url", { ...completed, url: null }, ["url"]],
    ["generating with a url", { ...completed, status: "generating" }, ["url"]],
    ["an error status without an error object", { ...failed, error: null }, ["error"]],
    ["an error object on a completed generation", { ...completed, error: failed.error }, ["error"]],
    [
      "an error code other than generation_failed",
      withField(failed, ["error", "code"], "server_error"),
      ["error.code"],
    ],
    ["an unknown refund state", withField(failed, ["error", "credits_returned"], null), []],
  ])("%s", (_name, record, paths) => {
    expect(issuePaths(generations.generationSchema, record)).toEqual(paths);
  });

  it("marks a replayed batch only with true", () => {
    const batch = responseExamples.generationBatchSchema;
    expect(
      issuePaths(generations.generationBatchSchema, { ...batch, idempotent_replay: true }),
    ).toEqual([]);
    expect(
      issuePaths(generations.generationBatchSchema, { ...batch, idempotent_replay: false }),
    ).toEqual(["idempotent_replay"]);
    expect(
      issuePaths(generations.generationBatchSchema, {
        ...batch,
        status: "partial",
        error: { code: "rate_limited", message: "Slow down.", retryable: true },
      }),
    ).toEqual([]);
  });
});

describe("error schemas", () => {
  it("enumerate exactly the error codes of the errors module", () => {
    expect(errors.errorCodeSchema.options).toEqual([...ERROR_CODES]);
  });

  it("describe the same values as the error types", () => {
    const body: ApiErrorBody = errors.errorResponseSchema.parse(
      responseExamples.errorResponseSchema,
    );
    const error: ApiError = errors.apiErrorSchema.parse(responseExamples.apiErrorSchema);
    const code: ErrorCode = errors.errorCodeSchema.parse("not_found");
    expect([body.error.code, error.code, code]).toEqual([
      "not_found",
      "insufficient_credits",
      "not_found",
    ]);
  });

  it("rejects an unknown code and a missing retryable flag", () => {
    expect(
      issuePaths(errors.apiErrorSchema, { code: "teapot", message: "x", retryable: false }),
    ).toEqual(["code"]);
    expect(issuePaths(errors.apiErrorSchema, { code: "not_found", message: "x" })).toEqual([
      "retryable",
    ]);
  });
});

describe("direct upload limits", () => {
  it.each([
    ["video/mp4", VIDEO_IMPORT_MAX_BYTES],
    ["video/webm", VIDEO_IMPORT_MAX_BYTES],
    ["image/png", IMAGE_AUDIO_IMPORT_MAX_BYTES],
    ["audio/mpeg", IMAGE_AUDIO_IMPORT_MAX_BYTES],
    ["Audio/Wav; rate=44100", IMAGE_AUDIO_IMPORT_MAX_BYTES],
    ["application/pdf", undefined],
    ["text/plain", undefined],
    ["video", undefined],
    ["", undefined],
  ])("%j imports up to %s bytes", (contentType, maximum) => {
    expect(media.importMaxBytesForContentType(contentType)).toBe(maximum);
  });
});

// Edit operations are documented by their own suite; here they are one described field.
const DOCUMENTED_ELSEWHERE = new Set([".operations[]"]);

// Walks a JSON Schema and lists the properties that carry no description, since the
// OpenAPI document and skill.md show each field's description to clients and agents.
function undocumentedProperties(schema: unknown, path: string): string[] {
  if (typeof schema !== "object" || schema === null || DOCUMENTED_ELSEWHERE.has(path)) return [];
  const node = schema as Record<string, unknown>;
  const missing: string[] = [];
  const properties = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, property] of Object.entries(properties)) {
    if (typeof property.description !== "string" || property.description === "") {
      missing.push(`${path}.${name}`);
    }
    missing.push(...undocumentedProperties(property, `${path}.${name}`));
  }
  for (const key of ["items", "additionalProperties"] as const) {
    missing.push(...undocumentedProperties(node[key], `${path}[]`));
  }
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const variants = node[key];
    if (Array.isArray(variants)) {
      variants.forEach((variant, index) => {
        missing.push(...undocumentedProperties(variant, `${path}|${index}`));
      });
    }
  }
  return missing;
}

describe("JSON Schema rendering", () => {
  const directions = ["input", "output"] as const;
  const rendered = [...SCHEMAS.entries()].flatMap(([name, schema]) =>
    directions.map((io) => [name, io, schema] as const),
  );

  it.each(rendered)(
    "%s renders as %s with a description on the schema and every field",
    (_name, io, schema) => {
      const json = z.toJSONSchema(schema, { io, unrepresentable: "any" });
      expect(typeof json.description).toBe("string");
      expect(undocumentedProperties(json, "")).toEqual([]);
    },
  );
});
