/**
 * Copies the fonts reelkit ships from their `@fontsource` packages (development
 * dependencies) into `fonts/`, which the package publishes: the Latin subset of each
 * upright weight as WOFF2 (FreeType, and so libass, reads it) and each family's licence.
 * The folder is flat: libass loads the fonts of one directory, not of its subfolders.
 *
 * Run after changing a family or a version: `npx tsx scripts/copy-fonts.ts`.
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

const PACKAGES = ["inter", "montserrat", "poppins", "anton", "bebas-neue"] as const;
const TARGET = "fonts";

rmSync(TARGET, { recursive: true, force: true });
mkdirSync(TARGET, { recursive: true });
for (const name of PACKAGES) {
  const source = join("node_modules", "@fontsource", name);
  const faces = readdirSync(join(source, "files")).filter((file) =>
    new RegExp(`^${name}-latin-\\d+-normal\\.woff2$`).test(file),
  );
  for (const face of faces) copyFileSync(join(source, "files", face), join(TARGET, face));
  copyFileSync(join(source, "LICENSE"), join(TARGET, `${name}-LICENSE.txt`));
  console.log(`${name}: ${faces.length} faces`);
}
