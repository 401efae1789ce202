/**
 * `planContactSheet`: several instants of a timeline planned as frames of one size, to
 * be tiled left to right, top to bottom into one picture.
 *
 * @module
 */

import { ok, type Result } from "../../result.js";
import type { EditorState } from "../state.js";
import { type RenderPlanError, renderPlanFailure } from "./errors.js";
import { planRender } from "./plan-render.js";
import type { RenderPlan } from "./types.js";

/** Most instants on one contact sheet. */
export const CONTACT_SHEET_FRAMES_MAX = 16;
/** Most columns of a contact sheet. */
export const CONTACT_SHEET_COLUMNS_MAX = 8;
/** Columns of a contact sheet whose options give none (fewer when there are fewer frames). */
export const CONTACT_SHEET_COLUMNS_DEFAULT = 4;
/** Width of one frame of a contact sheet whose options give none, in pixels. */
export const CONTACT_SHEET_CELL_WIDTH_DEFAULT = 270;

/** What a contact sheet shows. */
export interface ContactSheetOptions {
  /** Instants to show, in timeline seconds, in reading order; 1 to 16 of them. */
  atSeconds: readonly number[];
  /** Width of each frame in pixels; the height follows the composition. Default 270. */
  width?: number;
  /** Frames per row, 1 to 8. Default 4, or fewer when there are fewer frames. */
  columns?: number;
  /** Colour behind every layer and between cells, as a CSS colour. Default black. */
  backgroundColor?: string;
}

/** Several frames of one size and how they tile. */
export interface ContactSheetPlan {
  /** One single-frame plan per instant, in reading order. */
  readonly frames: readonly RenderPlan[];
  /** Frames per row. */
  readonly columns: number;
  /** Number of rows. */
  readonly rows: number;
  /** Width of one frame in pixels. */
  readonly cellWidth: number;
  /** Height of one frame in pixels. */
  readonly cellHeight: number;
  /** Width of the whole sheet in pixels. */
  readonly width: number;
  /** Height of the whole sheet in pixels. */
  readonly height: number;
}

/** A contact sheet plan, or why there is none. */
export type ContactSheetPlanResult = Result<ContactSheetPlan, RenderPlanError>;

function checkLayout(options: ContactSheetOptions): Result<void, RenderPlanError> {
  const count = options.atSeconds.length;
  if (count < 1 || count > CONTACT_SHEET_FRAMES_MAX) {
    return renderPlanFailure(
      "invalid_contact_sheet",
      `A contact sheet shows 1 to ${CONTACT_SHEET_FRAMES_MAX} instants, got ${count}.`,
    );
  }
  const { columns } = options;
  if (
    columns !== undefined &&
    (!Number.isInteger(columns) || columns < 1 || columns > CONTACT_SHEET_COLUMNS_MAX)
  ) {
    return renderPlanFailure(
      "invalid_contact_sheet",
      `columns must be an integer from 1 to ${CONTACT_SHEET_COLUMNS_MAX}, got ${columns}.`,
    );
  }
  return ok(undefined);
}

/**
 * Plans a contact sheet: one frame per instant at one width, laid out in rows.
 *
 * @example
 * ```ts
 * const result = planContactSheet(state, { atSeconds: [0, 2, 4, 6], width: 200, columns: 2 });
 * if (result.ok) result.value.rows; // 2
 * ```
 */
export function planContactSheet(
  state: EditorState,
  options: ContactSheetOptions,
): ContactSheetPlanResult {
  const layout = checkLayout(options);
  if (!layout.ok) return layout;
  const frames: RenderPlan[] = [];
  for (const atSeconds of options.atSeconds) {
    const planned = planRender(state, {
      atSeconds,
      width: options.width ?? CONTACT_SHEET_CELL_WIDTH_DEFAULT,
      ...(options.backgroundColor === undefined
        ? {}
        : { backgroundColor: options.backgroundColor }),
    });
    if (!planned.ok) return planned;
    frames.push(planned.value);
  }
  const first = frames[0];
  if (first === undefined) throw new Error("A checked contact sheet has at least one frame.");
  const columns = Math.min(frames.length, options.columns ?? CONTACT_SHEET_COLUMNS_DEFAULT);
  const rows = Math.ceil(frames.length / columns);
  return ok({
    frames,
    columns,
    rows,
    cellWidth: first.width,
    cellHeight: first.height,
    width: first.width * columns,
    height: first.height * rows,
  });
}
