/**
 * ffmpeg expressions (libavutil `eval`) of the plan's animations and motion, in `t`, the
 * time of the frame in output seconds (the graph's clock).
 *
 * @module
 */
import type { PlannedAnimation, PlannedMotion } from "../../editor/render-plan/types.js";
import { decimal } from "./numbers.js";

/** `expression` in single quotes, as a filter option value whose commas stay inside. */
export function quoted(expression: string): string {
  if (expression.includes("'")) throw new Error(`Expression ${expression} holds a quote.`);
  return `'${expression}'`;
}

/** Linear progress from 0 at `start` to 1 at `end` (output seconds). */
export function progressExpression(startSeconds: number, endSeconds: number): string {
  const length = endSeconds - startSeconds;
  if (length <= 0) return `gte(t,${decimal(startSeconds)})`;
  return `clip((t-${decimal(startSeconds)})/${decimal(length)},0,1)`;
}

/** `from + (to - from) * progress`, simplified when the value does not change. */
export function lerpExpression(from: number, to: number, progress: string): string {
  if (from === to) return decimal(from);
  return `(${decimal(from)}+${decimal(to - from)}*${progress})`;
}

type Channel = "scaleX" | "scaleY" | "offsetX" | "offsetY";

/**
 * The product (scales) or sum (offsets) over the animations of one pose channel, or
 * undefined when no animation changes it.
 */
export function animationChannel(
  animations: readonly PlannedAnimation[],
  channel: Channel,
): string | undefined {
  const terms = animations
    .filter((animation) => animation.from[channel] !== animation.to[channel])
    .map((animation) =>
      lerpExpression(
        animation.from[channel],
        animation.to[channel],
        progressExpression(animation.window.startSeconds, animation.window.endSeconds),
      ),
    );
  if (terms.length === 0) return undefined;
  return terms.join(channel.startsWith("scale") ? "*" : "+");
}

/** Progress through the motion's current cycle, 0 to 1, at the time `t`. */
function motionProgress(motion: PlannedMotion, t: string): string {
  const start = decimal(motion.window.startSeconds);
  const cycle = decimal(motion.cycleSeconds);
  if (motion.loops) return `if(lt(${t},${start}),0,mod(${t}-${start},${cycle})/${cycle})`;
  return `clip((${t}-${start})/${cycle},0,1)`;
}

/**
 * The motion's zoom over time. `time` is the expression of the time, `t` unless the
 * filter names it otherwise.
 */
export function motionScaleExpression(motion: PlannedMotion, time = "t"): string {
  return lerpExpression(motion.from.scale, motion.to.scale, motionProgress(motion, time));
}

/** The motion's shift along one axis over time (`time`, as above), sway included. */
export function motionOffsetExpression(motion: PlannedMotion, axis: "x" | "y", time = "t"): string {
  const t = time;
  const key = axis === "x" ? "offsetX" : "offsetY";
  const drift = lerpExpression(motion.from[key], motion.to[key], motionProgress(motion, t));
  const { sway } = motion;
  const amplitude = sway === null ? 0 : axis === "x" ? sway.amplitudeX : sway.amplitudeY;
  if (sway === null || amplitude === 0) return drift;
  const period = axis === "x" ? sway.periodXSeconds : sway.periodYSeconds;
  const start = motion.window.startSeconds;
  const end = motion.loops ? motion.window.endSeconds : start + motion.cycleSeconds;
  const active = `between(${t},${decimal(start)},${decimal(end)})`;
  return `${drift}+${decimal(amplitude)}*sin(2*PI*(${t}-${decimal(start)})/${decimal(period)})*${active}`;
}
