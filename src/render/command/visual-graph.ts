/**
 * The picture of a plan as a filter chain: a canvas of the background colour, then each
 * layer in paint order, media by overlay and runs of solids, text and captions by one
 * `ass` filter each. The canvas's frames are stamped on the graph's clock (see
 * `graph-clock`), on the same frame grid as every layer's frames.
 *
 * @module
 */
import type { PlannedLayer, RenderPlan } from "../../editor/render-plan/types.js";
import { type AssFontSettings, assDocument, type DrawnLayer } from "./ass-document.js";
import type { FilterGraph } from "./graph.js";
import { graphOffsetFrames, shiftLayer } from "./graph-clock.js";
import { addMediaLayer, type CanvasFormat } from "./media-layer.js";
import { decimal } from "./numbers.js";

/** How text is set, and where extra fonts live. */
export interface FontSettings extends AssFontSettings {
  /** A directory of font files libass reads besides the system's fonts, or null. */
  readonly directory: string | null;
}

function hexColor(plan: RenderPlan): string {
  const { red, green, blue } = plan.background;
  return `0x${[red, green, blue].map((value) => value.toString(16).padStart(2, "0")).join("")}`;
}

// Exactly `frameCount` frames: the colour source stops once a frame would start at or
// after its duration, so the duration ends half a frame after the last one. Its time
// base is one output frame, so the shift onto the graph's clock is exact.
function canvas(plan: RenderPlan, format: CanvasFormat): string {
  const duration = decimal((plan.frameCount - 0.5) / plan.fps);
  const shift = graphOffsetFrames(plan);
  const stamped = shift === 0 ? "" : `,setpts=PTS+${shift}`;
  return `color=c=${hexColor(plan)}:s=${plan.width}x${plan.height}:r=${plan.fps}:d=${duration},format=${format}${stamped}`;
}

function isDrawn(layer: PlannedLayer): layer is DrawnLayer {
  return layer.kind === "solid" || layer.kind === "text" || layer.kind === "captions";
}

function escapeFilterPath(path: string): string {
  return path.replaceAll("\\", "\\\\\\\\").replaceAll("'", "\\\\\\'").replaceAll(":", "\\\\:");
}

function addDrawnRun(
  graph: FilterGraph,
  run: readonly DrawnLayer[],
  plan: RenderPlan,
  below: string,
  font: FontSettings,
): string {
  const name = graph.addFile("layers", "ass", assDocument(run, plan, font));
  const fontsDirectory =
    font.directory === null ? "" : `:fontsdir=${escapeFilterPath(font.directory)}`;
  const result = graph.label("drawn");
  graph.addChain(`[${below}]ass=filename=${name}${fontsDirectory}[${result}]`);
  return result;
}

/**
 * Adds the plan's picture to `graph` and returns the label of its output: `frameCount`
 * frames stamped from zero.
 */
export function addPicture(
  graph: FilterGraph,
  plan: RenderPlan,
  format: CanvasFormat,
  font: FontSettings,
): string {
  let below = graph.label("canvas");
  graph.addChain(`${canvas(plan, format)}[${below}]`);
  const offsetSeconds = graphOffsetFrames(plan) / plan.fps;
  let run: DrawnLayer[] = [];
  for (const planned of plan.layers) {
    const layer = offsetSeconds === 0 ? planned : shiftLayer(planned, offsetSeconds);
    if (isDrawn(layer)) {
      run.push(layer);
      continue;
    }
    if (run.length > 0) below = addDrawnRun(graph, run, plan, below, font);
    run = [];
    below = addMediaLayer(graph, layer, plan, below, format);
  }
  if (run.length > 0) below = addDrawnRun(graph, run, plan, below, font);
  if (offsetSeconds === 0) return below;
  const picture = graph.label("picture");
  graph.addChain(`[${below}]setpts=PTS-STARTPTS[${picture}]`);
  return picture;
}
