import { describe, expect, it } from "vitest";
import { BROWSER, bundle, kilobytes, packagesIn } from "./support.js";

// The budget of an editor UI that applies edits in the browser: the engine must stay a
// small fraction of a page, which zod or a Node polyfill would break at once.
const EDITOR_GZIP_BUDGET_BYTES = 20 * 1024;

const EDITOR_USE = `
import { applyOperations, createEditorState, summarizeEditor } from "reelkit/editor";
const result = applyOperations(createEditorState(), [
  { type: "add_text", text: "Hello", from_seconds: 0, duration_seconds: 2 },
]);
console.log(result.ok ? summarizeEditor(result.state) : result.error);
`;

describe("reelkit/editor in a browser bundle", () => {
  it("bundles the engine without zod or Node, under the size budget", async () => {
    const report = await bundle(EDITOR_USE, BROWSER);
    console.log(
      `reelkit/editor (createEditorState + applyOperations + summarizeEditor), browser: ` +
        `${kilobytes(report.minifiedBytes)} minified, ${kilobytes(report.gzippedBytes)} gzip`,
    );
    expect([...packagesIn(report)].sort()).toEqual(["immer", "src"]);
    expect(report.gzippedBytes).toBeLessThan(EDITOR_GZIP_BUDGET_BYTES);
  });
});
