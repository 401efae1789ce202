/**
 * Copies the fonts reelkit ships from their `@fontsource` packages (development
 * dependencies) into `fonts/`, which the package publishes: the Latin subset of each
 * upright weight that `SHIPPED_FONT_FAMILIES` lists, as WOFF2 (FreeType, and so libass,
 * reads it), and each family's licence. The folder is flat: libass loads the fonts of one
 * directory, not of its subfolders.
 *
 * Run after changing a family or a version: `npx tsx scripts/copy-fonts.ts`.
 */
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { SHIPPED_FONT_FAMILIES } from "../src/render/fonts.js";

const TARGET = "fonts";

rmSync(TARGET, { recursive: true, force: true });
mkdirSync(TARGET, { recursive: true });
for (const { family, weights } of SHIPPED_FONT_FAMILIES) {
  const name = family.toLowerCase().replaceAll(" ", "-");
  const source = join("node_modules", "@fontsource", name);
  for (const weight of weights) {
    const face = `${name}-latin-${weight}-normal.woff2`;
    copyFileSync(join(source, "files", face), join(TARGET, face));
  }
  copyFileSync(join(source, "LICENSE"), join(TARGET, `${name}-LICENSE.txt`));
  console.log(`${family}: ${weights.length} faces`);
}
