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
import type { FontFamilyInfo } from "../../ports/renderer.js";
import { faceWeight } from "../fonts.js";
import {
  type BoxStep,
  type CaptionPart,
  type CaptionPiece,
  captionBody,
  captionPieces,
  hasHighlightBox as captionsHaveHighlightBox,
  highlightBoxSteps,
} from "./ass-captions.js";
import {
  EMOJI_PLACEHOLDER_BYTES_MAX,
  type EmojiGlyphs,
  emojiBodies,
  emojiBytesMax,
  emojiColorEventsBytes,
  fillAlphaTag,
} from "./ass-emoji.js";
import { assAlpha, assName, assStyleColor, assText, assTime } from "./ass-format.js";
import { lineBoxSteps } from "./ass-line-box.js";
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
  /**
   * Families with the weights they have faces for: a weight is drawn with the nearest
   * face (never a synthesized bold). A family not listed gets the weight asked for.
   */
  readonly faces?: readonly FontFamilyInfo[];
  /**
   * The colour emoji font's glyphs: an emoji it has is drawn in colour, as shapes over
   * the text; without it (or for an emoji it lacks) the text font draws the emoji.
   */
  readonly emoji?: EmojiGlyphs;
}

/** What a document needs from the plan. */
export type AssPlanFrame = Pick<RenderPlan, "width" | "height" | "fps">;

// One drawn stretch: what it shows (ASS dialogue text without the leading tags), given
// when its event starts and how the layer looks then.
interface Piece {
  readonly window: TimeWindow;
  readonly body: (frame: CaptionEventFrameOf) => string;
}

// When an event starts, and the layer's opacity and stillness then.
interface CaptionEventFrameOf {
  readonly eventStartSeconds: number;
  readonly fromSeconds: number;
  readonly opacity: number;
  readonly stillSize: boolean;
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

function hasHighlightBox(layer: DrawnLayer): boolean {
  return layer.kind === "captions" && captionsHaveHighlightBox(layer);
}

// Whether the line's box is drawn by events of its own beneath the text: with a box
// behind the spoken word between them, with a shadow beneath it, or rounded (several
// square boxes).
function drawsLineBoxApart(layer: TextLayer | CaptionsLayer): boolean {
  const { style } = layer;
  return (
    style.background !== null &&
    (hasHighlightBox(layer) || style.shadow !== null || lineBoxSteps(style, "back").length > 1)
  );
}

// The text part of a layer whose line's box is drawn apart sets only the letters.
function borderStyleOf(layer: TextLayer | CaptionsLayer): BorderStyle {
  return layer.style.background === null || drawsLineBoxApart(layer) ? 1 : 4;
}

// The face drawn: the nearest weight the family has, when its faces are known, under
// the name its face is found by (its own family name, for a weight named as one).
function drawnFace(
  style: PlannedTextStyle,
  font: AssFontSettings,
): { name: string; weight: number } {
  const family = style.fontFamily ?? font.family;
  const info = font.faces?.find((face) => face.family.toLowerCase() === family.toLowerCase());
  if (info === undefined) return { name: family, weight: style.fontWeight };
  const weight = faceWeight(style.fontWeight, info.weights);
  return { name: info.faceNames?.[weight] ?? family, weight };
}

function drawnWeight(style: PlannedTextStyle, font: AssFontSettings): number {
  return drawnFace(style, font).weight;
}

function textAnchor(layer: TextLayer | CaptionsLayer): { x: number; y: number } {
  const { box, style } = layer;
  const padding = style.background?.horizontalPaddingPixels ?? 0;
  const y = box.top + box.height / 2;
  if (style.align === "left") return { x: box.left + padding, y };
  if (style.align === "right") return { x: box.left + box.width - padding, y };
  return { x: box.left + box.width / 2, y };
}

// Where a part of the layer is placed: a box's shadow falls down and to the right.
function anchorOf(layer: DrawnLayer, part: CaptionPart): { x: number; y: number } {
  if (layer.kind === "solid") {
    return { x: layer.box.left + layer.box.width / 2, y: layer.box.top + layer.box.height / 2 };
  }
  const anchor = textAnchor(layer);
  const offset = part === "shade" ? (layer.style.shadow?.offsetPixels ?? 0) : 0;
  return { x: anchor.x + offset, y: anchor.y + offset };
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

// The style line of one part of a layer: the text (with its outline, and its shadow or
// line box), the line's box or its shadow alone (border style 4), or the spoken word's
// box (3).
function styleLine(
  { layer, styleName: name }: NamedLayer,
  { frame, font, part }: { frame: AssPlanFrame; font: AssFontSettings; part: CaptionPart },
): string {
  const margins = marginsOf(layer, frame.width);
  if (layer.kind === "solid") {
    const fill = assStyleColor(layer.color);
    return `Style: ${name},${assName(font.family)},20,${fill},${fill},${fill},${fill},0,0,0,0,100,100,0,0,1,0,0,5,0,0,0,1`;
  }
  const { style } = layer;
  const border = part === "box" ? 3 : part === "text" ? borderStyleOf(layer) : 4;
  const shadow = border === 1 ? style.shadow : null;
  const backColor =
    border === 1 || part === "shade"
      ? (style.shadow?.color ?? CLEAR)
      : (style.background?.color ?? CLEAR);
  const face = drawnFace(style, font);
  const weight = face.weight;
  const fields = [
    name + PART_SUFFIX[part],
    assName(face.name) || assName(font.family),
    decimal(style.fontSizePixels * font.sizePerEm, 2),
    assStyleColor(style.color),
    assStyleColor(style.color),
    assStyleColor(border === 3 ? CLEAR : (style.stroke?.color ?? CLEAR)),
    assStyleColor(backColor),
    weight >= BOLD_WEIGHT_MIN ? -1 : 0,
    0,
    0,
    0,
    100,
    100,
    decimal(style.letterSpacingPixels, 2),
    0,
    border,
    decimal(border === 1 || border === 4 ? (style.stroke?.widthPixels ?? 0) : 0, 2),
    decimal(shadow?.offsetPixels ?? 0, 2),
    ALIGNMENT[style.align],
    margins.left,
    margins.right,
    0,
    1,
  ];
  return `Style: ${fields.join(",")}`;
}

// The style names' suffix of each part.
const PART_SUFFIX: Readonly<Record<CaptionPart, string>> = {
  shade: "S",
  back: "B",
  box: "H",
  text: "",
};
// The ASS layer of each part within its layer's three: a box's shadow shares its box's,
// drawn first (libass draws the events of one layer in the order they are read).
const PART_SLOT: Readonly<Record<CaptionPart, number>> = { shade: 0, back: 0, box: 1, text: 2 };

// The parts a layer draws, back first: its line's box (above its shadow, when it has
// one) when drawn apart, the box behind its spoken word when it has one, then its text.
function partsOf(layer: DrawnLayer): CaptionPart[] {
  if (layer.kind === "solid") return ["text"];
  const apart = drawsLineBoxApart(layer);
  const parts: CaptionPart[] = apart && layer.style.shadow !== null ? ["shade"] : [];
  if (apart) parts.push("back");
  if (hasHighlightBox(layer)) parts.push("box");
  parts.push("text");
  return parts;
}

// The square boxes drawing `part` of a layer: the steps of a rounded box, or one event.
function partSteps(layer: DrawnLayer, part: CaptionPart): readonly (BoxStep | undefined)[] {
  if (layer.kind === "solid") return [undefined];
  if (part === "box" && layer.kind === "captions") return highlightBoxSteps(layer);
  if (part === "back" || part === "shade") return lineBoxSteps(layer.style, part);
  return [undefined];
}

// The opacity of each colour channel of a part of the layer: fill (1), outline (3), and
// the box of border style 4 or the shadow (4). The spoken word's box sets its own; the
// line's box and its shadow are the box of border style 4 alone.
function channelOpacities(
  layer: DrawnLayer,
  { poseOpacity, part }: { poseOpacity: number; part: CaptionPart },
): [number, number, number] {
  const opacity = layer.opacity * poseOpacity;
  if (layer.kind === "solid") return [layer.color.alpha * opacity, 0, 0];
  const { style } = layer;
  if (part === "box") return [0, 0, 0];
  if (part === "back") return [0, 0, (style.background?.color.alpha ?? 0) * opacity];
  if (part === "shade") return [0, 0, (style.shadow?.color.alpha ?? 0) * opacity];
  const border = borderStyleOf(layer);
  const back =
    border === 1 ? (style.shadow?.color.alpha ?? 0) : (style.background?.color.alpha ?? 0);
  return [style.color.alpha * opacity, (style.stroke?.color.alpha ?? 0) * opacity, back * opacity];
}

function alphaTags(layer: DrawnLayer, pose: LayerPose, part: CaptionPart): string {
  const [fill, outline, back] = channelOpacities(layer, { poseOpacity: pose.opacity, part });
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

// The padding of the line's box of border style 4 (`\xshad`, `\yshad`): the step's, on
// the line's box or its shadow drawn apart; the box's own, on text drawing its box; none
// otherwise.
function boxPaddingTags(layer: TextLayer | CaptionsLayer, part: CaptionPart, step?: BoxStep) {
  const background = layer.style.background;
  if (background === null) return "";
  const padding =
    part === "back" || part === "shade"
      ? step
      : part === "text" && borderStyleOf(layer) === 4
        ? { x: background.horizontalPaddingPixels, y: background.verticalPaddingPixels }
        : undefined;
  return padding === undefined
    ? ""
    : `\\xshad${decimal(padding.x, 2)}\\yshad${decimal(padding.y, 2)}`;
}

// Tags that hold `start`, changed to `end` over `span` when they differ.
function changingTags(start: string, end: string, span: EventSpan): string {
  return end === start ? start : `${start}\\t(${span.fromMs},${span.toMs},${end})`;
}

// The override tags that open an event whose pose goes from `from` to `to` over `span`.
function poseTags(
  layer: DrawnLayer,
  {
    change,
    part,
    font,
    step,
  }: { change: PoseChange; part: CaptionPart; font: AssFontSettings; step?: BoxStep },
): string {
  const { from, to, span } = change;
  const alignment = layer.kind === "solid" ? 5 : ALIGNMENT[layer.style.align];
  const tags = [`\\an${alignment}`, positionTag(anchorOf(layer, part), change)];
  tags.push(
    changingTags(
      scaleTags(from) + alphaTags(layer, from, part),
      scaleTags(to) + alphaTags(layer, to, part),
      span,
    ),
  );
  if (layer.kind === "solid") {
    tags.push(`\\frz${decimal(-layer.rotationDegrees, 3)}`);
  } else {
    tags.push(`\\b${drawnWeight(layer.style, font)}`, boxPaddingTags(layer, part, step));
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

function piecesOf(layer: DrawnLayer, part: CaptionPart, step?: BoxStep): Piece[] {
  switch (layer.kind) {
    case "solid": {
      const drawing = `{\\p1}${solidDrawing(layer)}{\\p0}`;
      return [{ window: layer.visible, body: () => drawing }];
    }
    case "text": {
      const text = assText(layer.text);
      return [{ window: layer.visible, body: () => text }];
    }
    case "captions":
      return captionPieces(layer).map((piece: CaptionPiece) => ({
        window: piece.window,
        body: (frame) => captionBody(layer, { piece, part, frame, step }),
      }));
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
// width scaled to match: a \t would scale the glyphs within one wrapping width. Made as
// they are read, like the cuts.
function* eventStretches(
  layer: DrawnLayer,
  cuts: Iterable<number>,
  frame: AssPlanFrame,
): Generator<number> {
  let previous: number | undefined;
  for (const cut of cuts) {
    if (
      previous !== undefined &&
      layer.kind !== "solid" &&
      layerPoseAt(layer, previous).scaleX !== layerPoseAt(layer, cut).scaleX
    ) {
      for (let n = Math.floor(previous * frame.fps) + 1; n / frame.fps < cut; n += 1)
        yield n / frame.fps;
    }
    yield cut;
    previous = cut;
  }
}

// `start`, the instants strictly between where the layer's pose must be sampled, and
// `end`, in order.
function* cutsWithin(layer: DrawnLayer, start: number, end: number): Generator<number> {
  yield start;
  const window = { startSeconds: start, endSeconds: end };
  for (const instant of poseBreakpoints(layer, window, hasHighlightBox(layer))) {
    if (instant > start && instant < end) yield instant;
  }
  yield end;
}

// What one part of a layer draws, on which ASS layer, in which style.
interface PartEvents {
  readonly named: NamedLayer;
  readonly part: CaptionPart;
  readonly step?: BoxStep;
  readonly frame: AssPlanFrame;
  readonly font: AssFontSettings;
}

// The bodies of the events drawing one stretch: `body` alone, or, for text holding
// emoji the colour font draws, the text with a placeholder for each and one event per
// colour over it (read after the text on the same ASS layer, so drawn above it).
function drawnBodies(
  layer: DrawnLayer,
  {
    body,
    part,
    change,
    font,
  }: { body: string; part: CaptionPart; change: PoseChange; font: AssFontSettings },
): readonly string[] {
  if (font.emoji === undefined || layer.kind === "solid") return [body];
  const { from, to, span } = change;
  const alphaTags = (alpha: number) =>
    changingTags(
      fillAlphaTag(layer.opacity * from.opacity * alpha),
      fillAlphaTag(layer.opacity * to.opacity * alpha),
      span,
    );
  const look = { sizePixels: layer.style.fontSizePixels, textColor: layer.style.color, alphaTags };
  const drawn = emojiBodies(body, font.emoji, look);
  if (drawn === undefined) return [body];
  return part === "text" ? [drawn.text, ...drawn.colors] : [drawn.text];
}

function* eventLines({ named, part, step, frame, font }: PartEvents): Generator<string> {
  const { layer, styleName } = named;
  const layerNumber = named.layerNumber * 3 + PART_SLOT[part];
  for (const piece of piecesOf(layer, part, step)) {
    const start = Math.max(piece.window.startSeconds, layer.visible.startSeconds);
    const end = Math.min(piece.window.endSeconds, layer.visible.endSeconds);
    let last: number | undefined;
    for (const to of eventStretches(layer, cutsWithin(layer, start, end), frame)) {
      const from = last;
      last = to;
      if (from === undefined) continue;
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
      const change = { from: pose.from, to: still ? pose.from : pose.to, span };
      const tags = poseTags(layer, { change, part, font, step });
      const body = piece.body({
        eventStartSeconds: startCs / 100,
        fromSeconds: from,
        opacity: layer.opacity * change.from.opacity,
        stillSize: [change.from, change.to].every((pose) => pose.scaleX === 1 && pose.scaleY === 1),
      });
      const right = scaledRightMargin(layer, frame.width, pose.from.scaleX);
      const head = `Dialogue: ${layerNumber},${assTime(startCs)},${assTime(endCs)},${styleName}${PART_SUFFIX[part]},,0,${right},0,,{${tags}}`;
      for (const drawn of drawnBodies(layer, { body, part, change, font }))
        yield `${head}${drawn}\n`;
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
    ...named.flatMap((entry) =>
      partsOf(entry.layer).map((part) => styleLine(entry, { frame, font, part })),
    ),
    "",
    "[Events]",
    EVENT_FORMAT,
  ];
  for (const line of head) yield `${line}\n`;
  for (const entry of named) {
    for (const part of partsOf(entry.layer)) {
      for (const step of partSteps(entry.layer, part))
        yield* eventLines({ named: entry, part, step, frame, font });
    }
  }
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
// Bytes the highlight of a caption page's spoken word adds to its text, at most (colour,
// alpha, box padding, and the pop's scale and its change).
const HIGHLIGHT_TAG_BYTES = 120;
// A still event at the layer's start, for a piece whose body does not change.
const STILL_EVENT: CaptionEventFrameOf = {
  eventStartSeconds: 0,
  fromSeconds: 0,
  opacity: 1,
  stillSize: true,
};

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

// Bytes of the pieces of a layer, counted without making a caption page's pieces (one
// per stretch between word boundaries): how many, the largest and all of them, each
// emoji's placeholder included, and the same of the colour events over them.
interface PieceBytes {
  readonly count: number;
  readonly largest: number;
  readonly total: number;
  readonly colorLargest: number;
  readonly colorTotal: number;
}

// The bytes of `pieces` pieces of one line of `text`, whose event with its tags takes
// `bytes`.
function linePieceBytes(
  layer: TextLayer | CaptionsLayer,
  { text, bytes, emoji }: { text: string; bytes: number; emoji: EmojiGlyphs | undefined },
): { bytes: number; colorBytes: number } {
  const added = emojiBytesMax(text, { glyphs: emoji, sizePixels: layer.style.fontSizePixels });
  const withPlaceholders = bytes + added.count * EMOJI_PLACEHOLDER_BYTES_MAX;
  const colorBytes =
    added.colorEvents * ASS_EVENT_OVERHEAD_BYTES + emojiColorEventsBytes(added, withPlaceholders);
  return { bytes: withPlaceholders, colorBytes };
}

function pieceBytes(layer: DrawnLayer, emoji: EmojiGlyphs | undefined): PieceBytes {
  if (layer.kind !== "captions") {
    const [piece] = piecesOf(layer, "text");
    const body = piece?.body(STILL_EVENT) ?? "";
    const bytes = ASS_EVENT_OVERHEAD_BYTES + utf8Length(body);
    if (layer.kind === "solid") {
      return { count: 1, largest: bytes, total: bytes, colorLargest: 0, colorTotal: 0 };
    }
    const line = linePieceBytes(layer, { text: body, bytes, emoji });
    return {
      count: 1,
      largest: line.bytes,
      total: line.bytes,
      colorLargest: line.colorBytes,
      colorTotal: line.colorBytes,
    };
  }
  const sum = { count: 0, largest: 0, total: 0, colorLargest: 0, colorTotal: 0 };
  for (const page of layer.pages) {
    const text = page.words.length > 0 ? page.words.map((word) => word.text).join(" ") : page.text;
    const bytes = ASS_EVENT_OVERHEAD_BYTES + 2 * utf8Length(text) + HIGHLIGHT_TAG_BYTES;
    const line = linePieceBytes(layer, { text, bytes, emoji });
    const pieces = 2 * page.words.length + 1;
    sum.count += pieces;
    sum.total += pieces * line.bytes;
    sum.largest = Math.max(sum.largest, line.bytes);
    sum.colorTotal += pieces * line.colorBytes;
    sum.colorLargest = Math.max(sum.colorLargest, line.colorBytes);
  }
  return sum;
}

/**
 * At most how many bytes the style and events drawing `layer` take in its document at
 * `fps` frames a second, counted without building them, so a render can be bounded
 * before it starts. A text or captions layer that animates may be drawn one event per
 * frame where its width changes (so its lines keep their breaks), which is counted for
 * its whole visible window. `emoji` is the colour emoji font the document is drawn with,
 * if any: each emoji it draws adds a placeholder to every part and, once, its colour
 * events over the text.
 */
export function assLayerBytesMax(layer: DrawnLayer, fps: number, emoji?: EmojiGlyphs): number {
  const pieces = pieceBytes(layer, emoji);
  const events =
    poseBreakpointsCountMax(layer, layer.visible, hasHighlightBox(layer)) +
    (layer.kind === "solid" ? 0 : Math.ceil(widthChangingSeconds(layer, fps) * fps));
  // Each part draws every piece again: each square of the line's box and of the spoken
  // word's box, the text; the colours of its emoji are drawn over the text alone.
  const parts = partsOf(layer);
  const copies = parts.reduce((sum, part) => sum + partSteps(layer, part).length, 0);
  const colors = pieces.colorTotal + events * pieces.colorLargest;
  return (
    parts.length * ASS_STYLE_BYTES + copies * (pieces.total + events * pieces.largest) + colors
  );
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
