/**
 * Probing received media before anything is stored: the prober (`mediaProber` of the
 * dependencies, the header prober by default) reads the whole file as the format its
 * bytes named, refuses what does not decode and pictures past the pixel limits, and
 * answers what the file holds (its length, size, streams and codecs), which the item's
 * metadata and its timeline asset then carry.
 *
 * @module
 */
import { type ApiError, apiError } from "../../errors/api-error.js";
import { fieldRefusal } from "../../errors/validation.js";
import { createHeaderMediaProber } from "../../media/probe/header-prober.js";
import { probeSourceOfBytes } from "../../media/probe/probe-reader.js";
import type { SniffedMedia } from "../../media/sniff.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type {
  MediaProbe,
  MediaProbeFailure,
  MediaProber,
  PictureLimits,
  ProbeSource,
} from "../../ports/media-prober.js";
import { IMAGE_PIXELS_MAX, IMAGE_SIDE_MAX_PIXELS } from "../../schemas/limits.js";
import { halt, proceed, type Step } from "../pipeline/results.js";

/** The pictures imports accept: {@link IMAGE_SIDE_MAX_PIXELS} a side, {@link IMAGE_PIXELS_MAX} in all. */
export const IMPORT_PICTURE_LIMITS: PictureLimits = {
  maxSidePixels: IMAGE_SIDE_MAX_PIXELS,
  maxPixels: IMAGE_PIXELS_MAX,
};

const DEFAULT_PROBER = createHeaderMediaProber();

/** The prober of the dependencies, or the header prober. */
export function mediaProberOf(deps: ServiceDependencies): MediaProber {
  return deps.mediaProber ?? DEFAULT_PROBER;
}

/** What a probe found, and which prober found it. */
export interface ProbedFile {
  /** What the file holds. */
  readonly probe: MediaProbe;
  /** The prober's name, recorded as `metadata.probed_by`. */
  readonly proberName: string;
}

/** The file to probe, what sniffing found it is, and the request field that sent it. */
export interface ProbeTarget {
  /** The file: whole bytes, or a stored object read by ranges. */
  readonly content: Uint8Array | ProbeSource;
  /** What its magic bytes say it is. */
  readonly sniffed: SniffedMedia;
  /** The request field named when it is refused. */
  readonly field: string;
}

const SERVER_SIDE_REASONS: Readonly<Record<string, string>> = {
  prober_unavailable: "prober_unavailable",
  timeout: "probe_timeout",
  prober_failed: "probe_failed",
};

/**
 * The API error of a failed probe: 400 `bad_request` for a file that does not decode
 * (`media_undecodable`), one the prober cannot check (`media_unsupported`) and a picture
 * past the limits (`image_too_large`, with its size and the limits); a retryable 500
 * `server_error` when the prober itself failed, since the same file may pass later.
 */
export function probeFailureError(failure: MediaProbeFailure, target: ProbeTarget): ApiError {
  const { field, sniffed } = target;
  const serverSide = SERVER_SIDE_REASONS[failure.code];
  if (serverSide !== undefined) {
    return apiError("server_error", "The file could not be checked right now; try again.", {
      retryable: true,
      context: { field, reason: serverSide },
    });
  }
  if (failure.code === "too_large") {
    return fieldRefusal({
      field,
      reason: "image_too_large",
      message: `${failure.message} Scale it down before uploading it.`,
      details: {
        width: failure.width,
        height: failure.height,
        max_side_pixels: IMAGE_SIDE_MAX_PIXELS,
        max_pixels: IMAGE_PIXELS_MAX,
      },
    });
  }
  return fieldRefusal({
    field,
    reason: failure.code === "unsupported" ? "media_unsupported" : "media_undecodable",
    message: `${failure.message} Nothing was stored.`,
    details: { detected_content_type: sniffed.mimeType },
  });
}

/** Probes a received file; the 400 or 500 that refuses it, with nothing stored. */
export async function probeReceivedFile(
  deps: ServiceDependencies,
  target: ProbeTarget,
): Promise<Step<ProbedFile>> {
  const prober = mediaProberOf(deps);
  const { content, sniffed } = target;
  const source = content instanceof Uint8Array ? probeSourceOfBytes(content) : content;
  const result = await prober.probe({
    source,
    format: sniffed.format,
    limits: IMPORT_PICTURE_LIMITS,
  });
  if (!result.ok) return halt(probeFailureError(result.error, target));
  return proceed({ probe: result.value, proberName: prober.name });
}
