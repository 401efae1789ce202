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

// The weights whose face libass finds under the family's own name: @fontsource names the
// other faces of Inter and Poppins as families of their own ("Inter Black"), and every
// Montserrat face "Montserrat Thin", so they are left out until their names are fixed.
const PACKAGES = ["inter", "poppins", "anton", "bebas-neue"] as const;
const WEIGHTS = "(400|700)";
const TARGET = "fonts";

rmSync(TARGET, { recursive: true, force: true });
mkdirSync(TARGET, { recursive: true });
for (const name of PACKAGES) {
  const source = join("node_modules", "@fontsource", name);
  const faces = readdirSync(join(source, "files")).filter((file) =>
    new RegExp(`^${name}-latin-${WEIGHTS}-normal\\.woff2$`).test(file),
  );
  for (const face of faces) copyFileSync(join(source, "files", face), join(TARGET, face));
  copyFileSync(join(source, "LICENSE"), join(TARGET, `${name}-LICENSE.txt`));
  console.log(`${name}: ${faces.length} faces`);
}
