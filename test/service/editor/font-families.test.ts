import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { createProject, patchProject, readProject } from "./editor-support.js";
import { renderingHarness } from "./export-and-frame-support.js";

describe("font families of an editor project", () => {
  let harness: Harness;
  let id: number;

  beforeEach(async () => {
    harness = await renderingHarness();
    id = await createProject(harness);
  });
  afterEach(() => {
    expect(harness.serverErrors).toEqual([]);
  });

  it("refuses a family the renderer cannot draw, listing the ones it can, and keeps the project", async () => {
    const before = await readProject(harness, id);
    const response = await patchProject(harness, id, {
      operations: [{ type: "add_text", text: "Hello", style: { font_family: "Comic Sans MS" } }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: "bad_request",
      retryable: false,
      context: { operation_index: 0, edit_code: "unknown_font_family" },
    });
    expect(response.body.error.message).toBe(
      'Font family "Comic Sans MS" is not available. Available: DejaVu Sans, Inter, Poppins, Anton, Bebas Neue.',
    );
    expect(await readProject(harness, id)).toEqual(before);
  });

  it("accepts a shipped family", async () => {
    const response = await patchProject(harness, id, {
      operations: [{ type: "add_text", text: "Hello", style: { font_family: "Anton" } }],
    });
    expect(response.status).toBe(200);
  });
});
