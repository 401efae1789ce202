import { describe, expect, it } from "vitest";
import { createEditorState, type EditorState } from "../../src/editor/state.js";
import { summarizeEditor } from "../../src/editor/summary.js";
import { buildOpenApiDocument } from "../../src/schemas/openapi.js";
import { validatorOf } from "../support/openapi-responses.js";

// The checker every service, HTTP and MCP test runs its responses through must itself
// refuse what the document forbids, or a drift could pass unnoticed.
const validator = validatorOf(buildOpenApiDocument());

function editorVideo(editor: EditorState) {
  return {
    object: "editor_video",
    video: {
      id: 1,
      title: "Launch",
      status: "ready",
      video_type: "editor",
      aspect_ratio: { width: 1080, height: 1920 },
      created_at: "2026-11-22T09:00:00.000Z",
      revision: 0,
      editor_summary: summarizeEditor(editor),
      editor,
    },
  };
}

const json = (status: number, body: unknown) => ({
  status,
  contentType: "application/json; charset=utf-8",
  text: JSON.stringify(body),
});

describe("checking responses against the OpenAPI document", () => {
  it("accepts an editor video as the engine's state holds it, title included", () => {
    const state = createEditorState({ aspect_ratio: "9:16", title: "Launch" });
    expect(state.title).toBe("Launch");
    expect(() =>
      validator.check({ method: "POST", path: "/editor/videos", ...json(200, editorVideo(state)) }),
    ).not.toThrow();
  });

  it("refuses a field the document does not declare", () => {
    const state = {
      ...createEditorState({ aspect_ratio: "9:16" }),
      renderHint: "draft",
    } as EditorState;
    expect(() =>
      validator.check({
        method: "GET",
        path: "/editor/videos/1",
        ...json(200, editorVideo(state)),
      }),
    ).toThrow(/must NOT have additional properties/);
  });

  it("refuses a status the operation does not list", () => {
    const error = { error: { code: "rate_limited", message: "Slow down.", retryable: true } };
    expect(() =>
      validator.check({ method: "GET", path: "/editor/videos/1", ...json(429, error) }),
    ).toThrow(/does not list/);
  });

  it("validates error bodies: an error that is not the structured error is refused", () => {
    expect(() =>
      validator.check({ method: "GET", path: "/videos/1", ...json(404, { message: "gone" }) }),
    ).toThrow(/must have required property 'error'/);
    expect(() =>
      validator.check({
        method: "GET",
        path: "/videos/1",
        ...json(404, { error: { code: "not_found", message: "No video 1.", retryable: "no" } }),
      }),
    ).toThrow(/retryable/);
  });

  it("holds answers of no operation (unknown paths, other methods) to the structured error", () => {
    const error = { error: { code: "not_found", message: "No such path.", retryable: false } };
    expect(() =>
      validator.check({ method: "GET", path: "/nowhere", ...json(404, error) }),
    ).not.toThrow();
    expect(() =>
      validator.check({ method: "DELETE", path: "/models", ...json(405, { allowed: ["GET"] }) }),
    ).toThrow(/refuses/);
  });

  it("checks a tool's structured content against its REST operation", () => {
    const error = { error: { code: "rate_limited", message: "Slow down.", retryable: true } };
    expect(() => validator.checkBody("getEditorVideo", true, error, "tool")).toThrow(
      /does not document the status 429/,
    );
    expect(() => validator.checkBody("getVideo", false, { object: "video" }, "tool")).toThrow(
      /must have required property/,
    );
  });
});
