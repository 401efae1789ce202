/**
 * Source offsets the engine accepts: a trim into media must start before the media ends
 * (`source_out_of_range` otherwise), and positions stay within the wire limit.
 *
 * @module
 */
import { TIMELINE_POSITION_MAX_SECONDS } from "../schemas/limits.js";

/**
 * A source offset that lies before the end of media lasting `mediaSeconds` (anywhere in
 * the window when the length is unknown), or undefined when no offset fits.
 */
export function sourceOffsetSeconds(
  unit: number,
  mediaSeconds: number | null,
  timelineSeconds: number,
): number | undefined {
  if (mediaSeconds === null) return Math.min(unit * timelineSeconds, TIMELINE_POSITION_MAX_SECONDS);
  if (!(mediaSeconds > 0)) return undefined;
  const offset = Math.min(unit * mediaSeconds, TIMELINE_POSITION_MAX_SECONDS);
  // Rounding can carry unit * length up to the length itself, which the engine refuses.
  return offset < mediaSeconds ? offset : 0;
}
