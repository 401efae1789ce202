/**
 * What the viewer's browser tests need: a Chromium to drive (Debian's by default, or the
 * one `REELKIT_TEST_CHROMIUM` names), and ffmpeg, since the page shows rendered frames
 * and exports. Under CI=true a missing one fails the suite; elsewhere it is skipped,
 * saying why.
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type Browser, launch, type Page } from "puppeteer-core";
import { FFMPEG_NEED } from "../../render/support/ffmpeg.js";
import { describeNeeding } from "../../support/describe-needing.js";

/** Debian's Chromium; `.ci/run` installs it when missing. */
export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** The Chromium the tests drive. */
export const CHROMIUM_PATH = process.env.REELKIT_TEST_CHROMIUM ?? DEFAULT_CHROMIUM_PATH;

/** Where the tests write their screenshots (gitignored). */
export const SCREENSHOT_DIRECTORY = fileURLToPath(
  new URL("../../../test-output/viewer/", import.meta.url),
);

/** Why Chromium cannot be driven, or undefined when it can. */
export function chromiumMissing(): string | undefined {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
    return undefined;
  } catch {
    return `no Chromium at ${CHROMIUM_PATH} (set REELKIT_TEST_CHROMIUM)`;
  }
}

/** `describe` for tests that drive a browser against a rendering host. */
export function describeInBrowser(name: string, suite: () => void): void {
  describeNeeding(name, [FFMPEG_NEED, { part: "Chromium", missing: chromiumMissing() }], suite);
}

/** A headless Chromium with one page of a fixed size. */
export async function openBrowser(): Promise<{ browser: Browser; page: Page }> {
  // Screenshots of an earlier run must not pass for this one's.
  await rm(SCREENSHOT_DIRECTORY, { recursive: true, force: true });
  await mkdir(SCREENSHOT_DIRECTORY, { recursive: true });
  const browser = await launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Containers run tests as root, where Chromium's sandbox cannot start.
    args: ["--no-sandbox", "--autoplay-policy=no-user-gesture-required"],
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  return { browser, page };
}

/**
 * When `REELKIT_VIEWER_README_IMAGE` names a file (`npm run screenshot:viewer` sets
 * `docs/images/viewer.png`), writes the screenshot there at 1024 pixels wide in 96
 * colours, small enough to commit.
 */
export function writeReadmeImage(screenshotPath: string): void {
  const target = process.env.REELKIT_VIEWER_README_IMAGE;
  if (target === undefined || target === "") return;
  const filter =
    "scale=1024:-1:flags=lanczos,split[a][b];[a]palettegen=max_colors=96[p];[b][p]paletteuse=dither=none";
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-i",
    screenshotPath,
    "-vf",
    filter,
    "-frames:v",
    "1",
    target,
  ]);
}
