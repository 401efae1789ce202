/**
 * reelkit/local: offline engines that run on this machine, behind the service's ports.
 * Node only; each engine runs its system tool as a bounded child process and never
 * reaches the network.
 *
 * - Media probing: {@link createFfprobeMediaProber} tells what every imported file holds
 *   with ffprobe and decodes its first frame with ffmpeg (the `mediaProber` port).
 *
 * @example
 * ```ts
 * import { createHeaderMediaProber, createService } from "reelkit";
 * import { createFfprobeMediaProber } from "reelkit/local";
 *
 * const found = await createFfprobeMediaProber();
 * const mediaProber = found.ok ? found.value : createHeaderMediaProber();
 * const service = createService({ ...ports, ...providers, mediaProber });
 * ```
 *
 * @packageDocumentation
 */
export {
  createFfprobeMediaProber,
  FFPROBE_CONCURRENT_PROBES_DEFAULT,
  FFPROBE_OUTPUT_MAX_BYTES_DEFAULT,
  FFPROBE_PROBER_NAME,
  FFPROBE_TIMEOUT_MILLISECONDS_DEFAULT,
  type FfprobeMediaProberOptions,
  type FfprobeMediaProberSetup,
} from "./probe/ffprobe-prober.js";
