import { type EditorItem, planRender } from "reelkit/editor";
import { commandFileText, frameCommand, videoCommand } from "reelkit/render";
import { describe, expect, it } from "vitest";
import { captions, solid, stateOf, text } from "../../editor/support/fixtures.js";

const FONT = { family: "DejaVu Sans", sizePerEm: 1.164, directory: null };

// The ASS document a video command writes for `items` (one track each, first in front)
// on a 1080 x 1920 timeline at 30 fps, drawn at 540 wide (half size).
function assFor(items: EditorItem[], at?: number): string {
  const state = stateOf(items.map((item, index) => ({ id: `t${index}`, items: [item] })));
  const result = planRender(
    state,
    at === undefined ? { width: 540 } : { width: 540, atSeconds: at },
  );
  if (!result.ok) throw new Error(result.error.message);
  const settings = { inputFiles: new Map(), inputsWithAudio: new Set<string>(), font: FONT };
  const command =
    at === undefined ? videoCommand(result.value, settings) : frameCommand(result.value, settings);
  const file = command.files.find((entry) => entry.name.endsWith(".ass"));
  if (file === undefined) throw new Error("no ASS file");
  return commandFileText(file);
}

function lines(document: string, prefix: string): string[] {
  return document.split("\n").filter((line) => line.startsWith(prefix));
}

describe("the ASS document of solids, text and captions", () => {
  it("sets the frame size and wraps like a browser (at line ends)", () => {
    const document = assFor([text({ id: "a", from: 0, durationInFrames: 30 })]);
    expect(document).toContain("PlayResX: 540\nPlayResY: 960\nWrapStyle: 1");
  });

  it("turns a text style into a style line: font, libass size, colours, outline, box", () => {
    const document = assFor([
      text(
        { id: "a", from: 0, durationInFrames: 30 },
        {
          left: 100,
          width: 800,
          style: {
            font_family: "Inter",
            font_size: 100,
            font_weight: "bold",
            color: "#ff8000",
            stroke_width: 4,
            stroke_color: "#0000ff",
            letter_spacing: 2,
            align: "right",
            background_color: "rgba(0, 0, 0, 0.5)",
          },
        },
      ),
    ]);
    // 50 px em size is 58.2 in libass units; colours are &HAABBGGRR; border style 4 boxes
    // the text; alignment 6 is middle right; the right margin leaves the box's width less
    // its padding (400 - 2 x 12.5) to wrap in.
    expect(lines(document, "Style:")).toEqual([
      "Style: L0,Inter,58.2,&H000080FF,&H000080FF,&H00FF0000,&H00000000,-1,0,0,0,100,100,1,0,4,2,0,6,0,165,0,1",
    ]);
    const [event] = lines(document, "Dialogue:");
    expect(event).toContain("\\an6\\pos(437.5,");
    expect(event).toContain("\\4a&H80&");
    expect(event).toContain("\\b700");
    expect(event).toContain("\\xshad12.5\\yshad12.5");
  });

  it("keeps user text literal: braces, backslashes and line breaks", () => {
    const document = assFor([
      text({ id: "a", from: 0, durationInFrames: 30 }, { text: "{\\b1}bold?\nnext \\N" }),
    ]);
    const [event] = lines(document, "Dialogue:");
    expect(event?.endsWith("}\\{\\\u2060b1\\}bold?\\Nnext \\\u2060N")).toBe(true);
  });

  it("starts and ends events half a frame early, so frame boundaries fall inside", () => {
    const document = assFor([text({ id: "a", from: 30, durationInFrames: 30 })]);
    expect(lines(document, "Dialogue:")[0]).toMatch(/^Dialogue: 2,0:00:00\.98,0:00:01\.98,L0,/);
  });

  it("draws a fade as an alpha transform and a slide as a move", () => {
    const document = assFor([
      solid(
        { id: "a", from: 0, durationInFrames: 60 },
        {
          left: 0,
          top: 0,
          width: 200,
          height: 100,
          enterAnimation: { type: "slide", duration_seconds: 1, direction: "left" },
          exitAnimation: { type: "fade", duration_seconds: 0.5 },
        },
      ),
    ]);
    const events = lines(document, "Dialogue:");
    expect(events).toHaveLength(3);
    // In: from off-screen left (centre at -50) to rest (centre at 50) over the first second.
    expect(events[0]).toContain("\\move(-50,25,50,25,0,1000)");
    expect(events[1]).toContain("\\pos(50,25)");
    expect(events[2]).toContain("\\1a&H00&");
    // The event opens half a frame (20 ms, rounded) before the fade starts.
    expect(events[2]).toMatch(/^Dialogue: 2,0:00:01\.48,0:00:01\.98,/);
    expect(events[2]).toContain("\\t(20,520,\\fscx100\\fscy100\\1a&HFF&");
  });

  it("draws a solid as a rounded, rotated shape around its centre", () => {
    const document = assFor([
      solid(
        { id: "a", from: 0, durationInFrames: 30 },
        {
          left: 100,
          top: 100,
          width: 200,
          height: 100,
          style: { color: "#ff0000", border_radius: 20, rotation: 45 },
        },
      ),
    ]);
    const [event] = lines(document, "Dialogue:");
    expect(event).toContain("\\an5\\pos(100,75)");
    expect(event).toContain("\\frz-45");
    expect(event).toContain("{\\p1}m 10 0 l 90 0 b 95.52 0 100 4.48 100 10 l 100 40");
  });

  it("highlights the word being spoken, one event per word", () => {
    const document = assFor([
      captions(
        { id: "a", from: 0, durationInFrames: 60 },
        {
          captions: [
            {
              text: "one two",
              startMs: 0,
              endMs: 1000,
              words: [
                { word: "one", startMs: 0, endMs: 400 },
                { word: "two", startMs: 500, endMs: 1000 },
              ],
            },
          ],
          style: { highlight_color: "#ffff00", color: "#ffffff" },
        },
      ),
    ]);
    const bodies = lines(document, "Dialogue:").map((line) => line.slice(line.indexOf("}") + 1));
    expect(bodies).toEqual([
      "{\\1c&H00FFFF&}one{\\1c&HFFFFFF&} two",
      "one two",
      "one {\\1c&H00FFFF&}two{\\1c&HFFFFFF&}",
    ]);
  });

  it("boxes the spoken word with border style 3 on a layer beneath the text, without a line box", () => {
    const document = assFor([
      captions(
        { id: "a", from: 0, durationInFrames: 30 },
        {
          captions: [
            {
              text: "hi",
              startMs: 0,
              endMs: 1000,
              words: [{ word: "hi", startMs: 0, endMs: 1000 }],
            },
          ],
          style: { highlight_background_color: "#00ff00" },
        },
      ),
    ]);
    // The word's box (style L0H, border style 3) on ASS layer 1, the text (L0) on 2.
    expect(lines(document, "Style:").map((line) => line.split(",")[0])).toEqual([
      "Style: L0H",
      "Style: L0",
    ]);
    expect(lines(document, "Style:")[0]).toMatch(/,3,0,0,5,/);
    const box = lines(document, "Dialogue:")[0];
    expect(box).toMatch(/^Dialogue: 1,.*,L0H,/);
    expect(box).toContain("{\\3c&H00FF00&\\3a&H00&\\xbord");
    expect(lines(document, "Dialogue:").at(-1)).toMatch(/^Dialogue: 2,.*,L0,/);
  });

  it("rounds a text's opaque box with square boxes of its own beneath the letters", () => {
    const boxed = (style: Record<string, unknown>) =>
      assFor([
        text(
          { id: "a", from: 0, durationInFrames: 30 },
          { style: { font_size: 100, background_color: "#000000", ...style } },
        ),
      ]);
    // A 100 px font drawn at half size pads its box by 12.5 px: the radius is capped there.
    const rounded = boxed({ background_border_radius: 40 });
    expect(lines(rounded, "Style:").map((line) => line.split(",")[0])).toEqual([
      "Style: L0B",
      "Style: L0",
    ]);
    // The text sets only its letters (border style 1, no shadow); the box is border style 4.
    expect(lines(rounded, "Style:")[0]).toMatch(/,4,[\d.]+,0,5,/);
    expect(lines(rounded, "Style:")[1]).toMatch(/,1,[\d.]+,0,5,/);
    const events = lines(rounded, "Dialogue:");
    const back = events.filter((line) => /^Dialogue: 0,.*,L0B,/.test(line));
    // 12.5 px of radius at 2.5 px a step: 5 steps, 6 boxes, from 12.5 px wide and flat to narrow and 12.5 px tall.
    expect(back).toHaveLength(6);
    expect(back[0]).toContain("\\xshad12.5\\yshad0}");
    expect(back.at(-1)).toContain("\\xshad0\\yshad12.5}");
    expect(events.at(-1)).toMatch(/^Dialogue: 2,.*,L0,/);
    expect(events.at(-1)).not.toContain("shad");
    // Square corners and translucent boxes keep the one event drawing letters and box.
    for (const style of [{}, { background_border_radius: 40, background_color: "#00000080" }]) {
      expect(lines(boxed(style), "Style:").map((line) => line.split(",")[0])).toEqual([
        "Style: L0",
      ]);
      expect(lines(boxed(style), "Dialogue:")[0]).toContain("\\xshad12.5\\yshad12.5}");
    }
  });

  it("casts a box's shadow as the same boxes beneath it, offset and in the shadow's colour", () => {
    const document = assFor([
      text(
        { id: "a", from: 0, durationInFrames: 30 },
        {
          style: {
            font_size: 100,
            background_color: "#000000",
            shadow_color: "#ff0000",
            shadow_offset: 8,
          },
        },
      ),
    ]);
    const styles = lines(document, "Style:");
    expect(styles.map((line) => line.split(",")[0])).toEqual([
      "Style: L0S",
      "Style: L0B",
      "Style: L0",
    ]);
    // The shadow's box is red (&H000000FF), the box black, both border style 4.
    expect(styles[0]).toMatch(/,&H000000FF,-1,0,0,0,100,100,0,0,4,/);
    expect(styles[1]).toMatch(/,&H00000000,-1,0,0,0,100,100,0,0,4,/);
    const [shade, back] = lines(document, "Dialogue:");
    // Half size: 4 px down and right of the box, on the same ASS layer, read first.
    expect(shade).toMatch(/^Dialogue: 0,.*,L0S,.*\\pos\(274,29\)/);
    expect(back).toMatch(/^Dialogue: 0,.*,L0B,.*\\pos\(270,25\)/);
    expect(shade).toContain("\\xshad12.5\\yshad12.5}");
  });

  it("rounds a box's shadow only when the shadow is opaque too, as overlaps would darken it", () => {
    const events = (shadowColor: string) =>
      lines(
        assFor([
          text(
            { id: "a", from: 0, durationInFrames: 30 },
            {
              style: {
                font_size: 100,
                background_color: "#000000",
                background_border_radius: 40,
                shadow_color: shadowColor,
                shadow_offset: 8,
              },
            },
          ),
        ]),
        "Dialogue:",
      );
    const count = (all: string[], style: string) =>
      all.filter((line) => line.includes(`,${style},`)).length;
    expect([count(events("#ff0000"), "L0S"), count(events("#ff0000"), "L0B")]).toEqual([6, 6]);
    expect([count(events("#ff000080"), "L0S"), count(events("#ff000080"), "L0B")]).toEqual([1, 6]);
  });

  it("times the events of a frame on the graph's clock, around that frame only", () => {
    const document = assFor([text({ id: "a", from: 0, durationInFrames: 90 })], 1.5);
    // The frame at 1.5 s lasts to 1.533 s; its event runs half a frame early.
    expect(lines(document, "Dialogue:")).toHaveLength(1);
    expect(lines(document, "Dialogue:")[0]).toMatch(/^Dialogue: 2,0:00:01\.48,0:00:01\.52,/);
  });
});
