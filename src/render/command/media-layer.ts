/**
 * A video, image or GIF layer as an ffmpeg input and a filter chain, overlaid onto the
 * picture below it at the layer's place:
 *
 * 1. seek the input to the source position on screen when the layer first shows;
 * 2. stamp each frame with the time it comes on screen (trim and rate applied), frames
 *    from before the layer shows at its first instant;
 * 3. turn it into one frame per output frame for exactly the layer's visible window:
 *    `fps` rounding up keeps, for each output frame, the last source frame already on
 *    screen; the last frame is held if the source ends early; `trim` ends the window.
 *    The overlay then meets a frame at each of its frames inside the window, none
 *    outside (overlay's own `enable` is unreliable with two inputs: ffmpeg evaluates
 *    it on whichever input's frame arrived last);
 * 4. fit the picture to the box, move the camera, apply opacity and animations.
 *
 * Times are on the graph's clock (see `graph-clock`).
 *
 * @module
 */
import type { MediaLayer, PlannedAnimation, RenderPlan } from "../../editor/render-plan/types.js";
import {
  animationChannel,
  motionOffsetExpression,
  motionScaleExpression,
  quoted,
} from "./expressions.js";
import { type FittedRegion, fittedRegion, type PictureSize } from "./fitted-region.js";
import type { FilterGraph } from "./graph.js";
import { graphOffsetFrames } from "./graph-clock.js";
import { decimal } from "./numbers.js";

/**
 * Source seconds read before the position a layer starts at. ffmpeg's accurate seek drops
 * a frame that starts before the seek point even when it is still on screen there;
 * reading a little earlier keeps it (exact for sources of 4 frames per second or more).
 */
export const SEEK_PREROLL_SECONDS = 0.25;
/**
 * Seconds before a source's known end that a seek stops at: a position past the end
 * (a clip held on its last frame) is read from there, so that frames come at all.
 */
export const SOURCE_END_REWIND_SECONDS = 1;
/** Source seconds read past the end a layer needs, for the frame still on screen there. */
export const SOURCE_TAIL_SECONDS = 0.1;
/**
 * Seconds by which frames are stamped early before `fps` rounds them up onto the output
 * grid, so that a frame due exactly on an output frame, stamped a microsecond late by
 * rounding, still lands on it.
 */
export const STAMP_EPSILON_SECONDS = 0.0001;

/** Pixel formats of the canvas: 4:2:0 for encoded video, 4:4:4 for still pictures. */
export type CanvasFormat = "yuv420p" | "yuv444p";

/** What layers are drawn for: the plan and the pixel format of its canvas. */
export interface PictureTarget {
  /** The plan being drawn. */
  readonly plan: RenderPlan;
  /** The canvas's pixel format. */
  readonly format: CanvasFormat;
  /**
   * The size of each input's pictures, where the runner knows it: such a layer crops
   * its source to what is drawn before it scales it (see `fitted-region`).
   */
  readonly inputSizes?: ReadonlyMap<string, PictureSize>;
}

const SCALE_FLAGS = "bilinear";

function alphaFormat(format: CanvasFormat): string {
  return format === "yuv420p" ? "yuva420p" : "yuva444p";
}

/** The overlay filter's `format` value for a canvas format. */
export function overlayFormat(format: CanvasFormat): string {
  return format === "yuv420p" ? "yuv420" : "yuv444";
}

function whole(value: number): number {
  return Math.max(1, Math.round(value));
}

// How an input is read: its options, the source seconds read before the position on
// screen at the first instant, and whether that position may be past the source's end.
interface SourceRead {
  readonly options: string[];
  readonly prerollSeconds: number;
  readonly pastEnd: boolean;
}

// Seeks the input to the source position on screen at the layer's first visible
// instant, less a preroll; `-t` bounds what is read. A seek past a source's end reads
// nothing at all, so a position past it (a clip held on its last frame) seeks to a
// little before the end: every frame read is then before the position and stamped at
// the first instant, and the last of them, the one held, is on screen.
function inputOptions(layer: MediaLayer, plan: RenderPlan): SourceRead {
  const { source, visible, window } = layer;
  if (source === null) return { options: [], prerollSeconds: 0, pastEnd: false };
  const position =
    source.startSeconds + (visible.startSeconds - window.startSeconds) * source.playbackRate;
  const seekable = source.loopSeconds === null ? position : position % source.loopSeconds;
  const latest = latestSeek(layer, plan);
  const seek = Math.max(0, Math.min(seekable - SEEK_PREROLL_SECONDS, latest));
  const prerollSeconds = seekable - seek;
  const readSeconds =
    prerollSeconds +
    (visible.endSeconds - visible.startSeconds) * source.playbackRate +
    SOURCE_TAIL_SECONDS;
  const options = source.loops ? ["-stream_loop", "-1"] : [];
  if (seek > 0) options.push("-ss", decimal(seek));
  options.push("-t", decimal(readSeconds));
  return { options, prerollSeconds, pastEnd: seekable - SEEK_PREROLL_SECONDS > latest };
}

// The latest seek that still reads frames: before the source's known end, less a
// margin for a picture stream shorter than the file.
function latestSeek(layer: MediaLayer, plan: RenderPlan): number {
  if (layer.source?.loops !== false) return Number.POSITIVE_INFINITY;
  const input = plan.inputs.find((candidate) => candidate.id === layer.inputId);
  const duration = input?.durationSeconds ?? null;
  return duration === null
    ? Number.POSITIVE_INFINITY
    : Math.max(0, duration - SOURCE_END_REWIND_SECONDS);
}

// Frames stamped with the time they come on screen: a source frame `p` seconds after
// the seek point shows `(p - preroll) / rate` seconds after the layer's first visible
// instant; earlier ones (the preroll) are stamped at that instant, the last of them
// being the frame on screen then.
function stamp(layer: MediaLayer, prerollSeconds: number): string {
  const start = decimal(layer.visible.startSeconds);
  // A still's first frame only: an animated file given as an image would otherwise
  // play on past the layer's window.
  if (layer.source === null) return "trim=end_frame=1,settb=AVTB,setpts=0";
  const early = `${decimal(STAMP_EPSILON_SECONDS)}/TB`;
  const rate = decimal(layer.source.playbackRate);
  const onScreen = `(PTS-${decimal(prerollSeconds)}/TB)/${rate}+${start}/TB`;
  return `settb=AVTB,setpts=${quoted(`max(${onScreen},${start}/TB)-${early}`)}`;
}

// One frame per output frame over the visible window. A moving source: for each output
// frame, the last frame already on screen (rounding up), the last one held if the source
// ends early, none after. A still: its one frame repeated, stamped frame by frame.
// When the source may end before the first instant, every frame read (and the end of
// the stream) is stamped at that instant, and `fps` makes no frame of them: one clone
// of the last, which `tpad` stamps a source frame later, carries the stream past it.
function outputFrames(layer: MediaLayer, plan: RenderPlan, pastEnd: boolean): string[] {
  const startPts = Math.round(layer.visible.startSeconds * plan.fps);
  const endPts = Math.round(layer.visible.endSeconds * plan.fps);
  if (layer.source === null) {
    return [
      `loop=loop=${Math.max(0, endPts - startPts - 1)}:size=1:start=0`,
      `settb=1/${plan.fps}`,
      `setpts=${startPts}+N`,
    ];
  }
  return [
    ...(pastEnd ? ["tpad=stop_mode=clone:stop=1"] : []),
    `fps=fps=${plan.fps}:round=up`,
    "tpad=stop_mode=clone:stop=-1",
    `trim=end_pts=${endPts}`,
  ];
}

// Fits the picture to the box: `cover` fills and crops the middle; `contain` fits
// inside, padded with clear pixels to the box when a camera motion moves it.
function fitToBox(layer: MediaLayer, format: CanvasFormat): string[] {
  const width = whole(layer.box.width);
  const height = whole(layer.box.height);
  if (layer.fit === "cover") {
    return [
      `scale=w=${width}:h=${height}:force_original_aspect_ratio=increase:flags=${SCALE_FLAGS}`,
      `crop=${width}:${height}`,
    ];
  }
  const contained = `scale=w=${width}:h=${height}:force_original_aspect_ratio=decrease:flags=${SCALE_FLAGS}`;
  if (layer.motion === null) return [contained];
  return [
    contained,
    `format=${alphaFormat(format)}`,
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black@0`,
  ];
}

// The camera: the part of the box-sized picture in view, zoomed and shifted, stretched
// back over the box by `perspective`, which samples at fractional positions: the picture
// moves a fraction of a pixel each frame instead of a whole (even) pixel every few, as
// a scale to a whole size and a crop at whole offsets would. `perspective` knows no
// time, only the frame's number `in`: the layer has one frame per output frame from its
// first, so the time is that frame's.
function cameraMotion(layer: MediaLayer, plan: RenderPlan): string[] {
  const { motion } = layer;
  if (motion === null) return [];
  const time = `((${Math.round(layer.visible.startSeconds * plan.fps)}+in)/${plan.fps})`;
  const zoom = motionScaleExpression(motion, time);
  // The view's edges: the middle of the box, less half the box over the zoom, shifted
  // against the motion's offset.
  const edge = (axis: "x" | "y", side: -1 | 1) => {
    const half = axis === "x" ? "W/2" : "H/2";
    return `${half}+(${side}*${half}-(${motionOffsetExpression(motion, axis, time)}))/${zoom}`;
  };
  const [left, right, top, bottom] = [edge("x", -1), edge("x", 1), edge("y", -1), edge("y", 1)].map(
    quoted,
  );
  const corners = `x0=${left}:y0=${top}:x1=${right}:y1=${top}:x2=${left}:y2=${bottom}:x3=${right}:y3=${bottom}`;
  return [`perspective=${corners}:sense=source:eval=frame:interpolation=linear`];
}

function fadeDirection(from: number, to: number): "in" | "out" {
  if (from === 0 && to === 1) return "in";
  if (from === 1 && to === 0) return "out";
  throw new Error(`An opacity change from ${from} to ${to} is not a fade.`);
}

// Seconds that move every fade of `fades` to a time of zero or later, in whole output
// frames: `fade` takes no negative time, yet a fade may begin before the graph's zero (on
// a half of a split item placed near the timeline's start, or by up to half a frame when
// the output and composition frame rates differ).
function fadeLeadSeconds(fades: readonly PlannedAnimation[], fps: number): number {
  const earliest = Math.min(0, ...fades.map((fade) => fade.window.startSeconds));
  return Math.ceil(-earliest * fps) / fps;
}

function opacityFilters(layer: MediaLayer, { plan, format }: PictureTarget): string[] {
  const fades = layer.animations.filter(
    (animation) => animation.from.opacity !== animation.to.opacity,
  );
  if (layer.opacity >= 1 && fades.length === 0) return [];
  const filters = [`format=${alphaFormat(format)}`];
  if (layer.opacity < 1) filters.push(`lut=a=${quoted(`val*${decimal(layer.opacity)}`)}`);
  if (fades.length === 0) return filters;
  // The frames are stamped that much later while they fade, then back.
  const leadSeconds = fadeLeadSeconds(fades, plan.fps);
  const lead = `round(${decimal(leadSeconds)}/TB)`;
  if (leadSeconds > 0) filters.push(`setpts=${quoted(`PTS+${lead}`)}`);
  for (const { from, to, window } of fades) {
    const direction = fadeDirection(from.opacity, to.opacity);
    const start = window.startSeconds + leadSeconds;
    const duration = window.endSeconds - window.startSeconds;
    filters.push(`fade=t=${direction}:st=${decimal(start)}:d=${decimal(duration)}:alpha=1`);
  }
  if (leadSeconds > 0) filters.push(`setpts=${quoted(`PTS-${lead}`)}`);
  return filters;
}

function animatedSize(layer: MediaLayer): string[] {
  const scaleX = animationChannel(layer.animations, "scaleX");
  const scaleY = animationChannel(layer.animations, "scaleY");
  if (scaleX === undefined && scaleY === undefined) return [];
  const width = `max(1,round(iw*${scaleX ?? "1"}))`;
  const height = `max(1,round(ih*${scaleY ?? "1"}))`;
  return [`scale=w=${quoted(width)}:h=${quoted(height)}:eval=frame:flags=${SCALE_FLAGS}`];
}

// The source cropped to what is drawn, scaled, and cropped to exactly those pixels.
function regionFilters(region: FittedRegion): string[] {
  const { source, scaled, drawn } = region;
  const filters = [
    `crop=w=${source.width}:h=${source.height}:x=${source.x}:y=${source.y}:exact=1`,
    `scale=w=${scaled.width}:h=${scaled.height}:flags=${SCALE_FLAGS}`,
  ];
  if (
    drawn.x !== 0 ||
    drawn.y !== 0 ||
    drawn.width !== scaled.width ||
    drawn.height !== scaled.height
  ) {
    filters.push(`crop=w=${drawn.width}:h=${drawn.height}:x=${drawn.x}:y=${drawn.y}:exact=1`);
  }
  return filters;
}

// A moving source is reduced to output frames before it is scaled (fewer frames to
// scale); a still is scaled once, turned into the canvas's pixel format once (keeping
// its transparency when it has any), then repeated, so that neither a camera motion's
// scaling nor the overlay converts an RGB picture again on every frame.
function timedFit(
  layer: MediaLayer,
  fitted: readonly string[],
  { plan, format, pastEnd }: { plan: RenderPlan; format: CanvasFormat; pastEnd: boolean },
): string[] {
  const frames = outputFrames(layer, plan, pastEnd);
  if (layer.source !== null) return [...frames, ...fitted];
  return [...fitted, `format=pix_fmts=${format}|${alphaFormat(format)}`, ...frames];
}

// How the layer's picture is fitted: from its known source size when the runner gave
// one, else by scaling the whole source to the box.
function fitting(
  layer: MediaLayer,
  { plan, format, inputSizes }: PictureTarget,
): { filters: string[]; placement: FittedRegion["placement"] } | "invisible" {
  const size = inputSizes?.get(layer.inputId);
  const region = size === undefined ? undefined : fittedRegion(layer, { plan, size });
  if (region === "invisible") return "invisible";
  if (region === undefined) return { filters: fitToBox(layer, format), placement: undefined };
  return { filters: regionFilters(region), placement: region.placement };
}

/** A layer's frames, and where they go when only their visible part is drawn. */
interface LayerPicture {
  readonly label: string;
  readonly placement: FittedRegion["placement"];
}

// Adds the layer's input and filter chain to `graph`; returns the label of its frames,
// or "invisible" when the frame shows none of it. A moving source is reduced to output
// frames before it is scaled (fewer frames to scale); a still is scaled once, then
// repeated.
function addLayerPicture(
  graph: FilterGraph,
  layer: MediaLayer,
  target: PictureTarget,
): LayerPicture | "invisible" {
  const fitted = fitting(layer, target);
  if (fitted === "invisible") return "invisible";
  const { plan, format } = target;
  const read = inputOptions(layer, plan);
  const index = graph.addInput(layer.inputId, read.options, { still: layer.source === null });
  const filters = [
    stamp(layer, read.prerollSeconds),
    ...timedFit(layer, fitted.filters, { plan, format, pastEnd: read.pastEnd }),
    ...cameraMotion(layer, plan),
    ...opacityFilters(layer, target),
    ...animatedSize(layer),
  ];
  const label = graph.label("layer");
  graph.addChain(`[${index}:v]${filters.join(",")}[${label}]`);
  return { label, placement: fitted.placement };
}

// The overlay's position of a picture centred on the layer's box, shifted by slides.
function centredPosition(layer: MediaLayer): { x: string; y: string } {
  const centerX = layer.box.left + layer.box.width / 2;
  const centerY = layer.box.top + layer.box.height / 2;
  const offsetX = animationChannel(layer.animations, "offsetX");
  const offsetY = animationChannel(layer.animations, "offsetY");
  return {
    x: `${decimal(centerX)}-w/2${offsetX === undefined ? "" : `+${offsetX}`}`,
    y: `${decimal(centerY)}-h/2${offsetY === undefined ? "" : `+${offsetY}`}`,
  };
}

function placed(placement: { x: number; y: number }): { x: string; y: string } {
  return { x: String(placement.x), y: String(placement.y) };
}

/**
 * Adds the layer's input and filters to `graph` and overlays it onto the picture
 * labelled `below`; returns the label of the result (`below` itself when the frame
 * shows none of the layer).
 */
export function addMediaLayer(
  graph: FilterGraph,
  { layer, below }: { readonly layer: MediaLayer; readonly below: string },
  target: PictureTarget,
): string {
  const picture = addLayerPicture(graph, layer, target);
  if (picture === "invisible") return below;
  const { x, y } =
    picture.placement === undefined ? centredPosition(layer) : placed(picture.placement);
  const result = graph.label("over");
  graph.addChain(
    `[${below}][${picture.label}]overlay=x=${quoted(x)}:y=${quoted(y)}:eof_action=pass:format=${overlayFormat(target.format)}[${result}]`,
  );
  return result;
}

// Half a pixel: a box this close to the frame's edges covers it once rounded.
const COVER_TOLERANCE_PIXELS = 0.5;

/**
 * True when `layer` hides everything behind it for the whole output: a clip (clips
 * carry no transparency, unlike pictures and GIFs) that fills its box, is opaque, does
 * not animate, covers the frame and shows from the first frame to the last. A camera
 * motion keeps the box filled, so it may move. `layer` is on the graph's clock.
 */
export function coversFrame(layer: MediaLayer, plan: RenderPlan): boolean {
  const { box, visible } = layer;
  const edge = COVER_TOLERANCE_PIXELS;
  return (
    layer.kind === "video" &&
    layer.fit === "cover" &&
    layer.opacity >= 1 &&
    layer.animations.length === 0 &&
    box.left <= edge &&
    box.top <= edge &&
    box.left + box.width >= plan.width - edge &&
    box.top + box.height >= plan.height - edge &&
    Math.round(visible.startSeconds * plan.fps) <= graphOffsetFrames(plan) &&
    Math.round(visible.endSeconds * plan.fps) >= graphOffsetFrames(plan) + plan.frameCount
  );
}

/**
 * Adds a layer that {@link coversFrame} as the canvas itself: its frames, cut to the
 * frame and in the canvas's format. Nothing behind it is drawn, and no overlay is
 * spent on it. Returns the label of the canvas.
 */
export function addMediaCanvas(
  graph: FilterGraph,
  layer: MediaLayer,
  target: PictureTarget,
): string {
  const { plan, format } = target;
  const picture = addLayerPicture(graph, layer, target);
  // A layer that covers the frame always shows some of it.
  if (picture === "invisible") throw new Error("A layer that covers the frame is visible.");
  const width = whole(layer.box.width);
  const height = whole(layer.box.height);
  // The overlay would put the layer's left edge at centre - width / 2: the frame starts
  // that far inside the layer. A picture cropped to its visible part starts where it is
  // placed, which for a layer covering the frame is its corner.
  const { x, y } =
    picture.placement === undefined
      ? {
          x: Math.round(width / 2 - (layer.box.left + layer.box.width / 2)),
          y: Math.round(height / 2 - (layer.box.top + layer.box.height / 2)),
        }
      : { x: -picture.placement.x, y: -picture.placement.y };
  const sized = picture.placement !== undefined || (width === plan.width && height === plan.height);
  const cut = sized && x === 0 && y === 0 ? "" : `crop=${plan.width}:${plan.height}:${x}:${y},`;
  const canvas = graph.label("canvas");
  graph.addChain(`[${picture.label}]${cut}format=${format}[${canvas}]`);
  return canvas;
}
