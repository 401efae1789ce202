import { describe, expect, it } from "vitest";
import { chooseSlotTop, type VerticalBox } from "../../src/editor/slotting.js";

describe("chooseSlotTop", () => {
  it.each<[string, VerticalBox[], number, number]>([
    ["an empty composition", [], 450, 450],
    ["a band over the preferred place (tie goes up)", [{ top: 400, height: 200 }], 450, 300],
    ["a band nearer the bottom", [{ top: 420, height: 100 }], 450, 520],
    [
      "merged neighbouring bands",
      [
        { top: 300, height: 200 },
        { top: 500, height: 200 },
      ],
      500,
      700,
    ],
    ["a band reaching off-screen", [{ top: -50, height: 600 }], 100, 550],
    ["a full composition", [{ top: 0, height: 1000 }], 450, 450],
    ["a preferred place below the bottom", [], 2000, 900],
    [
      "a gap exactly tall enough",
      [
        { top: 0, height: 450 },
        { top: 550, height: 450 },
      ],
      0,
      450,
    ],
  ])("slots a box in %s", (_name, occupied, preferredTop, expected) => {
    expect(chooseSlotTop({ boxHeight: 100, compositionHeight: 1000, preferredTop, occupied })).toBe(
      expected,
    );
  });

  it("keeps a box taller than the composition at the top", () => {
    expect(
      chooseSlotTop({ boxHeight: 2000, compositionHeight: 1000, preferredTop: 300, occupied: [] }),
    ).toBe(0);
  });
});
