import { applyOperations, createEditorState } from "reelkit/editor";
import { describe, expect, it } from "vitest";

const FAMILIES = ["DejaVu Sans", "Inter", "Poppins", "Anton", "Bebas Neue"];

describe("font families at edit time", () => {
  it("refuses a family the renderer does not have, listing the ones it has", () => {
    const result = applyOperations(
      createEditorState(),
      [
        { type: "add_text", text: "Hello", duration_seconds: 2 },
        { type: "add_text", text: "Hi", duration_seconds: 2, style: { font_family: "Comic Sans" } },
      ],
      { fontFamilies: FAMILIES },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("unknown_font_family");
    expect(result.error.operationIndex).toBe(1);
    expect(result.error.message).toBe(
      'Font family "Comic Sans" is not available. Available: DejaVu Sans, Inter, Poppins, Anton, Bebas Neue.',
    );
  });

  it("refuses it in captions styles and style updates too", () => {
    const captions = applyOperations(
      createEditorState(),
      [
        {
          type: "add_captions",
          duration_seconds: 2,
          captions: [{ text: "hi", startMs: 0, endMs: 1000 }],
          style: { font_family: "Montserrat" },
        },
      ],
      { fontFamilies: FAMILIES },
    );
    expect(captions.ok ? undefined : captions.error.code).toBe("unknown_font_family");
  });

  it("accepts a listed family whatever its case, and keeps it as written", () => {
    const result = applyOperations(
      createEditorState(),
      [{ type: "add_text", text: "Hi", duration_seconds: 2, style: { font_family: "bebas neue" } }],
      { fontFamilies: FAMILIES },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const item = Object.values(result.value.state.items)[0];
    expect(item?.type === "text" ? item.style.font_family : undefined).toBe("bebas neue");
  });

  it("accepts any family when the caller passes no list", () => {
    const result = applyOperations(createEditorState(), [
      { type: "add_text", text: "Hi", duration_seconds: 2, style: { font_family: "Comic Sans" } },
    ]);
    expect(result.ok).toBe(true);
  });
});
