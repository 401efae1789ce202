/**
 * Reading ffprobe's JSON (`-show_format -show_streams -of json`) into what a probe
 * answers. The JSON is the tool's output: it is parsed defensively, only the few fields
 * needed are read, and none of it is passed on as text to a client.
 *
 * @module
 */
import type { MediaFormatName } from "../../media/media-formats.js";
import { MEDIA_FORMATS } from "../../media/media-formats.js";
import type { MediaProbe, MediaStreamKind } from "../../ports/media-prober.js";

/** One stream as ffprobe describes it, reduced to what a probe reads. */
export interface ProbedStream {
  readonly kind: MediaStreamKind;
  readonly codec: string;
  readonly width: number | null;
  readonly height: number | null;
  /** Packets counted (with `-count_packets`), when asked. */
  readonly packets: number | null;
}

/** What ffprobe said of a file. */
export interface FfprobeReport {
  readonly durationSeconds: number | null;
  readonly streams: readonly ProbedStream[];
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function positive(value: unknown): number | null {
  const number = typeof value === "string" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) && number > 0 ? number : null;
}

function streamOf(value: unknown): ProbedStream | undefined {
  const stream = record(value);
  const kind = stream?.codec_type;
  if (stream === undefined || (kind !== "video" && kind !== "audio")) return undefined;
  // Cover art in a sound file is a still picture, not a video stream.
  if (record(stream.disposition)?.attached_pic === 1) return undefined;
  const codec = typeof stream.codec_name === "string" ? stream.codec_name : "unknown";
  return {
    kind,
    codec: codec.slice(0, 64),
    width: kind === "video" ? positive(stream.width) : null,
    height: kind === "video" ? positive(stream.height) : null,
    packets: positive(stream.nb_read_packets),
  };
}

/** The report in ffprobe's JSON, or undefined when the text is not such JSON. */
export function readFfprobeJson(text: string): FfprobeReport | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const root = record(parsed);
  if (root === undefined) return undefined;
  const streams = Array.isArray(root.streams) ? root.streams : [];
  return {
    durationSeconds: positive(record(root.format)?.duration),
    streams: streams.map(streamOf).filter((stream) => stream !== undefined),
  };
}

/**
 * The probe of a report, for a file sniffed as `format`: pictures are `image` (an
 * animated GIF keeps its length, a single frame has none), other files `video` when they
 * have a video stream, else `audio`; undefined when it holds neither.
 */
export function probeOfReport(
  report: FfprobeReport,
  format: MediaFormatName,
): Omit<MediaProbe, "check"> | undefined {
  const video = report.streams.filter((stream) => stream.kind === "video");
  const audio = report.streams.filter((stream) => stream.kind === "audio");
  const [frame] = video;
  if (MEDIA_FORMATS[format].kind === "image") {
    if (frame === undefined) return undefined;
    const animated = (frame.packets ?? 1) > 1;
    return {
      kind: "image",
      format,
      durationSeconds: animated ? report.durationSeconds : null,
      width: frame.width,
      height: frame.height,
      streams: [],
      codecs: [frame.codec],
    };
  }
  if (video.length === 0 && audio.length === 0) return undefined;
  return {
    kind: frame === undefined ? "audio" : "video",
    format,
    durationSeconds: report.durationSeconds,
    width: frame?.width ?? null,
    height: frame?.height ?? null,
    streams: [
      ...(video.length > 0 ? ["video" as const] : []),
      ...(audio.length > 0 ? ["audio" as const] : []),
    ],
    codecs: [...video, ...audio].map((stream) => stream.codec),
  };
}
