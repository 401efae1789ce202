/**
 * What a finished ffmpeg run means for the render: nothing (it succeeded), or the
 * failure to answer. ffmpeg's own words never reach the answer: they may hold paths of
 * the server and heap addresses, so they go to the renderer's logger alone.
 *
 * @module
 */
import { type RenderFailure, renderFailure } from "../../ports/renderer.js";
import type { ProcessExit } from "./ffmpeg-process.js";
import type { RendererContext } from "./renderer-context.js";

// What ffmpeg and the C library print when an allocation fails under the memory cap: an
// allocation (ENOMEM), or a thread whose stack cannot be mapped (EAGAIN from
// pthread_create, which ffmpeg reports as the resource being unavailable).
const OUT_OF_MEMORY =
  /Cannot allocate memory|Out of memory|bad_alloc|failed to allocate|Resource temporarily unavailable/i;

/** The render's time limit and whether it was closed, for the failure's words. */
export interface RunEnd {
  /** The limit the run had. */
  readonly timeoutSeconds: number;
  /** Whether the renderer was closed during the run. */
  readonly closed: boolean;
}

function memoryExceeded(context: RendererContext): RenderFailure {
  const maximum = context.confinement?.memoryMaxBytes ?? 0;
  return renderFailure(
    "render_memory_exceeded",
    `The render needed more than the ${Math.round(maximum / (1024 * 1024))} MiB of memory one render may use: use smaller pictures and clips, or render at a smaller size.`,
    { limit: { name: "memoryMaxBytes", maximum } },
  );
}

/** The failure of an ffmpeg run that did not exit cleanly, or undefined when it did. */
export function failureOfExit(
  exit: ProcessExit,
  context: RendererContext,
  end: RunEnd,
): RenderFailure | undefined {
  switch (exit.kind) {
    case "exited":
      if (exit.exitCode === 0 && exit.exitSignal === null) return undefined;
      if (context.confinement !== undefined && OUT_OF_MEMORY.test(exit.stderr)) {
        return memoryExceeded(context);
      }
      return renderFailure("render_failed", "ffmpeg failed to render this timeline.");
    case "missing":
      return renderFailure(
        "renderer_unavailable",
        `ffmpeg was not found (looked for "${context.program}").`,
        { missing: "ffmpeg" },
      );
    case "timeout":
      return renderFailure(
        "render_timeout",
        `The render ran past its ${end.timeoutSeconds}-second limit and was stopped.`,
      );
    case "aborted":
      return end.closed
        ? renderFailure("renderer_closed", "The renderer was closed: its host is stopping.")
        : renderFailure("render_aborted", "The render was aborted.");
  }
}
