import { join } from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import {
  createRenderingProject,
  type HostClient,
  hostClient,
  instantJobsSetup,
  type Json,
  type RenderingProject,
} from "../host/support/rendering-project.js";
import {
  describeInBrowser,
  openBrowser,
  SCREENSHOT_DIRECTORY,
  writeReadmeImage,
} from "./support/browser.js";

const KEY = "rk_test_viewer_key";
const TYPE_LABELS: Readonly<Record<string, string>> = {
  video: "Video",
  text: "Text",
  solid: "Solid",
};

/** The rendering project with one more edit on top, for the page to undo. */
async function seedProject(client: HostClient): Promise<RenderingProject> {
  const project = await createRenderingProject(client, "Cold brew cut");
  await client.call("PATCH", `/editor/videos/${project.id}`, {
    instructions: "A closing line",
    operations: [{ type: "add_text", text: "Iced", from_seconds: 2, duration_seconds: 1 }],
  });
  return project;
}

/**
 * What the page draws: each track row's id and its items' ids, types, type labels and
 * names, top first.
 */
function drawnTracks(page: Page) {
  return page.$$eval("#tracks .track", (rows) =>
    rows.map((row) => ({
      id: row.getAttribute("data-track-id"),
      items: [...row.querySelectorAll(".item")].map((item) => ({
        id: item.getAttribute("data-item-id"),
        type: item.getAttribute("data-item-type"),
        label: item.querySelector(".item-type")?.textContent,
        name: item.querySelector(".item-name")?.textContent,
      })),
    })),
  );
}

/** What a person should read on an item: its text, its colour, its media's file name. */
function expectedName(item: Json, assets: Json): string {
  if (item.type === "text") return item.text;
  if (item.type === "solid") return item.style.color;
  const asset = assets[item.assetId];
  return asset.name ?? decodeURIComponent(new URL(asset.url).pathname.split("/").at(-1) ?? "");
}

/** The editor state of the project at `revision`, as the API answers it. */
async function editorAt(client: HostClient, id: number, revision: number): Promise<Json> {
  const { video } = await client.call("GET", `/editor/videos/${id}?revision=${revision}`);
  return video.editor;
}

/** The decoded RGBA pixels of the frame image the page shows (drawn on a canvas). */
async function shownPixels(page: Page): Promise<Buffer> {
  const base64 = await page.$eval("#frame", (image) => {
    const picture = image as HTMLImageElement;
    const canvas = document.createElement("canvas");
    canvas.width = picture.naturalWidth;
    canvas.height = picture.naturalHeight;
    const context = canvas.getContext("2d");
    if (context === null) throw new Error("No 2D canvas.");
    context.drawImage(picture, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let text = "";
    for (const byte of data) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, "base64");
}

function differingPixels(first: Buffer, second: Buffer): number {
  let count = 0;
  for (let offset = 0; offset < first.length; offset += 4) {
    if (first.readUInt32BE(offset) !== second.readUInt32BE(offset)) count += 1;
  }
  return count;
}

function waitForText(page: Page, selector: string, text: string) {
  return page.waitForFunction(
    (css, expected) => document.querySelector(css)?.textContent?.includes(expected) === true,
    {},
    selector,
    text,
  );
}

describeInBrowser("the timeline viewer in a real browser", () => {
  let host: RunningHost;
  let client: HostClient;
  let browser: Browser;
  let page: Page;
  let project: RenderingProject;
  const pageProblems: string[] = [];
  let step = 0;

  async function screenshot(name: string): Promise<string> {
    step += 1;
    const path = join(SCREENSHOT_DIRECTORY, `${String(step).padStart(2, "0")}-${name}.png`);
    await page.screenshot({ path, fullPage: true });
    return path;
  }

  beforeAll(async () => {
    host = await startHost({ port: 0, host: "127.0.0.1", setup: instantJobsSetup(KEY) });
    client = hostClient(host, KEY);
    project = await seedProject(client);
    ({ browser, page } = await openBrowser());
    // A CSP violation or a script error shows up here; the page must cause none.
    page.on("console", (message) => {
      if (message.type() === "error") pageProblems.push(message.text());
    });
    page.on("pageerror", (error) => pageProblems.push(String(error)));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it("serves the page to a browser and refuses a wrong key with the API's message", async () => {
    const response = await page.goto(`${host.origin}/`);
    expect(response?.headers()["content-type"]).toBe("text/html; charset=utf-8");
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await page.type("#api-key", "rk_not_a_key");
    await page.click("#sign-in-form button[type=submit]");
    await page.waitForSelector("#error:not([hidden])");
    const refused = await fetch(`${host.origin}/v1/credits`, {
      headers: { authorization: "Bearer rk_not_a_key" },
    });
    const { error } = (await refused.json()) as Json;
    expect(await page.$eval("#error", (box) => box.textContent)).toBe(
      `${error.message} (${error.code})`,
    );
    await screenshot("wrong-key");
  });

  it("signs in and shows the workspace: credits, projects, videos and generations", async () => {
    await page.$eval("#api-key", (input) => {
      (input as HTMLInputElement).value = "";
    });
    await page.type("#api-key", KEY);
    await page.keyboard.press("Enter");
    await page.waitForSelector(`#projects [data-project-id="${project.id}"]`);
    const balance = await client.call("GET", "/credits");
    await waitForText(page, "#credits", `${balance.available} available`);
    expect(await page.evaluate(() => sessionStorage.getItem("reelkit.viewer.apiKey"))).toBe(KEY);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await page.type("#watch-id", project.generationId);
    await page.keyboard.press("Enter");
    await waitForText(page, "#recent", `Generation ${project.generationId} completed`);
    await waitForText(page, "#recent", `Video #${project.id} ready`);
    await screenshot("workspace");
  });

  it("opens a project and draws its items on their tracks, front track on top", async () => {
    await page.click(`#projects [data-project-id="${project.id}"]`);
    await waitForText(page, "#project-heading", "Cold brew cut");
    const { video } = await client.call("GET", `/editor/videos/${project.id}`);
    const expected = video.editor.tracks.map((track: Json) => ({
      id: track.id,
      items: track.items.map((itemId: string) => {
        const item = video.editor.items[itemId];
        const name = expectedName(item, video.editor.assets);
        return { id: itemId, type: item.type, label: TYPE_LABELS[item.type], name };
      }),
    }));
    await page.waitForSelector("#frame:not([hidden])");
    const drawn = await drawnTracks(page);
    expect(drawn).toEqual(expected);
    const items = drawn.flatMap((track) => track.items);
    expect(items.map((item) => item.type)).toEqual(
      expect.arrayContaining(["video", "solid", "text"]),
    );
    // Each item reads as what it shows, never as its random id.
    expect(items.map((item) => item.name)).toEqual(
      expect.arrayContaining(["Cold brew", "#ff0000", expect.stringMatching(/\.mp4$/)]),
    );
    for (const item of items) expect(item.name).not.toContain(item.id);
    await screenshot("project");
  });

  it("puts the open project in the address: a reload or the link in a new tab opens it", async () => {
    const link = `#/videos/${project.id}`;
    expect(await page.evaluate(() => location.hash)).toBe(link);
    expect(await page.$eval("#project-link", (anchor) => anchor.getAttribute("href"))).toBe(link);
    await page.reload();
    await waitForText(page, "#project-heading", "Cold brew cut");
    await page.waitForSelector("#frame:not([hidden])");
    expect(await page.evaluate(() => location.hash)).toBe(link);
    // A shared link: a new tab has no key (it stays in the first tab's session storage),
    // signs in, and opens the project.
    const shared = await browser.newPage();
    try {
      await shared.goto(`${host.origin}/${link}`);
      await shared.waitForSelector("#sign-in:not([hidden])");
      expect(await shared.evaluate(() => sessionStorage.length)).toBe(0);
      await shared.type("#api-key", KEY);
      await shared.keyboard.press("Enter");
      await waitForText(shared, "#project-heading", "Cold brew cut");
    } finally {
      await shared.close();
    }
    await screenshot("reloaded");
  });

  it("opens an item's fields with the keyboard", async () => {
    const { video } = await client.call("GET", `/editor/videos/${project.id}`);
    const [titleId] = Object.entries(video.editor.items).find(
      ([, item]) => (item as Json).text === "Cold brew",
    ) as [string, Json];
    await page.focus(`.item[data-item-id="${titleId}"]`);
    await page.keyboard.press("Enter");
    await waitForText(page, "#item-heading", "Text: Cold brew");
    const fields = await page.$$eval("#item-fields dt, #item-fields dd", (cells) =>
      cells.map((cell) => cell.textContent),
    );
    expect(fields).toEqual(expect.arrayContaining(["id", titleId, "from_seconds", "0.5"]));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("item-heading");
    await screenshot("item-fields");
  });

  it("scrubs the playhead with the keyboard and shows the frame at the new time", async () => {
    await page.waitForFunction(() => document.querySelector("#frame")?.getAttribute("src"));
    const before = await shownPixels(page);
    expect(await page.$eval("#frame", (image) => image.getAttribute("data-at-seconds"))).toBe("0");
    await page.focus("#playhead");
    for (let press = 0; press < 2; press += 1) await page.keyboard.press("PageUp");
    await page.waitForFunction(
      () => document.querySelector("#frame")?.getAttribute("data-at-seconds") === "2",
    );
    expect(await page.$eval("#playhead-time", (output) => output.textContent)).toBe("2.00 s");
    const after = await shownPixels(page);
    // 480 x 270: the same size, and a visible share of it changed (the titles that show
    // at 2 s; the generated clip is a still card).
    expect([before.length, after.length]).toEqual([480 * 270 * 4, 480 * 270 * 4]);
    expect(differingPixels(before, after)).toBeGreaterThan(480 * 270 * 0.005);
    await screenshot("scrubbed");
  });

  it("undoes the latest edit and shows the timeline without it", async () => {
    const itemsBefore = await page.$$eval(".item", (items) => items.length);
    await waitForText(page, "#history", "A closing line");
    await page.click("#undo");
    await waitForText(page, "#history li:first-child", "undo");
    const { video } = await client.call("GET", `/editor/videos/${project.id}`);
    // The row names the revision whose content the project now holds: the one before
    // the edit it reverted.
    const { revisions } = await client.call("GET", `/editor/videos/${project.id}/revisions`);
    const undone: number = revisions[0].target_revision;
    const row = await page.$eval("#history li:first-child", (item) => ({
      restores: item.getAttribute("data-restores"),
      text: item.textContent,
    }));
    expect(row).toEqual({
      restores: String(undone - 1),
      text: `Revision ${video.revision} · undo · reverted revision ${undone}: the content of revision ${undone - 1}`,
    });
    expect(await editorAt(client, project.id, undone - 1)).toEqual(video.editor);
    expect(await page.$$eval(".item", (items) => items.length)).toBe(itemsBefore - 1);
    expect(
      await page.$$eval(".item", (items) => items.map((item) => item.textContent)),
    ).not.toContain("Text Iced");
    expect(await page.$eval("#project-meta", (meta) => meta.textContent)).toContain(
      `revision ${video.revision}`,
    );
    await screenshot("undone");
  });

  it("shows the API's message when there is nothing to redo twice", async () => {
    await page.click("#redo");
    await waitForText(page, "#history li:first-child", "redo");
    // A redo makes its target's change again: the project holds that revision's content.
    const { video } = await client.call("GET", `/editor/videos/${project.id}`);
    const { revisions } = await client.call("GET", `/editor/videos/${project.id}/revisions`);
    const redone: number = revisions[0].target_revision;
    expect(await page.$eval("#history li:first-child", (item) => item.textContent)).toBe(
      `Revision ${video.revision} · redo · made again revision ${redone}: the content of revision ${redone}`,
    );
    expect(await editorAt(client, project.id, redone)).toEqual(video.editor);
    await page.click("#redo");
    await waitForText(page, "#error", "nothing_to_redo");
    await screenshot("nothing-to-redo");
  });

  it("exports the project and plays the MP4 in a video element", async () => {
    await page.select("#export-resolution", "480p");
    await page.click("#export");
    await page.waitForFunction(
      () => {
        const video = document.querySelector("#export-video") as HTMLVideoElement | null;
        return video !== null && !video.hidden && video.readyState >= 2;
      },
      { timeout: 90_000 },
    );
    const exported = await client.call("GET", `/videos/${project.id}`);
    expect(exported.status).toBe("completed");
    expect(await page.$eval("#export-video", (video) => (video as HTMLVideoElement).src)).toBe(
      exported.url,
    );
    const { video } = await client.call("GET", `/editor/videos/${project.id}`);
    expect(await page.$eval("#export-status", (status) => status.textContent)).toBe(
      `Export of revision ${video.revision} completed: the current timeline.`,
    );
    // The failed redo's message went away with the next thing asked for.
    expect(await page.$eval("#error", (box) => (box as HTMLElement).hidden)).toBe(true);
    writeReadmeImage(await screenshot("exported"));
    // Rendering competes for two cores with every other suite under npm test.
  }, 120_000);

  it("says when the project has moved past the export on screen", async () => {
    const { video } = await client.call("GET", `/editor/videos/${project.id}`);
    // Someone else (an agent) edits the project; the page sees it on its next poll.
    await client.call("PATCH", `/editor/videos/${project.id}`, {
      operations: [{ type: "add_text", text: "Later", from_seconds: 0, duration_seconds: 1 }],
    });
    await waitForText(page, "#project-meta", `revision ${video.revision + 1}`);
    expect(await page.$eval("#export-status", (status) => status.textContent)).toBe(
      `Export of revision ${video.revision} completed. The project has moved on to revision ${video.revision + 1} since: export again for the current timeline.`,
    );
    expect(await page.$eval("#export-status", (status) => status.className)).toBe("stale");
    // The file is still there to watch.
    expect(await page.$eval("#export-video", (player) => (player as HTMLVideoElement).hidden)).toBe(
      false,
    );
    await screenshot("export-outdated");
  });

  it("shows the project on a 420-pixel phone: tracks scroll sideways, panels stack", async () => {
    await page.setViewport({ width: 420, height: 900 });
    try {
      await page.reload();
      await waitForText(page, "#project-heading", "Cold brew cut");
      await page.waitForSelector("#frame:not([hidden])");
      const layout = await page.evaluate(() => {
        const box = (selector: string) => {
          const rect = document.querySelector(selector)?.getBoundingClientRect();
          return rect === undefined
            ? null
            : { left: rect.left, right: rect.right, width: rect.width };
        };
        const timeline = document.querySelector("#timeline") as HTMLElement;
        return {
          pageWidth: document.documentElement.scrollWidth,
          bodyWidth: document.body.scrollWidth,
          viewport: document.documentElement.clientWidth,
          timeline: box("#timeline"),
          timelineScrolls: timeline.scrollWidth > timeline.clientWidth,
          items: document.querySelectorAll("#tracks .item").length,
          panels: [...document.querySelectorAll(".panel")].map(
            (panel) => panel.getBoundingClientRect().left,
          ),
        };
      });
      expect(layout.pageWidth).toBeLessThanOrEqual(layout.viewport);
      expect(layout.bodyWidth).toBeLessThanOrEqual(layout.viewport);
      expect(layout.timeline?.width).toBeGreaterThan(300);
      expect(layout.timeline?.left).toBeGreaterThanOrEqual(0);
      expect(layout.timeline?.right).toBeLessThanOrEqual(layout.viewport);
      expect(layout.timelineScrolls).toBe(true);
      expect(layout.items).toBeGreaterThan(0);
      // One column: every panel starts at the same left edge.
      expect(new Set(layout.panels).size).toBe(1);
      await screenshot("phone");
    } finally {
      await page.setViewport({ width: 1280, height: 900 });
    }
  });

  it("serves its icon at /favicon.ico, which the browser draws", async () => {
    const size = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const icon = new Image();
          icon.onload = () => resolve(icon.naturalWidth);
          icon.onerror = () => reject(new Error("The icon did not load."));
          icon.src = "/favicon.ico";
        }),
    );
    expect(size).toBe(32);
    expect(await page.$eval('link[rel="icon"]', (link) => (link as HTMLLinkElement).href)).toBe(
      `${host.origin}/favicon.ico`,
    );
  });

  it("signs out, forgetting the key, and signs out by itself when a kept key stops working", async () => {
    await page.click("#sign-out");
    await page.waitForSelector("#sign-in:not([hidden])");
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.evaluate(() => sessionStorage.setItem("reelkit.viewer.apiKey", "rk_gone_key"));
    await page.reload();
    await page.waitForSelector("#error:not([hidden])");
    await page.waitForSelector("#sign-in:not([hidden])");
    expect(await page.$eval("#workspace", (workspace) => (workspace as HTMLElement).hidden)).toBe(
      true,
    );
    expect(await page.evaluate(() => sessionStorage.getItem("reelkit.viewer.apiKey"))).toBeNull();
    await screenshot("key-stopped-working");
  });

  it("caused no script error or policy violation", () => {
    expect(pageProblems.filter((problem) => !problem.includes("Failed to load resource"))).toEqual(
      [],
    );
  });
});
