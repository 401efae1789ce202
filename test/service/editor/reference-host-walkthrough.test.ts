/**
 * The reference host guide's curl walk-through of an editor project, run step by step against the
 * service: each id it pastes is read from the answer the guide says to read it from, so
 * the walk-through never names an id that a step has made stale.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeRendering } from "../../render/support/ffmpeg.js";
import { probe } from "../../support/ffprobe.js";
import { createHarness, type Harness, KEYS } from "../support/harness.js";
import { pngSize, renderingHarness, storedBytes } from "./export-and-frame-support.js";

const GUIDE = readFileSync(
  join(import.meta.dirname, "..", "..", "..", "docs", "reference-host.md"),
  "utf8",
);

/** One curl command of the walk-through, or a variable it asks the reader to paste. */
type Step =
  | { kind: "call"; method: string; path: string; body: unknown }
  | { kind: "paste"; name: string; from: string };

function walkthroughScript(heading = "## Try it with curl"): string {
  const section = GUIDE.slice(GUIDE.indexOf(heading));
  const script = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (script === undefined) throw new Error("The reference host guide has no curl walk-through.");
  return script;
}

// The shell quoting `'"$NAME"'` closes the single-quoted body to expand a variable.
function bodyOf(command: string): unknown {
  const quoted = /-d '([\s\S]*)'\s*$/.exec(command)?.[1];
  return quoted === undefined ? undefined : quoted.replaceAll(`'"$`, "${").replaceAll(`"'`, "}");
}

function steps(script: string): Step[] {
  const found: Step[] = [];
  // Each command runs from `curl` to the first line that does not end in a backslash
  // and closes every quote it opened.
  const commands = script.split(/\n(?=curl |[A-Z]+=)/);
  for (const command of commands) {
    const paste = /^([A-Z]+)=\S+\s+# paste (?:the )?([\w[\].]+)/.exec(command);
    if (paste?.[1] !== undefined && paste[2] !== undefined) {
      found.push({ kind: "paste", name: paste[1], from: paste[2] });
      continue;
    }
    const call = /^curl -s(?: -X (\w+))? "\$BASE([^"]+)"/.exec(command);
    if (call?.[2] === undefined) continue;
    const withoutComments = command
      .split("\n")
      .filter((line) => !line.startsWith("#"))
      .join("\n")
      .trimEnd();
    found.push({
      kind: "call",
      method: call[1] ?? "GET",
      path: call[2],
      body: bodyOf(withoutComments),
    });
  }
  return found;
}

function expand(text: string, variables: Map<string, string>): string {
  return text.replace(/\$\{?([A-Z]+)\}?/g, (_match, name: string) => {
    const value = variables.get(name);
    if (value === undefined) throw new Error(`The walk-through uses $${name} before setting it.`);
    return value;
  });
}

// Reads `item_id`, `video.id` or `operation_results[2].created_item_ids[0]` from an answer.
function read(answer: unknown, path: string): string {
  const value = path
    .split(/[.[\]]/)
    .filter((part) => part !== "")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], answer);
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") throw new Error(`The answer has no ${path}.`);
  return value;
}

let harness: Harness;

beforeEach(async () => {
  harness = await createHarness();
});

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

describe("the reference host guide's editor walk-through", () => {
  it("chains every edit on ids the answers reported", async () => {
    const variables = new Map<string, string>();
    let answer: unknown;
    let editorCalls = 0;
    for (const step of steps(walkthroughScript())) {
      if (step.kind === "paste") {
        // Ids of steps outside the editor (generations) are not followed here.
        if (answer !== undefined) variables.set(step.name, read(answer, step.from));
        continue;
      }
      answer = undefined;
      if (!step.path.startsWith("/editor/")) continue;
      editorCalls += 1;
      const body =
        typeof step.body === "string" ? JSON.parse(expand(step.body, variables)) : undefined;
      const response = await harness.call(step.method, expand(step.path, variables), {
        key: KEYS.acme,
        ...(body === undefined ? {} : { body }),
      });
      expect(response.status, `${step.method} ${step.path}`).toBe(200);
      answer = response.body;
      if (step.path === "/editor/videos") variables.set("VIDEO", String(response.body.video.id));
    }
    // Create, add the clip, edit with a split, and chain on the split's ids.
    expect(editorCalls).toBe(4);
    const project = await harness.call("GET", `/editor/videos/${variables.get("VIDEO")}`, {
      key: KEYS.acme,
    });
    const items = project.body.video.editor.items;
    expect(items[variables.get("ITEM") as string]).toMatchObject({
      enterAnimation: { type: "fade" },
    });
    expect(items[variables.get("TAIL") as string]).toMatchObject({
      exitAnimation: { type: "fade" },
    });
  });
});

describeRendering("the reference host guide's export and preview walk-through", () => {
  it("previews and exports a project built from a clip the host made, every step answering 200", async () => {
    harness = await renderingHarness({ credits: 10_000 });
    const variables = new Map<string, string>();
    // biome-ignore lint/suspicious/noExplicitAny: the walk reads JSON answers by path.
    let answer: any;
    const pngs: Uint8Array[] = [];
    for (const step of steps(walkthroughScript("### Export and preview a timeline"))) {
      if (step.kind === "paste") {
        variables.set(step.name, read(answer, step.from));
        continue;
      }
      // Polling steps see the queued work done, as they would after a wait.
      if (step.method === "GET") await harness.runJobs();
      const body =
        typeof step.body === "string" ? JSON.parse(expand(step.body, variables)) : undefined;
      const response = await harness.call(step.method, expand(step.path, variables), {
        key: KEYS.acme,
        ...(body === undefined ? {} : { body }),
      });
      expect(response.status, `${step.method} ${step.path}: ${JSON.stringify(response.body)}`).toBe(
        200,
      );
      answer = response.body;
      if (response.headers.get("content-type") === "image/png") pngs.push(response.bytes);
    }
    expect(pngs.map(pngSize)).toEqual([
      { width: 540, height: 304 },
      { width: 810, height: 152 },
    ]);
    expect(answer).toMatchObject({ object: "video", status: "completed" });
    const mp4 = probe(await storedBytes(harness, variables.get("EXPORTED") as string), "mp4");
    expect(mp4.streams.find((stream) => stream.codec_type === "video")).toMatchObject({
      width: 1280,
      height: 720,
    });
    expect(mp4.durationSeconds).toBeCloseTo(3, 1);
  });
});

describeRendering("the reference host guide's faceless video walk-through", () => {
  it("makes a playable video from a prompt and opens it as a project, every step answering 200", async () => {
    harness = await renderingHarness({ credits: 10_000 });
    const variables = new Map<string, string>();
    // biome-ignore lint/suspicious/noExplicitAny: the walk reads JSON answers by path.
    let answer: any;
    const heading = "### A faceless video, from a prompt to an editable project";
    for (const step of steps(walkthroughScript(heading))) {
      if (step.kind === "paste") {
        variables.set(step.name, read(answer, step.from));
        continue;
      }
      // Polling steps see the queued work done, as they would after a wait.
      if (step.method === "GET") await harness.runJobs();
      const body =
        typeof step.body === "string" ? JSON.parse(expand(step.body, variables)) : undefined;
      const response = await harness.call(step.method, expand(step.path, variables), {
        key: KEYS.acme,
        ...(body === undefined ? {} : { body }),
      });
      expect(response.status, `${step.method} ${step.path}: ${JSON.stringify(response.body)}`).toBe(
        200,
      );
      answer = response.body;
    }
    expect(answer.video).toMatchObject({ status: "ready", video_type: "faceless_video" });
    expect(answer.video.editor_summary.itemTypes).toMatchObject({ audio: 1, captions: 1 });
    expect(answer.video.editor_summary.itemTypes.image).toBeGreaterThanOrEqual(3);
    const mp4 = probe(await storedBytes(harness, variables.get("MOVIE") as string), "mp4");
    expect(mp4.streams.find((stream) => stream.codec_type === "video")).toMatchObject({
      width: 720,
      height: 1280,
    });
    expect(Math.abs(mp4.durationSeconds - 20)).toBeLessThanOrEqual(5);
  }, 300_000);
});
