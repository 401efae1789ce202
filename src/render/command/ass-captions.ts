/**
 * Caption pages as ASS dialogue text: the page's words with the spoken one standing
 * out (recoloured, popping in from a larger size), or only the spoken word; and the
 * rounded box drawn behind the spoken word on a layer of its own.
 *
 * libass boxes text with square corners (border style 3). A rounded box is the union
 * of several square boxes around the same word, each padded less at one side and more at
 * the other (`\xbord`, `\ybord`), stepping round each corner's quarter circle; the word's
 * place comes from libass's own layout, since every box event sets the whole page.
 *
 * @module
 */
import {
  type CaptionsLayer,
  HIGHLIGHT_POP_SECONDS,
  type TimeWindow,
} from "../../editor/render-plan/types.js";
import { assAlpha, assColor, assText } from "./ass-format.js";
import { decimal } from "./numbers.js";

/**
 * What an event of a caption layer draws: the drop shadow of the line's box, the line's
 * box, the spoken word's box, or the text.
 */
export type CaptionPart = "shade" | "back" | "box" | "text";

/** One stretch of a caption page between word boundaries. */
export interface CaptionPiece {
  /** When it shows, in output seconds. */
  readonly window: TimeWindow;
  /** The words set (all of the page, or the one shown). */
  readonly words: readonly string[];
  /** Indexes in `words` that begin a line of their own (the page's forced breaks). */
  readonly lineStarts: readonly number[];
  /** Index in `words` of the spoken word, or -1. */
  readonly active: number;
  /** When the spoken word began, in output seconds (its pop starts then). */
  readonly activeStartSeconds: number;
}

/** Horizontal padding of the spoken word's box, per em of font size. */
export const HIGHLIGHT_BOX_PADDING_X_EM = 0.18;
/** Vertical padding of the spoken word's box, per em, beyond the line's own height. */
export const HIGHLIGHT_BOX_PADDING_Y_EM = 0.04;
/** Largest corner radius of the spoken word's box, per em. */
export const HIGHLIGHT_BOX_RADIUS_MAX_EM = 0.3;
/** Most square boxes stepping round a rounded corner. */
const CORNER_STEPS_MAX = 8;
/** Pixels of corner radius per step. */
const PIXELS_PER_STEP = 2.5;

/** Whether the layer draws a box behind its spoken word. */
export function hasHighlightBox(layer: CaptionsLayer): boolean {
  return (layer.highlight?.backgroundColor ?? null) !== null;
}

// The spoken word at `seconds` (the last begun and not ended), or, showing one word at a
// time, the last begun; -1 when none.
function wordAt(words: CaptionsLayer["pages"][number]["words"], seconds: number, held: boolean) {
  let index = -1;
  for (const [at, word] of words.entries()) {
    if (word.startSeconds <= seconds && (held || seconds < word.endSeconds)) index = at;
  }
  return index;
}

/** The layer's pages cut at every word boundary, each stretch with its spoken word. */
export function captionPieces(layer: CaptionsLayer): CaptionPiece[] {
  const pieces: CaptionPiece[] = [];
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
      const window = { startSeconds, endSeconds };
      const spoken = wordAt(page.words, startSeconds, false);
      const spokenStart = page.words[spoken]?.startSeconds ?? startSeconds;
      if (layer.display === "word" && page.words.length > 0) {
        const shown = wordAt(page.words, startSeconds, true);
        const text = texts[shown];
        if (text === undefined) continue;
        const active = shown === spoken ? 0 : -1;
        pieces.push({
          window,
          words: [text],
          lineStarts: [],
          active,
          activeStartSeconds: spokenStart,
        });
        continue;
      }
      const active = page.words.length > 0 && layer.highlight !== null ? spoken : -1;
      pieces.push({
        window,
        words: texts,
        lineStarts: page.lineStarts,
        active,
        activeStartSeconds: spokenStart,
      });
    }
  }
  return pieces;
}

// Words joined by spaces, a forced line break (`\N`) before each of `lineStarts`: every
// part of a page breaks its lines at the same words, so boxes sit behind their words.
function joinLines(parts: readonly string[], lineStarts: readonly number[]): string {
  return parts
    .map((part, index) =>
      index === 0 ? part : `${lineStarts.includes(index) ? "\\N" : " "}${part}`,
    )
    .join("");
}

/** When an event starts and how it looks then, for the tags of its body. */
export interface CaptionEventFrame {
  /** The event's start, in output seconds (where its `\t` times count from). */
  readonly eventStartSeconds: number;
  /** The instant the drawn stretch starts, in output seconds. */
  readonly fromSeconds: number;
  /** The layer's opacity then. */
  readonly opacity: number;
  /** Whether the layer's size is still (100 %) over the event, so the pop may scale the word. */
  readonly stillSize: boolean;
}

// The spoken word's pop: its size at the event's start and a `\t` to full size.
function popTags(layer: CaptionsLayer, piece: CaptionPiece, frame: CaptionEventFrame): string {
  const scale = layer.highlight?.scale ?? 1;
  if (scale <= 1 || !frame.stillSize) return "";
  const elapsed = frame.fromSeconds - piece.activeStartSeconds;
  if (elapsed >= HIGHLIGHT_POP_SECONDS) return "";
  const startScale = scale - ((scale - 1) * elapsed) / HIGHLIGHT_POP_SECONDS;
  const toMs = Math.round(
    (piece.activeStartSeconds + HIGHLIGHT_POP_SECONDS - frame.eventStartSeconds) * 1000,
  );
  const fromMs = Math.max(0, Math.round((frame.fromSeconds - frame.eventStartSeconds) * 1000));
  const size = decimal(startScale * 100, 2);
  return `\\fscx${size}\\fscy${size}\\t(${fromMs},${Math.max(fromMs + 1, toMs)},\\fscx100\\fscy100)`;
}

function textBody(layer: CaptionsLayer, piece: CaptionPiece, frame: CaptionEventFrame): string {
  const { highlight, style } = layer;
  const parts = piece.words.map(assText);
  if (highlight === null || piece.active < 0) return joinLines(parts, piece.lineStarts);
  const on = [popTags(layer, piece, frame)];
  const off = on[0] === "" ? [] : ["\\fscx100\\fscy100"];
  if (highlight.color !== null) {
    on.push(`\\1c${assColor(highlight.color)}`);
    off.push(`\\1c${assColor(style.color)}`);
  }
  return joinLines(
    parts.map((part, index) =>
      index === piece.active && on.join("") !== ""
        ? `{${on.join("")}}${part}{${off.join("")}}`
        : part,
    ),
    piece.lineStarts,
  );
}

/**
 * The text of a caption event drawing `part` of `piece`: the words (`text`), the words
 * unseen over the line's box or its shadow (`back`, `shade`), or the words unseen with
 * the spoken word's box at the corner step `step` (`box`).
 */
export function captionBody(
  layer: CaptionsLayer,
  {
    piece,
    part,
    frame,
    step,
  }: { piece: CaptionPiece; part: CaptionPart; frame: CaptionEventFrame; step?: BoxStep },
): string {
  if (part === "text") return textBody(layer, piece, frame);
  const parts = piece.words.map(assText);
  const color = layer.highlight?.backgroundColor ?? null;
  if (part !== "box" || color === null || step === undefined || piece.active < 0) {
    return joinLines(parts, piece.lineStarts);
  }
  const on = `${popTags(layer, piece, frame)}\\3c${assColor(color)}\\3a${assAlpha(color.alpha * frame.opacity)}\\xbord${decimal(step.x, 2)}\\ybord${decimal(step.y, 2)}`;
  return joinLines(
    parts.map((text, index) => (index === piece.active ? `{${on}}${text}{\\3a&HFF&}` : text)),
    piece.lineStarts,
  );
}

/** The padding of one of the square boxes that together draw a rounded one. */
export interface BoxStep {
  /** Padding left and right of the word, in pixels. */
  readonly x: number;
  /** Padding above and below the line, in pixels. */
  readonly y: number;
}

/**
 * The square boxes whose union is the spoken word's rounded box: one when the corners
 * are square or the colour is translucent (overlapping boxes would darken), else a step
 * every few pixels of the corner's quarter circle.
 */
export function highlightBoxSteps(layer: CaptionsLayer): BoxStep[] {
  const em = layer.style.fontSizePixels;
  const radius = Math.min(layer.highlight?.radiusPixels ?? 0, HIGHLIGHT_BOX_RADIUS_MAX_EM * em);
  const x = Math.max(HIGHLIGHT_BOX_PADDING_X_EM * em, radius);
  const y = Math.max(HIGHLIGHT_BOX_PADDING_Y_EM * em, radius / 2);
  const opaque = (layer.highlight?.backgroundColor?.alpha ?? 0) >= 1;
  if (radius <= 0 || !opaque) return [{ x, y }];
  // The box is at least the line's height, so its corners are quarter ellipses as tall
  // as the padding above and below allows.
  const tall = Math.min(radius, y);
  const steps = Math.min(CORNER_STEPS_MAX, Math.max(2, Math.ceil(radius / PIXELS_PER_STEP)));
  const boxes: BoxStep[] = [];
  for (let index = 0; index <= steps; index += 1) {
    const angle = (index / steps) * (Math.PI / 2);
    boxes.push({
      x: x - radius * (1 - Math.cos(angle)),
      y: y - tall * (1 - Math.sin(angle)),
    });
  }
  return boxes;
}
