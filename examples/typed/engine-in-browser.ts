// examples/typed/engine-in-browser.ts
// Not run: an editor UI's code, with the UI's own state and renderer.
import {
  applyOperations,
  type EditOperation,
  type EditorState,
  type EditorSummary,
  summarizeEditor,
} from "reelkit/editor";

declare const state: EditorState; // the project as last read
declare const operations: EditOperation[]; // what the user just did
declare const id: string; // the project's id
declare function render(state: EditorState, summary: EditorSummary): void; // your UI

const local = applyOperations(state, operations);
if (local.ok) render(local.value.state, summarizeEditor(local.value.state));
await fetch(`/v1/editor/videos/${id}`, { method: "PATCH", body: JSON.stringify({ operations }) });
