import { compileErrors, validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, ENDPOINTS } from "../../src/schemas/index.js";

const document = buildOpenApiDocument({ serverUrl: "https://api.example.com/v1" });
const METHODS = ["get", "post", "patch", "put", "delete"];

function operations(): Array<{ path: string; method: string; operation: Record<string, unknown> }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    // The parser dereferences its input in place, so it gets a copy.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? "valid" : compileErrors(result)).toBe("valid");
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ version: "1.0.0" });
  });

  it("lists the 16 paths and 20 operations of the spec 4.0 summary, and the extensions", () => {
    const extensions = ENDPOINTS.filter((endpoint) => endpoint.extension === true);
    expect(extensions.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([
      "GET /credits",
      "GET /editor/fonts",
      "POST /editor/videos/{id}/export",
      "GET /editor/videos/{id}/frame",
      "GET /editor/videos/{id}/revisions",
      "POST /editor/videos/{id}/undo",
      "POST /editor/videos/{id}/redo",
    ]);
    const contract = operations().filter(({ operation }) => !("x-reelkit-extension" in operation));
    expect(new Set(contract.map(({ path }) => path)).size).toBe(16);
    expect(contract).toHaveLength(20);
    expect(operations()).toHaveLength(20 + extensions.length);
    for (const endpoint of ENDPOINTS) {
      expect(
        document.paths[endpoint.path]?.[endpoint.method.toLowerCase()],
        `${endpoint.method} ${endpoint.path}`,
      ).toBeDefined();
    }
  });

  it("describes the preview's success as PNG bytes and its errors as JSON", () => {
    const frame = document.paths["/editor/videos/{id}/frame"]?.get as {
      responses: Record<string, { content?: Record<string, unknown> }>;
      "x-reelkit-extension"?: boolean;
    };
    expect(frame["x-reelkit-extension"]).toBe(true);
    expect(frame.responses["200"]?.content).toEqual({
      "image/png": { schema: { type: "string", contentMediaType: "image/png" } },
    });
    expect(Object.keys(frame.responses)).toEqual([
      "200",
      "400",
      "401",
      "402",
      "403",
      "404",
      "429",
      "500",
    ]);
  });

  it("compiles every component schema with Ajv's 2020-12 validator in strict mode", () => {
    const components = (document.components as { schemas: Record<string, object> }).schemas;
    const defs = JSON.parse(
      JSON.stringify(components).replaceAll("#/components/schemas/", "#/$defs/"),
    );
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: "components", $defs: defs });
    for (const name of Object.keys(components)) {
      expect(() => ajv.compile({ $ref: `components#/$defs/${name}` }), name).not.toThrow();
    }
    expect(Object.keys(components).length).toBeGreaterThan(50);
  });

  it("declares the bearer scheme and the scopes each operation accepts", () => {
    const schemes = (document.components as { securitySchemes: Record<string, unknown> })
      .securitySchemes;
    expect(schemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    for (const scope of ["generations:read", "generations:write", "social:read", "social:write"]) {
      expect(JSON.stringify(schemes.bearerAuth)).toContain(scope);
    }
    expect(document.paths["/models"]?.get?.security).toEqual([]);
    expect(document.paths["/generations"]?.post?.security).toEqual([
      { bearerAuth: ["generations:write"] },
    ]);
    expect(document.paths["/assets"]?.get?.security).toEqual([
      { bearerAuth: ["generations:read"] },
      { bearerAuth: ["generations:write"] },
    ]);
  });

  it("lists each endpoint's error statuses, with the 429 headers of spec 7.2", () => {
    for (const endpoint of ENDPOINTS) {
      const responses = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]
        ?.responses as Record<string, unknown>;
      const transport = endpoint.bodies === undefined ? [] : ["413", "415"];
      const notModified = endpoint.conditional === "if-none-match" ? ["304"] : [];
      expect(Object.keys(responses).sort()).toEqual(
        ["200", ...notModified, ...endpoint.errorStatuses.map(String), ...transport].sort(),
      );
    }
    const rateLimited = (document.components as { responses: Record<string, { headers: object }> })
      .responses.RateLimited;
    expect(Object.keys(rateLimited?.headers ?? {})).toEqual([
      "Retry-After",
      "X-RateLimit-Remaining",
      "X-RateLimit-Reset",
      "X-Request-Id",
    ]);
  });

  it("documents the X-Request-Id extension on every answer, success, 304 and errors", () => {
    const components = document.components as {
      responses: Record<string, { headers?: Record<string, unknown> }>;
      headers: Record<string, { schema: { maxLength: number } }>;
    };
    expect(components.headers.RequestId?.schema.maxLength).toBe(128);
    for (const response of Object.values(components.responses)) {
      expect(Object.keys(response.headers ?? {})).toContain("X-Request-Id");
    }
    for (const { path, method, operation } of operations()) {
      const responses = operation.responses as Record<string, { headers?: object; $ref?: string }>;
      for (const [status, response] of Object.entries(responses)) {
        if (response.$ref !== undefined) continue;
        expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).toContain(
          "X-Request-Id",
        );
      }
    }
  });

  it("offers the Idempotency-Key header exactly on paid creation endpoints, with the lengths of 4.0", () => {
    for (const { path, method, operation } of operations()) {
      const parameters = (operation.parameters ?? []) as Array<{
        name: string;
        schema: Record<string, unknown>;
      }>;
      const header = parameters.find((parameter) => parameter.name === "Idempotency-Key");
      const endpoint = ENDPOINTS.find((e) => e.path === path && e.method.toLowerCase() === method);
      expect(header !== undefined, `${method} ${path}`).toBe(endpoint?.idempotency !== undefined);
      if (header === undefined) continue;
      expect(header.schema.maxLength).toBe(160);
      const strict = path === "/slideshows" || path === "/faceless-videos";
      expect(header.schema.minLength).toBe(strict ? 1 : undefined);
    }
  });

  it("describes path and query parameters from the schemas", () => {
    const getVideo = document.paths["/editor/videos/{id}"]?.get as {
      parameters: Array<Record<string, unknown>>;
    };
    expect(getVideo.parameters).toEqual([
      expect.objectContaining({ name: "id", in: "path", required: true }),
      expect.objectContaining({ name: "revision", in: "query", required: false }),
      expect.objectContaining({ name: "If-None-Match", in: "header", required: false }),
    ]);
    const listReferences = document.paths["/reference-inspirations"]?.get as {
      parameters: Array<{ name: string }>;
    };
    expect(listReferences.parameters.map((p) => p.name).sort()).toEqual(
      [
        "description",
        "image_url",
        "limit",
        "media_kind",
        "recommend",
        "suggest_targets",
        "template_category",
        "template_slug",
        "video_url",
      ].sort(),
    );
  });

  it("documents the ids each edit operation created and removed in the edit result", () => {
    const schemas = (document.components as { schemas: Record<string, Record<string, unknown>> })
      .schemas;
    const editResult = schemas.EditResult as {
      required: string[];
      properties: Record<string, { description: string }>;
    };
    expect(editResult.required).toContain("operation_results");
    expect(editResult.properties.operation_results?.description).toContain(
      "split_item keeps the original id on the left half",
    );
    expect(schemas.EditOperationResult).toMatchObject({
      required: ["type", "created_item_ids", "removed_item_ids"],
    });
  });

  it("marks a body optional exactly where a bare request is the empty object", () => {
    const optional = operations()
      .filter(({ operation }) => {
        const body = operation.requestBody as { required: boolean } | undefined;
        return body !== undefined && !body.required;
      })
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .sort();
    expect(optional).toEqual([
      "POST /editor/videos/{id}/export",
      "POST /editor/videos/{id}/redo",
      "POST /editor/videos/{id}/undo",
    ]);
  });

  it("accepts JSON and multipart bodies on POST /editor/media", () => {
    const upload = document.paths["/editor/media"]?.post as {
      requestBody: { content: Record<string, { schema: Record<string, unknown> }> };
    };
    expect(Object.keys(upload.requestBody.content).sort()).toEqual([
      "application/json",
      "multipart/form-data",
    ]);
    const multipart = upload.requestBody.content["multipart/form-data"]?.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(multipart.properties.file).toMatchObject({ type: "string" });
    expect(multipart.required).toContain("file");
  });
});
