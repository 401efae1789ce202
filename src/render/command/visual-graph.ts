/**
 * The picture of a plan as a filter chain: a canvas of the background colour, then each
 * layer in paint order, media by overlay and runs of solids, text and captions by one
 * `ass` filter each. The canvas's frames are stamped on the graph's clock (see
 * `graph-clock`), on the same frame grid as every layer's frames.
 *
 * @module
 */
import type { PlannedLayer, RenderPlan } from "../../editor/render-plan/types.js";
import { type AssFontSettings, assDocumentLines, type DrawnLayer } from "./ass-document.js";
import type { FilterGraph } from "./graph.js";
import { graphOffsetFrames, shiftLayer } from "./graph-clock.js";
import {
  addMediaCanvas,
  addMediaLayer,
  type CanvasFormat,
  coversFrame,
  type PictureTarget,
} from "./media-layer.js";
import { decimal } from "./numbers.js";

/** How text is set, and where extra fonts live. */
export interface FontSettings extends AssFontSettings {
  /** A directory of font files libass reads besides the system's fonts, or null. */
  readonly directory: string | null;
}

/** The picture to draw: the plan, its canvas's pixel format, and how text is set. */
export interface PictureRequest extends PictureTarget {
  /** How text is set. */
  readonly font: FontSettings;
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

// Draws a run of solids, text and captions onto the picture labelled `below` with one
// `ass` filter; returns the label of the result.
function addDrawnRun(
  graph: FilterGraph,
  { run, below }: { readonly run: readonly DrawnLayer[]; readonly below: string },
  { plan, font }: PictureRequest,
): string {
  const name = graph.addFile("layers", "ass", () => assDocumentLines(run, plan, font));
  const fontsDirectory =
    font.directory === null ? "" : `:fontsdir=${escapeFilterPath(font.directory)}`;
  const result = graph.label("drawn");
  graph.addChain(`[${below}]ass=filename=${name}${fontsDirectory}[${result}]`);
  return result;
}

// The plan's layers on the graph's clock.
function layersOnClock(plan: RenderPlan): PlannedLayer[] {
  const offsetSeconds = graphOffsetFrames(plan) / plan.fps;
  return offsetSeconds === 0
    ? [...plan.layers]
    : plan.layers.map((layer) => shiftLayer(layer, offsetSeconds));
}

// The front-most layer that hides everything behind it for the whole output, if any.
function hidingLayer(layers: readonly PlannedLayer[], plan: RenderPlan): number {
  for (let index = layers.length - 1; index >= 0; index -= 1) {
    const layer = layers[index];
    if (layer !== undefined && !isDrawn(layer) && coversFrame(layer, plan)) return index;
  }
  return -1;
}

/**
 * Adds the plan's picture to `graph` and returns the label of its output: `frameCount`
 * frames stamped from zero. A clip that covers the whole frame for the whole output
 * becomes the canvas itself, and what it hides is not drawn.
 */
export function addPicture(graph: FilterGraph, request: PictureRequest): string {
  const { plan, format } = request;
  const layers = layersOnClock(plan);
  const hiding = hidingLayer(layers, plan);
  const base = layers[hiding];
  let below: string;
  if (base !== undefined && !isDrawn(base)) {
    below = addMediaCanvas(graph, base, request);
  } else {
    below = graph.label("canvas");
    graph.addChain(`${canvas(plan, format)}[${below}]`);
  }
  let run: DrawnLayer[] = [];
  for (const layer of layers.slice(hiding + 1)) {
    if (isDrawn(layer)) {
      run.push(layer);
      continue;
    }
    if (run.length > 0) below = addDrawnRun(graph, { run, below }, request);
    run = [];
    below = addMediaLayer(graph, { layer, below }, request);
  }
  if (run.length > 0) below = addDrawnRun(graph, { run, below }, request);
  if (graphOffsetFrames(plan) === 0) return below;
  const picture = graph.label("picture");
  graph.addChain(`[${below}]setpts=PTS-STARTPTS[${picture}]`);
  return picture;
}
