/**
 * The price of an editor project's MP4 export (an extension beyond the contract): the
 * renderer's time grows with the length of the timeline, so the price does too.
 *
 * @module
 */
import { DEFAULT_PRICES, type PriceTable } from "./default-prices.js";

/**
 * Credits an export of `durationSeconds` costs: the table's price per started minute
 * (at least one minute).
 *
 * @example
 * ```ts
 * priceEditorExport(30); // 5
 * priceEditorExport(61); // 10
 * ```
 */
export function priceEditorExport(
  durationSeconds: number,
  prices: PriceTable = DEFAULT_PRICES,
): number {
  return Math.max(1, Math.ceil(durationSeconds / 60)) * prices.editorExportCreditsPerMinute;
}
