/**
 * The picture of a plan as a filter chain: a canvas of the background colour, then each
 * layer in paint order, media by overlay and runs of solids, text and captions by one
 * `ass` filter each. The graph's clock is output seconds: the canvas's frames are
 * stamped `k / fps`, on the same grid as every layer's frames.
 *
 * @module
 */
import type { PlannedLayer, RenderPlan } from "../../editor/render-plan/types.js";
import { type AssFontSettings, assDocument, type DrawnLayer } from "./ass-document.js";
import type { FilterGraph } from "./graph.js";
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
// after its duration, so the duration ends half a frame after the last one.
function canvas(plan: RenderPlan, format: CanvasFormat): string {
  const duration = decimal((plan.frameCount - 0.5) / plan.fps);
  return `color=c=${hexColor(plan)}:s=${plan.width}x${plan.height}:r=${plan.fps}:d=${duration},format=${format}`;
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
  let run: DrawnLayer[] = [];
  for (const layer of plan.layers) {
    if (isDrawn(layer)) {
      run.push(layer);
      continue;
    }
    if (run.length > 0) below = addDrawnRun(graph, run, plan, below, font);
    run = [];
    below = addMediaLayer(graph, layer, plan, below, format);
  }
  if (run.length > 0) below = addDrawnRun(graph, run, plan, below, font);
  return below;
}
