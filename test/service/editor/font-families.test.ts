import { editorFontsSchema } from "reelkit/schemas";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { get } from "../generations/support.js";
import { createHarness, type Harness, KEYS } from "../support/harness.js";
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
      'Font family "Comic Sans MS" is not available. Available: DejaVu Sans, Inter, Montserrat, Poppins, Anton, Bebas Neue.',
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

const EVERY_WEIGHT = [100, 200, 300, 400, 500, 600, 700, 800, 900];

function shippedFamily(family: string, weights: number[]) {
  return { family, weights, styles: ["normal"], license: "OFL-1.1", default: false };
}

describe("GET /editor/fonts", () => {
  it("lists the families the renderer draws, the default first, with weights and licences", async () => {
    const harness = await renderingHarness();
    const expected = {
      object: "font_family_list",
      restricted: true,
      families: [
        {
          family: "DejaVu Sans",
          weights: [400, 700],
          styles: ["normal"],
          license: "Bitstream-Vera",
          default: true,
        },
        shippedFamily("Inter", EVERY_WEIGHT),
        shippedFamily("Montserrat", EVERY_WEIGHT),
        shippedFamily("Poppins", EVERY_WEIGHT),
        shippedFamily("Anton", [400]),
        shippedFamily("Bebas Neue", [400]),
      ],
    };
    for (const key of [KEYS.acme, KEYS.acmeRead, KEYS.acmeWrite]) {
      const response = await get(harness, "/editor/fonts", key);
      expect(response.status).toBe(200);
      expect(editorFontsSchema.parse(response.body)).toEqual(expected);
    }
    // Every family listed is one an edit may name.
    const id = await createProject(harness);
    const operations = expected.families.map(({ family }) => ({
      type: "add_text",
      text: family,
      style: { font_family: family, font_weight: "800" },
    }));
    expect((await patchProject(harness, id, { operations })).status).toBe(200);
    expect(harness.serverErrors).toEqual([]);
  });

  it("says any family is accepted when the service has no renderer", async () => {
    const harness = await createHarness();
    const response = await get(harness, "/editor/fonts");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ object: "font_family_list", restricted: false, families: [] });
    const id = await createProject(harness);
    const patched = await patchProject(harness, id, {
      operations: [{ type: "add_text", text: "Hi", style: { font_family: "Comic Sans MS" } }],
    });
    expect(patched.status).toBe(200);
  });

  it("answers 401 without a key and 403 to a key without a generations scope", async () => {
    const harness = await createHarness();
    expect((await harness.call("GET", "/editor/fonts")).status).toBe(401);
    const social = await get(harness, "/editor/fonts", KEYS.acmeSocial);
    expect(social.status).toBe(403);
    expect(social.body.error.code).toBe("forbidden");
  });
});
