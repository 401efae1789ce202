// examples/render-frame.ts
import assert from "node:assert/strict";
import { applyOperationsOrThrow, createEditorState, planRender } from "reelkit/editor";
import { createFfmpegRenderer, frameCommand } from "reelkit/render";

// A 1:1 timeline: a rounded plate with a title on it.
const { state } = applyOperationsOrThrow(createEditorState({ aspect_ratio: "1:1" }), [
  {
    type: "add_solid",
    left: 140,
    top: 390,
    width: 800,
    height: 300,
    style: { color: "#1d4ed8", border_radius: 40 },
  },
  { type: "add_text", text: "Spring sale", top: 440, style: { font_size: 120, color: "#ffffff" } },
]);

// Plan one frame, 1.5 s in, 540 pixels wide: a pure value, nothing runs yet.
const planned = planRender(state, { atSeconds: 1.5, width: 540 });
assert.ok(planned.ok);
const plan = planned.value;
assert.deepEqual(
  [plan.width, plan.height, plan.layers.map((layer) => layer.kind)],
  [540, 540, ["solid", "text"]],
);

// The ffmpeg command it becomes (text and solids are drawn by libass from an ASS file).
const command = frameCommand(plan, {
  inputFiles: new Map(),
  inputsWithAudio: new Set(),
  font: { family: "DejaVu Sans", sizePerEm: 1.164, directory: null },
});
assert.equal(command.files[0]?.name, "layers-0.ass");

// Render it. Media would be read through `readMedia` (this timeline has none); without
// ffmpeg installed the renderer answers a failure naming it instead of throwing.
const renderer = createFfmpegRenderer({
  readMedia: async ({ url }) => ({ ok: false, error: `no media at ${url}` }),
});
const frame = await renderer.renderFrame(plan);
if (frame.ok) {
  assert.deepEqual([...frame.value.png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
} else {
  assert.equal(frame.error.code, "renderer_unavailable");
}
