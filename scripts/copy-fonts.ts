/**
 * Copies the fonts reelkit ships from their `@fontsource` packages (development
 * dependencies) into `fonts/`, which the package publishes: the Latin subset of each
 * upright weight that `SHIPPED_FONT_FAMILIES` lists, as WOFF2 (FreeType, and so libass,
 * reads it), and each family's licence. The folder is flat: libass loads the fonts of one
 * directory, not of its subfolders. The colour emoji font (Twemoji as a COLR font, from
 * `twemoji-colr-font`) and its licence go in `fonts/emoji/`, out of libass's reach: its
 * emoji are drawn as shapes, not set as text.
 *
 * Run after changing a family or a version: `npx tsx scripts/copy-fonts.ts`.
 */
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { SHIPPED_FONT_FAMILIES } from "../src/render/fonts.js";
import { EMOJI_FONT_FILE } from "../src/render/node/emoji-font.js";

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

const emoji = join("node_modules", "twemoji-colr-font");
mkdirSync(join(TARGET, dirname(EMOJI_FONT_FILE)), { recursive: true });
copyFileSync(join(emoji, "twemoji.woff2"), join(TARGET, EMOJI_FONT_FILE));
copyFileSync(join(emoji, "LICENSE"), join(TARGET, dirname(EMOJI_FONT_FILE), "twemoji-LICENSE.txt"));
console.log("Twemoji: colour emoji");
