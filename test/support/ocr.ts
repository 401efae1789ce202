/**
 * Reading text back from pictures with Tesseract (Debian's `tesseract-ocr`), for tests
 * that check what a viewer reads on screen. Tests that need it fail under CI=true when it
 * is missing (`.ci/render-tools.sh` installs it) and skip elsewhere, saying why.
 */
import { execFileSync, spawnSync } from "node:child_process";
import type { Need } from "./describe-needing.js";

function tesseractMissing(): string | undefined {
  const probe = spawnSync("tesseract", ["--version"], { stdio: "ignore" });
  return probe.error !== undefined || probe.status !== 0 ? "tesseract is not installed" : undefined;
}

/** Tesseract, which OCR checks need. */
export const TESSERACT_NEED: Need = { part: "tesseract", missing: tesseractMissing() };

/** How Tesseract reads the picture: one block of text, one line, or one word. */
export type OcrLayout = "block" | "line" | "word";

const PAGE_SEGMENTATION: Readonly<Record<OcrLayout, string>> = {
  block: "6",
  line: "7",
  word: "8",
};

/**
 * The text Tesseract reads in a PNG, in upper case with runs of white space made one
 * space, so tests compare words rather than the engine's line breaks.
 */
export function readText(png: Uint8Array, layout: OcrLayout = "block"): string {
  const output = execFileSync(
    "tesseract",
    ["stdin", "stdout", "--psm", PAGE_SEGMENTATION[layout], "-l", "eng"],
    { input: png, stdio: ["pipe", "pipe", "ignore"] },
  );
  return output.toString("utf8").toUpperCase().replace(/\s+/g, " ").trim();
}
