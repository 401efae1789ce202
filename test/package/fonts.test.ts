import { existsSync, readFileSync } from "node:fs";
import { SHIPPED_FONT_FAMILIES } from "reelkit/render";
import { describe, expect, it } from "vitest";

const packageJson = JSON.parse(readFileSync("package.json", "utf8")) as { files: string[] };

describe("the shipped fonts", () => {
  it("are published with the package", () => {
    expect(packageJson.files).toContain("fonts");
  });

  it("hold a face for every weight of every family listed, with its licence", () => {
    for (const { family, weights } of SHIPPED_FONT_FAMILIES) {
      const name = family.toLowerCase().replaceAll(" ", "-");
      for (const weight of weights) {
        expect(
          existsSync(`fonts/${name}-latin-${weight}-normal.woff2`),
          `${family} ${weight}`,
        ).toBe(true);
      }
      expect(readFileSync(`fonts/${name}-LICENSE.txt`, "utf8")).toContain("SIL Open Font License");
    }
  });
});
