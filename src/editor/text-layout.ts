/**
 * Default boxes for added text and captions: an estimate of the space the lines take,
 * centred horizontally, and a vertical slot that avoids other timed text (spec 4.14
 * rule 4); and where such an item goes: that box on a front layer, under a fresh id.
 *
 * @module
 */
import { ok, type Result } from "../result.js";
import type { TextStyle } from "../schemas/edit-values.js";
import {
  GLYPH_WIDTH_RATIO,
  LINE_HEIGHT_DEFAULT,
  OPACITY_DEFAULT,
  TEXT_BOX_PADDING_RATIO,
  TEXT_BOX_WIDTH_RATIO,
} from "./defaults.js";
import type { EditDraft } from "./draft.js";
import type { EditFailure } from "./errors.js";
import type { ItemBase } from "./items.js";
import { trackForNewItem } from "./placement.js";
import { chooseSlotTop, timedTextBoxes } from "./slotting.js";

/** Geometry fields an add operation may send. */
export interface BoxFields {
  /** Left edge, if sent. */
  left?: number | undefined;
  /** Top edge, if sent; when absent the box takes a free vertical slot. */
  top?: number | undefined;
  /** Width, if sent. */
  width?: number | undefined;
  /** Height, if sent. */
  height?: number | undefined;
}

/** A box in composition pixels. */
export interface Box {
  /** Left edge. */
  left: number;
  /** Top edge. */
  top: number;
  /** Width. */
  width: number;
  /** Height. */
  height: number;
}

/** How to lay out an added text or captions box. */
export interface TextBoxRequest {
  /** Geometry the operation sent. */
  fields: BoxFields;
  /** Style of the text; its font size and line height size the box. */
  style: TextStyle;
  /** Font size when the style sets none. */
  defaultFontSize: number;
  /** Number of lines the box must hold at its width. */
  lines: (charactersPerLine: number) => number;
  /** Vertical centre when free, as a fraction of the composition height. */
  centerRatio: number;
  /** First frame the box is shown. */
  fromFrame: number;
  /** First frame after it is shown. */
  endFrame: number;
}

/** How to place an added text or captions item: its box, and the track it asks for. */
export interface TextItemRequest extends TextBoxRequest {
  /** Explicit track the operation sent, honoured only when visual and free. */
  trackId: string | undefined;
}

/** Lines `text` wraps to at `charactersPerLine`, counting explicit line breaks. */
export function wrappedLineCount(text: string, charactersPerLine: number): number {
  const perLine = Math.max(1, Math.floor(charactersPerLine));
  return text
    .split("\n")
    .reduce((lines, paragraph) => lines + Math.max(1, Math.ceil(paragraph.length / perLine)), 0);
}

/**
 * The height a box of `width` needs for its text: the lines `lines` says the text wraps
 * to at that width (from an estimate of the glyph width), at the style's font size and
 * line height, plus padding above and below.
 */
export function textBoxHeight(
  { style, defaultFontSize, lines }: Pick<TextBoxRequest, "style" | "defaultFontSize" | "lines">,
  width: number,
): number {
  const fontSize = style.font_size ?? defaultFontSize;
  const lineHeight = style.line_height ?? LINE_HEIGHT_DEFAULT;
  const lineCount = lines(width / (fontSize * GLYPH_WIDTH_RATIO));
  return Math.ceil(lineCount * fontSize * lineHeight + 2 * fontSize * TEXT_BOX_PADDING_RATIO);
}

/**
 * The box of an added text or captions item. Sent fields win; a missing width spans most
 * of the composition, a missing height fits the estimated lines, a missing left centres
 * the box, and a missing top takes the free slot nearest the preferred centre.
 */
export function layoutTextBox(draft: EditDraft, request: TextBoxRequest): Box {
  const { fields } = request;
  const width = fields.width ?? Math.round(draft.compositionWidth * TEXT_BOX_WIDTH_RATIO);
  const height = fields.height ?? textBoxHeight(request, width);
  const left = fields.left ?? Math.round((draft.compositionWidth - width) / 2);
  const top =
    fields.top ??
    chooseSlotTop({
      boxHeight: height,
      compositionHeight: draft.compositionHeight,
      preferredTop: Math.round(draft.compositionHeight * request.centerRatio - height / 2),
      occupied: timedTextBoxes(draft, request.fromFrame, request.endFrame),
    });
  return { left, top, width, height };
}

/**
 * Places an added text or captions item (spec 4.14 rule 4) and gives back the fields every
 * item has: a fresh id, the frames asked for, the box {@link layoutTextBox} lays out, full
 * opacity, and a front layer. That layer is the explicit track when it is visual and free,
 * else the front-most track when visual and free over the item's frames, else a new track
 * at the very front. Fails only on an explicit track that cannot take the item.
 */
export function placeTextItem(
  draft: EditDraft,
  request: TextItemRequest,
): Result<ItemBase, EditFailure> {
  const { fromFrame, endFrame } = request;
  const box = layoutTextBox(draft, request);
  const trackId = trackForNewItem(draft, {
    kind: "visual",
    fromFrame,
    endFrame,
    trackId: request.trackId,
    layer: "front",
  });
  if (!trackId.ok) return trackId;
  // Drawn after a new track has drawn its own id, so generated ids keep the order that
  // tests and callers with a counting id generator expect.
  return ok({
    id: draft.newId(),
    trackId: trackId.value,
    from: fromFrame,
    durationInFrames: endFrame - fromFrame,
    ...box,
    opacity: OPACITY_DEFAULT,
  });
}
