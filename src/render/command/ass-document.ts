/**
 * Solids, text and captions as one ASS subtitle document, drawn by libass through
 * ffmpeg's `ass` filter: libass wraps text in its box with real font metrics, draws
 * outlines, boxes behind text, rounded and rotated shapes, and animates position, size
 * and alpha from one frame to the next.
 *
 * Every event is positioned (`\pos` or `\move`), so libass never shifts events to avoid
 * each other; the event's `Layer` keeps the plan's paint order. Times are output
 * seconds, the graph's clock; events are cut to the rendered range, so none is negative.
 *
 * @module
 */
import { layerPoseAt } from "../../editor/render-plan/pose.js";
import type {
  CaptionsLayer,
  LayerPose,
  PlannedTextStyle,
  RenderPlan,
  RgbaColor,
  SolidLayer,
  TextLayer,
  TimeWindow,
} from "../../editor/render-plan/types.js";
import { assAlpha, assColor, assName, assStyleColor, assText, assTime } from "./ass-format.js";
import { decimal } from "./numbers.js";
import { poseBreakpoints, poseBreakpointsCountMax } from "./pose-segments.js";

/** A layer libass draws. */
export type DrawnLayer = SolidLayer | TextLayer | CaptionsLayer;

/** How text is set. */
export interface AssFontSettings {
  /** Font family of text whose style names none (fontconfig resolves it). */
  readonly family: string;
  /**
   * ASS font size per pixel of em size: libass sizes a font by its ascent plus descent,
   * CSS by its em, so a CSS size is multiplied by the font's (ascent + descent) / em.
   */
  readonly sizePerEm: number;
}

/** What a document needs from the plan. */
export type AssPlanFrame = Pick<RenderPlan, "width" | "height" | "fps">;

// One drawn stretch: what it shows (ASS dialogue text without the leading tags).
interface Piece {
  readonly window: TimeWindow;
  readonly body: string;
}

const STYLE_FORMAT =
  "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding";
const EVENT_FORMAT =
  "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text";
const CLEAR: RgbaColor = { red: 0, green: 0, blue: 0, alpha: 0 };
// ASS numbers of the alignments used: middle row, left / centre / right.
const ALIGNMENT = { left: 4, center: 5, right: 6 } as const;
const BOLD_WEIGHT_MIN = 600;
// Pixel shifts below this are drawn as a still `\pos`.
const STILL_PIXELS = 0.01;

// Where an event starts or ends: half an output frame before the instant, in whole
// centiseconds, so the frame at the instant is in and the one before is out (exact up
// to 100 fps, where half a frame still exceeds the rounding).
function centisecondsAt(frame: AssPlanFrame, outputSeconds: number): number {
  return Math.max(0, Math.round((outputSeconds - 0.5 / frame.fps) * 100));
}

/** How a text layer's box behind the words is drawn (libass border styles). */
type BorderStyle = 1 | 3 | 4;

function borderStyleOf(style: PlannedTextStyle, highlightBox: boolean): BorderStyle {
  if (highlightBox) return 3;
  return style.background === null ? 1 : 4;
}

function hasHighlightBox(layer: DrawnLayer): boolean {
  return layer.kind === "captions" && (layer.highlight?.backgroundColor ?? null) !== null;
}

function textAnchor(layer: TextLayer | CaptionsLayer): { x: number; y: number } {
  const { box, style } = layer;
  const padding = style.background?.horizontalPaddingPixels ?? 0;
  const y = box.top + box.height / 2;
  if (style.align === "left") return { x: box.left + padding, y };
  if (style.align === "right") return { x: box.left + box.width - padding, y };
  return { x: box.left + box.width / 2, y };
}

function anchorOf(layer: DrawnLayer): { x: number; y: number } {
  if (layer.kind === "solid") {
    return { x: layer.box.left + layer.box.width / 2, y: layer.box.top + layer.box.height / 2 };
  }
  return textAnchor(layer);
}

// Wrapping width comes from the margins: text wraps at the box width less its padding.
function marginsOf(layer: DrawnLayer, frameWidth: number): { left: number; right: number } {
  if (layer.kind === "solid") return { left: 0, right: 0 };
  const padding = layer.style.background?.horizontalPaddingPixels ?? 0;
  const wrapWidth = Math.max(1, layer.box.width - 2 * padding);
  return wrapWidth >= frameWidth
    ? { left: 0, right: 0 }
    : { left: 0, right: Math.round(frameWidth - wrapWidth) };
}

// A layer as the document names it: its style's name and its ASS layer number (paint
// order, back first).
interface NamedLayer {
  readonly layer: DrawnLayer;
  readonly layerNumber: number;
  readonly styleName: string;
}

function styleLine(
  { layer, styleName: name }: NamedLayer,
  frame: AssPlanFrame,
  font: AssFontSettings,
): string {
  const margins = marginsOf(layer, frame.width);
  if (layer.kind === "solid") {
    const fill = assStyleColor(layer.color);
    return `Style: ${name},${assName(font.family)},20,${fill},${fill},${fill},${fill},0,0,0,0,100,100,0,0,1,0,0,5,0,0,0,1`;
  }
  const { style } = layer;
  const highlightBox = hasHighlightBox(layer);
  const border = borderStyleOf(style, highlightBox);
  const outlineColor =
    border === 3 ? (style.background?.color ?? CLEAR) : (style.stroke?.color ?? CLEAR);
  const outline =
    border === 3
      ? (style.background?.verticalPaddingPixels ?? 0)
      : (style.stroke?.widthPixels ?? 0);
  const fields = [
    name,
    assName(style.fontFamily ?? font.family) || assName(font.family),
    decimal(style.fontSizePixels * font.sizePerEm, 2),
    assStyleColor(style.color),
    assStyleColor(style.color),
    assStyleColor(outlineColor),
    assStyleColor(style.background?.color ?? CLEAR),
    style.fontWeight >= BOLD_WEIGHT_MIN ? -1 : 0,
    0,
    0,
    0,
    100,
    100,
    decimal(style.letterSpacingPixels, 2),
    0,
    border,
    decimal(outline, 2),
    0,
    ALIGNMENT[style.align],
    margins.left,
    margins.right,
    0,
    1,
  ];
  return `Style: ${fields.join(",")}`;
}

// The opacity of each colour channel of the layer: fill (1), outline or box (3), and
// the box of border style 4 (4).
function channelOpacities(layer: DrawnLayer, poseOpacity: number): [number, number, number] {
  const opacity = layer.opacity * poseOpacity;
  if (layer.kind === "solid") return [layer.color.alpha * opacity, 0, 0];
  const { style } = layer;
  const border = borderStyleOf(style, hasHighlightBox(layer));
  const outline =
    border === 3 ? (style.background?.color.alpha ?? 0) : (style.stroke?.color.alpha ?? 0);
  return [
    style.color.alpha * opacity,
    outline * opacity,
    (style.background?.color.alpha ?? 0) * opacity,
  ];
}

function alphaTags(layer: DrawnLayer, pose: LayerPose): string {
  const [fill, outline, back] = channelOpacities(layer, pose.opacity);
  return `\\1a${assAlpha(fill)}\\3a${assAlpha(outline)}\\4a${assAlpha(back)}`;
}

function scaleTags(pose: LayerPose): string {
  return `\\fscx${decimal(pose.scaleX * 100, 2)}\\fscy${decimal(pose.scaleY * 100, 2)}`;
}

// Times of a change inside an event, in milliseconds from the event's start.
interface EventSpan {
  readonly fromMs: number;
  readonly toMs: number;
}

// A pose change inside an event: from `from` to `to` over `span`.
interface PoseChange {
  readonly from: LayerPose;
  readonly to: LayerPose;
  readonly span: EventSpan;
}

function positionTag(anchor: { x: number; y: number }, { from, to, span }: PoseChange): string {
  const x1 = decimal(anchor.x + from.offsetX, 2);
  const y1 = decimal(anchor.y + from.offsetY, 2);
  const still =
    Math.abs(from.offsetX - to.offsetX) < STILL_PIXELS &&
    Math.abs(from.offsetY - to.offsetY) < STILL_PIXELS;
  if (still) return `\\pos(${x1},${y1})`;
  const x2 = decimal(anchor.x + to.offsetX, 2);
  const y2 = decimal(anchor.y + to.offsetY, 2);
  return `\\move(${x1},${y1},${x2},${y2},${span.fromMs},${span.toMs})`;
}

// The override tags that open an event whose pose goes from `from` to `to` over `span`.
function poseTags(layer: DrawnLayer, change: PoseChange): string {
  const { from, to, span } = change;
  const alignment = layer.kind === "solid" ? 5 : ALIGNMENT[layer.style.align];
  const tags = [`\\an${alignment}`, positionTag(anchorOf(layer), change)];
  const startLook = scaleTags(from) + alphaTags(layer, from);
  const endLook = scaleTags(to) + alphaTags(layer, to);
  tags.push(startLook);
  if (endLook !== startLook) tags.push(`\\t(${span.fromMs},${span.toMs},${endLook})`);
  if (layer.kind === "solid") {
    tags.push(`\\frz${decimal(-layer.rotationDegrees, 3)}`);
  } else {
    tags.push(`\\b${layer.style.fontWeight}`);
    const background = layer.style.background;
    if (background !== null && !hasHighlightBox(layer)) {
      tags.push(
        `\\xshad${decimal(background.horizontalPaddingPixels, 2)}\\yshad${decimal(background.verticalPaddingPixels, 2)}`,
      );
    }
  }
  return tags.join("");
}

// A rectangle of the layer's size with rounded corners, as an ASS drawing (cubic
// Béziers approximate the quarter circles).
function solidDrawing(layer: SolidLayer): string {
  const width = layer.box.width;
  const height = layer.box.height;
  const radius = layer.radiusPixels;
  const n = (value: number) => decimal(value, 2);
  if (radius <= 0) return `m 0 0 l ${n(width)} 0 ${n(width)} ${n(height)} 0 ${n(height)}`;
  const k = radius * (1 - 0.5523);
  const right = width - radius;
  const bottom = height - radius;
  return [
    `m ${n(radius)} 0 l ${n(right)} 0`,
    `b ${n(width - k)} 0 ${n(width)} ${n(k)} ${n(width)} ${n(radius)} l ${n(width)} ${n(bottom)}`,
    `b ${n(width)} ${n(height - k)} ${n(width - k)} ${n(height)} ${n(right)} ${n(height)} l ${n(radius)} ${n(height)}`,
    `b ${n(k)} ${n(height)} 0 ${n(height - k)} 0 ${n(bottom)} l 0 ${n(radius)}`,
    `b 0 ${n(k)} ${n(k)} 0 ${n(radius)} 0`,
  ].join(" ");
}

// Words joined by spaces, a forced line break (`\N`) before each of `lineStarts`.
function joinLines(parts: readonly string[], lineStarts: readonly number[]): string {
  return parts
    .map((part, index) =>
      index === 0 ? part : `${lineStarts.includes(index) ? "\\N" : " "}${part}`,
    )
    .join("");
}

// What a caption body shows: the page's words and lines, the spoken word (index
// `active`, or -1), and the layer's opacity at that moment.
interface CaptionMoment {
  readonly words: readonly string[];
  readonly lineStarts: readonly number[];
  readonly active: number;
  readonly opacity: number;
}

// Caption text with the spoken word standing out, broken into the page's lines.
function captionBody(
  layer: CaptionsLayer,
  { words, lineStarts, active, opacity }: CaptionMoment,
): string {
  const { highlight, style } = layer;
  const parts = words.map(assText);
  if (highlight === null || active < 0) return joinLines(parts, lineStarts);
  const on: string[] = [];
  const off: string[] = [];
  if (highlight.color !== null) {
    on.push(`\\1c${assColor(highlight.color)}`);
    off.push(`\\1c${assColor(style.color)}`);
  }
  if (highlight.backgroundColor !== null) {
    const base = style.background?.color ?? CLEAR;
    on.push(
      `\\3c${assColor(highlight.backgroundColor)}\\3a${assAlpha(highlight.backgroundColor.alpha * opacity)}`,
    );
    off.push(`\\3c${assColor(base)}\\3a${assAlpha(base.alpha * opacity)}`);
  }
  const marked = parts.map((part, index) =>
    index === active ? `{${on.join("")}}${part}{${off.join("")}}` : part,
  );
  return joinLines(marked, lineStarts);
}

// The word spoken at `seconds`: the last one that has started and not ended, or -1.
function activeWord(
  layer: CaptionsLayer,
  page: CaptionsLayer["pages"][number],
  seconds: number,
): number {
  let active = -1;
  for (const [index, word] of page.words.entries()) {
    if (word.startSeconds <= seconds && seconds < word.endSeconds) active = index;
  }
  return layer.highlight === null ? -1 : active;
}

function captionPieces(layer: CaptionsLayer, opacityAt: (seconds: number) => number): Piece[] {
  const pieces: Piece[] = [];
  for (const page of layer.pages) {
    const texts = page.words.length > 0 ? page.words.map((word) => word.text) : [page.text];
    const instants = new Set([page.window.startSeconds, page.window.endSeconds]);
    for (const word of page.words) {
      for (const instant of [word.startSeconds, word.endSeconds]) {
        if (instant > page.window.startSeconds && instant < page.window.endSeconds)
          instants.add(instant);
      }
    }
    const sorted = [...instants].sort((left, right) => left - right);
    for (const [index, startSeconds] of sorted.entries()) {
      const endSeconds = sorted[index + 1];
      if (endSeconds === undefined) break;
      const active = page.words.length > 0 ? activeWord(layer, page, startSeconds) : -1;
      pieces.push({
        window: { startSeconds, endSeconds },
        body: captionBody(layer, {
          words: texts,
          lineStarts: page.lineStarts,
          active,
          opacity: opacityAt(startSeconds),
        }),
      });
    }
  }
  return pieces;
}

function piecesOf(layer: DrawnLayer): Piece[] {
  switch (layer.kind) {
    case "solid":
      return [{ window: layer.visible, body: `{\\p1}${solidDrawing(layer)}{\\p0}` }];
    case "text":
      return [{ window: layer.visible, body: assText(layer.text) }];
    case "captions":
      return captionPieces(layer, (seconds) => layer.opacity * layerPoseAt(layer, seconds).opacity);
  }
}

// The right margin of an event of `layer` drawn `scaleX` times as wide: libass wraps
// text at the width left by the margins, measured on the scaled glyphs, so the width
// is scaled too and the lines break where they do at full size. 0 keeps the style's.
function scaledRightMargin(layer: DrawnLayer, frameWidth: number, scaleX: number): number {
  if (layer.kind === "solid" || scaleX === 1) return 0;
  const wrapWidth = Math.min(frameWidth, frameWidth - marginsOf(layer, frameWidth).right);
  const margin = Math.round(frameWidth - Math.max(1, wrapWidth * Math.abs(scaleX)));
  // An event's 0 means the style's margin: a pixel wider wraps the same.
  return margin === 0 ? -1 : margin;
}

// The stretches between `cuts` drawn by one event each. Where a text's width changes,
// every output frame is an event of its own, with its pose still and its wrapping
// width scaled to match: a \t would scale the glyphs within one wrapping width.
function eventStretches(layer: DrawnLayer, cuts: readonly number[], frame: AssPlanFrame): number[] {
  if (layer.kind === "solid") return [...cuts];
  const stretches: number[] = [];
  for (const [index, from] of cuts.entries()) {
    stretches.push(from);
    const to = cuts[index + 1];
    if (to === undefined) break;
    if (layerPoseAt(layer, from).scaleX === layerPoseAt(layer, to).scaleX) continue;
    for (let n = Math.floor(from * frame.fps) + 1; n / frame.fps < to; n += 1)
      stretches.push(n / frame.fps);
  }
  return stretches;
}

function* eventLines(
  { layer, layerNumber, styleName }: NamedLayer,
  frame: AssPlanFrame,
): Generator<string> {
  const breakpoints = poseBreakpoints(layer, layer.visible, hasHighlightBox(layer));
  for (const piece of piecesOf(layer)) {
    const start = Math.max(piece.window.startSeconds, layer.visible.startSeconds);
    const end = Math.min(piece.window.endSeconds, layer.visible.endSeconds);
    const breaks = breakpoints.filter((instant) => instant > start && instant < end);
    const cuts = eventStretches(layer, [start, ...breaks, end], frame);
    for (const [index, from] of cuts.entries()) {
      const to = cuts[index + 1];
      if (to === undefined) break;
      const startCs = centisecondsAt(frame, from);
      const endCs = centisecondsAt(frame, to);
      if (endCs <= startCs) continue;
      // The event opens a little before `from`; the change runs from `from` to `to` exactly.
      const span = {
        fromMs: Math.round(from * 1000 - startCs * 10),
        toMs: Math.round(to * 1000 - startCs * 10),
      };
      const pose = { from: layerPoseAt(layer, from), to: layerPoseAt(layer, to) };
      // A stretch whose width changes is one frame long: drawn still, as at its start.
      const still = pose.from.scaleX !== pose.to.scaleX;
      const tags = poseTags(layer, { from: pose.from, to: still ? pose.from : pose.to, span });
      const right = scaledRightMargin(layer, frame.width, pose.from.scaleX);
      yield `Dialogue: ${layerNumber},${assTime(startCs)},${assTime(endCs)},${styleName},,0,${right},0,,{${tags}}${piece.body}\n`;
    }
  }
}

/**
 * The ASS document drawing `layers` (in paint order, back first) on a frame of the
 * plan's size, line by line (each with its line end), made as the lines are read: the
 * document of a long timeline whose text sways holds tens of thousands of events, and
 * is never whole in memory.
 *
 * @example
 * ```ts
 * for (const line of assDocumentLines(textLayers, plan, font)) stream.write(line);
 * ```
 */
export function* assDocumentLines(
  layers: readonly DrawnLayer[],
  frame: AssPlanFrame,
  font: AssFontSettings,
): Generator<string> {
  const named = layers.map((layer, index) => ({
    layer,
    layerNumber: index,
    styleName: `L${index}`,
  }));
  const head = [
    "[Script Info]",
    "ScriptType: v4.00+",
    `PlayResX: ${frame.width}`,
    `PlayResY: ${frame.height}`,
    "WrapStyle: 1",
    "ScaledBorderAndShadow: yes",
    "YCbCr Matrix: None",
    "",
    "[V4+ Styles]",
    STYLE_FORMAT,
    ...named.map((entry) => styleLine(entry, frame, font)),
    "",
    "[Events]",
    EVENT_FORMAT,
  ];
  for (const line of head) yield `${line}\n`;
  for (const entry of named) yield* eventLines(entry, frame);
}

/**
 * The whole ASS document drawing `layers` (see {@link assDocumentLines}).
 *
 * @example
 * ```ts
 * const document = assDocument(textLayers, plan, { family: "DejaVu Sans", sizePerEm: 1.164 });
 * // "[Script Info]\nScriptType: v4.00+\nPlayResX: 1080\n..."
 * ```
 */
export function assDocument(
  layers: readonly DrawnLayer[],
  frame: AssPlanFrame,
  font: AssFontSettings,
): string {
  return [...assDocumentLines(layers, frame, font)].join("");
}

/**
 * Bytes one event line takes besides its text, at most: its times, style name and
 * override tags (position or move, scale, alpha, their change, weight, box padding).
 */
export const ASS_EVENT_OVERHEAD_BYTES = 320;
/** Bytes a style line takes, at most. */
const ASS_STYLE_BYTES = 400;
// Bytes the highlight of a caption page's spoken word adds to its text, at most.
const HIGHLIGHT_TAG_BYTES = 80;

function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

// The pieces of a layer as (how many, largest body in bytes, bytes of them all), counted
// without making a caption page's pieces: one per stretch between word boundaries.
function pieceBytes(layer: DrawnLayer): { count: number; largest: number; total: number } {
  if (layer.kind !== "captions") {
    const [piece] = piecesOf(layer);
    const bytes = ASS_EVENT_OVERHEAD_BYTES + utf8Length(piece?.body ?? "");
    return { count: 1, largest: bytes, total: bytes };
  }
  let count = 0;
  let largest = 0;
  let total = 0;
  for (const page of layer.pages) {
    const text = page.words.length > 0 ? page.words.map((word) => word.text).join(" ") : page.text;
    const bytes = ASS_EVENT_OVERHEAD_BYTES + 2 * utf8Length(text) + HIGHLIGHT_TAG_BYTES;
    const pieces = 2 * page.words.length + 1;
    count += pieces;
    total += pieces * bytes;
    largest = Math.max(largest, bytes);
  }
  return { count, largest, total };
}

/**
 * At most how many bytes the style and events drawing `layer` take in its document at
 * `fps` frames a second, counted without building them, so a render can be bounded
 * before it starts. A text or captions layer that animates may be drawn one event per
 * frame where its width changes (so its lines keep their breaks), which is counted for
 * its whole visible window.
 */
export function assLayerBytesMax(layer: DrawnLayer, fps: number): number {
  const pieces = pieceBytes(layer);
  const events =
    poseBreakpointsCountMax(layer, layer.visible, hasHighlightBox(layer)) +
    (layer.kind === "solid" ? 0 : Math.ceil(widthChangingSeconds(layer, fps) * fps));
  return ASS_STYLE_BYTES + pieces.total + events * pieces.largest;
}

// At most how long, within its visible window, a layer's width changes: the windows of
// its scaling animations and of a camera motion that zooms the layer itself.
function widthChangingSeconds(layer: DrawnLayer, fps: number): number {
  const windows = layer.animations
    .filter((animation) => animation.from.scaleX !== animation.to.scaleX)
    .map((animation) => animation.window);
  const { motion } = layer;
  if (motion !== null && motion.target === "layer" && motion.from.scale !== motion.to.scale)
    windows.push(motion.window);
  let seconds = 0;
  for (const window of windows) {
    const start = Math.max(window.startSeconds, layer.visible.startSeconds);
    const end = Math.min(window.endSeconds, layer.visible.endSeconds);
    seconds += Math.max(0, end - start) + 1 / fps;
  }
  return seconds;
}
