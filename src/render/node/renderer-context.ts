/**
 * What every render of one ffmpeg renderer shares: its program, limits, encoding and
 * font, its media reader, its lanes of slots, how its processes are confined, where it
 * logs, and the signal that closing it aborts.
 *
 * @module
 */
import type { Logger } from "../../observability/logger.js";
import type { MediaReader } from "../../ports/renderer.js";
import type { CommandKind, FontSettings, VideoEncoding } from "../ffmpeg-command.js";
import type { RenderLimits } from "../render-limits.js";
import type { RenderSlots } from "../render-slots.js";
import type { ProcessConfinement } from "./confinement.js";

/** The shared parts of a renderer's renders. */
export interface RendererContext {
  /** The ffmpeg program. */
  readonly program: string;
  /** The limits. */
  readonly limits: RenderLimits;
  /** How MP4s are encoded. */
  readonly encoding: VideoEncoding;
  /** How text is set. */
  readonly font: FontSettings;
  /** Reads an input's bytes by URL. */
  readonly readMedia: MediaReader;
  /** Where working directories are made. */
  readonly temporaryDirectory: string;
  /** The memory cap ffmpeg runs under, or undefined for none. */
  readonly confinement: ProcessConfinement | undefined;
  /** Where ffmpeg's error output of a failed render goes (never to a client). */
  readonly logger: Logger;
  /** The slots of each lane. */
  readonly lanes: Readonly<Record<CommandKind, RenderSlots>>;
  /** Aborted when the renderer is closed: every render stops. */
  readonly closing: AbortSignal;
}
