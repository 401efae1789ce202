/**
 * Copies the fonts reelkit ships from their `@fontsource` packages (development
 * dependencies) into `fonts/`, which the package publishes: the Latin subset of each
 * upright weight that `SHIPPED_FONT_FAMILIES` lists, as WOFF2 (FreeType, and so libass,
 * reads it), and each family's licence. The folder is flat: libass loads the fonts of one
 * directory, not of its subfolders. The colour emoji font (Twemoji as a COLR font, from
 * `twemoji-colr-font`) and its licence go in `fonts/emoji/`, out of libass's reach: its
 * emoji are drawn as shapes, not set as text. It is shipped as the TrueType font its WOFF2
 * file holds (decompressed with `wawoff2`, Google's woff2 decoder): 1.4 MB instead of 476 KB,
 * but fontkit reads it without decompressing Brotli in JavaScript, which held the host's
 * event loop for most of a second on the first emoji a process drew.
 *
 * Run after changing a family or a version: `npx tsx scripts/copy-fonts.ts`.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import decompress from "wawoff2/decompress.js";
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
writeFileSync(
  join(TARGET, EMOJI_FONT_FILE),
  await decompress(readFileSync(join(emoji, "twemoji.woff2"))),
);
copyFileSync(join(emoji, "LICENSE"), join(TARGET, dirname(EMOJI_FONT_FILE), "twemoji-LICENSE.txt"));
console.log("Twemoji: colour emoji");
