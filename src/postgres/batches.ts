/**
 * Long maintenance work (pruning, re-queueing) done as a series of short statements, so
 * no statement holds many row locks or runs long beside the live traffic.
 *
 * @module
 */

/** Rows one maintenance statement touches at most when nothing else is said. */
export const MAINTENANCE_BATCH_SIZE_DEFAULT = 500;

/** The most rows one maintenance statement may touch. */
export const MAINTENANCE_BATCH_SIZE_MAX = 10_000;

/** The batch size of `batchSize`, or a `RangeError` for one outside 1 to the maximum. */
export function checkedBatchSize(batchSize = MAINTENANCE_BATCH_SIZE_DEFAULT): number {
  if (!Number.isSafeInteger(batchSize) || batchSize < 1 || batchSize > MAINTENANCE_BATCH_SIZE_MAX) {
    throw new RangeError(
      `batchSize must be a whole number from 1 to ${MAINTENANCE_BATCH_SIZE_MAX}, got ${batchSize}.`,
    );
  }
  return batchSize;
}

/**
 * Runs `batch` (one statement, returning how many rows it touched) until a batch touches
 * fewer than `batchSize` rows, or `maxBatches` have run; returns the rows touched in all.
 */
export async function inBatches(
  batch: () => Promise<number>,
  batchSize: number,
  maxBatches = Number.POSITIVE_INFINITY,
): Promise<number> {
  let total = 0;
  for (let count = 0; count < maxBatches; count += 1) {
    const touched = await batch();
    total += touched;
    if (touched < batchSize) break;
  }
  return total;
}
