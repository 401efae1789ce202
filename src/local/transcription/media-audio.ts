/**
 * The audio a recognition reads: the media at a URL, read through the given reader (the
 * service's stored media and safe fetcher, never a raw fetch) into the session's
 * directory, bounded in size, and turned by ffmpeg into a 16 kHz mono 16-bit WAV file,
 * the format the US English model was trained on, bounded in length.
 *
 * @module
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ProviderError } from "../../ports/provider-error.js";
import type { MediaReader } from "../../ports/renderer.js";
import { writeInputs } from "../../render/node/media-inputs.js";
import { type PcmWav, readPcmWav } from "../audio/wav.js";
import type { EngineRunner } from "../engine-runner.js";

/** The sample rate of the recognizer's model. */
export const RECOGNITION_SAMPLE_RATE = 16_000;

/** What preparing the audio needs. */
export interface MediaAudioRequest {
  /** The media's URL. */
  readonly url: string;
  /** The session's directory. */
  readonly directory: string;
  /** Reads the media by URL. */
  readonly readMedia: MediaReader;
  /** The ffmpeg program. */
  readonly ffmpeg: string;
  /** Largest media read, in bytes. */
  readonly maxBytes: number;
  /** Longest audio accepted, in seconds. */
  readonly maxSeconds: number;
  /** Seconds before ffmpeg is stopped. */
  readonly timeoutSeconds: number;
}

/** The prepared audio: its path and its samples. */
export interface MediaAudio {
  /** The 16 kHz mono WAV file. */
  readonly path: string;
  /** The file, read. */
  readonly wav: PcmWav;
}

function unreadable(url: string, why: string): ProviderError {
  return new ProviderError({
    category: "media_unreadable",
    message: `The media at ${url} ${why}.`,
    retryable: false,
  });
}

/** Reads the media at `request.url` and extracts its sound as 16 kHz mono WAV. */
export async function prepareMediaAudio(
  runner: EngineRunner,
  request: MediaAudioRequest,
): Promise<MediaAudio> {
  const { url, directory } = request;
  const written = await writeInputs([{ id: "source", kind: "video", url, durationSeconds: null }], {
    readMedia: request.readMedia,
    directory,
    maxBytes: request.maxBytes,
    signal: new AbortController().signal,
  });
  if (!written.ok) {
    throw new ProviderError({
      category: written.error.code,
      message: written.error.message,
      retryable: written.error.code === "media_unavailable",
    });
  }
  const path = join(directory, "audio.wav");
  await runner
    .exec({
      engine: "ffmpeg",
      program: request.ffmpeg,
      args: [
        ...["-hide_banner", "-nostdin", "-v", "error", "-i", written.value.get("source") ?? ""],
        ...["-vn", "-ac", "1", "-ar", String(RECOGNITION_SAMPLE_RATE), "-c:a", "pcm_s16le"],
        ...["-t", String(request.maxSeconds + 1), path],
      ],
      cwd: directory,
      timeoutSeconds: request.timeoutSeconds,
    })
    .catch((error: unknown) => {
      if (error instanceof ProviderError && error.category === "engine_failed") {
        throw unreadable(url, "has no sound ffmpeg can read");
      }
      throw error;
    });
  const wav = readPcmWav(new Uint8Array(await readFile(path)));
  if (wav === undefined || wav.samples.length === 0) throw unreadable(url, "has no sound");
  if (wav.durationSeconds > request.maxSeconds) {
    throw new ProviderError({
      category: "media_too_long",
      message: `The media at ${url} is longer than the ${request.maxSeconds} s a transcription reads.`,
      retryable: false,
    });
  }
  return { path, wav };
}
