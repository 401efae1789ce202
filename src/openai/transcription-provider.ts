/**
 * The transcription port on OpenAI's transcription API: the media is read through the
 * service's media reader (never fetched by OpenAI from a URL, which may be private), sent
 * as one upload within OpenAI's size limit, and answered with each word's time
 * (`verbose_json` with word timestamps, which `whisper-1` reports). It offers no `align`:
 * callers transcribe and match the words to the known text, as the faceless workflow does.
 *
 * @module
 */
import { openAsBlob } from "node:fs";
import type { Transcript, TranscriptionRequest, TranscriptWord } from "../editor/providers.js";
import { ProviderError } from "../ports/provider-error.js";
import type { MediaBody, MediaReader } from "../ports/renderer.js";
import type { TranscriptionProvider } from "../ports/speech-and-transcription.js";
import { callOpenAI, invalidOutput } from "./openai-calls.js";
import { type OpenAIOptions, type OpenAISettings, openAISettings } from "./openai-options.js";

/** The largest file OpenAI transcribes, in bytes (its documented 25 MB). */
export const OPENAI_TRANSCRIPTION_MAX_BYTES = 25 * 1024 * 1024;

/** The file types OpenAI transcribes, by extension. */
const TRANSCRIBED_EXTENSIONS = new Set([
  "flac",
  "m4a",
  "mp3",
  "mp4",
  "mpeg",
  "mpga",
  "oga",
  "ogg",
  "wav",
  "webm",
]);

/** How the transcription provider is made. */
export interface OpenAITranscriptionOptions extends OpenAIOptions {
  /** Reads the media to transcribe by URL (`createProjectMediaReader` of `reelkit`). */
  readonly readMedia: MediaReader;
}

function tooLarge(url: string): ProviderError {
  return new ProviderError({
    category: "media_too_large",
    message: `The media at ${url} is larger than the ${OPENAI_TRANSCRIPTION_MAX_BYTES} bytes OpenAI transcribes.`,
    retryable: false,
  });
}

async function blobOf(body: MediaBody, url: string): Promise<Blob> {
  if (body instanceof Uint8Array) {
    if (body.byteLength > OPENAI_TRANSCRIPTION_MAX_BYTES) throw tooLarge(url);
    return new Blob([new Uint8Array(body)]);
  }
  if ("path" in body) {
    const blob = await openAsBlob(body.path);
    if (blob.size > OPENAI_TRANSCRIPTION_MAX_BYTES) throw tooLarge(url);
    return blob;
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  const iterable = body as AsyncIterable<Uint8Array>;
  for await (const chunk of iterable) {
    size += chunk.byteLength;
    if (size > OPENAI_TRANSCRIPTION_MAX_BYTES) throw tooLarge(url);
    chunks.push(new Uint8Array(chunk));
  }
  return new Blob(chunks);
}

// OpenAI tells the format by the file name's extension.
function fileNameOf(url: string): string {
  const name = new URL(url).pathname.split("/").pop() ?? "";
  const extension = name.split(".").pop()?.toLowerCase() ?? "";
  return TRANSCRIBED_EXTENSIONS.has(extension) ? `media.${extension}` : "media.wav";
}

async function readFile(readMedia: MediaReader, url: string): Promise<File> {
  const read = await readMedia({
    url,
    kind: "audio",
    maxBytes: OPENAI_TRANSCRIPTION_MAX_BYTES,
    signal: new AbortController().signal,
  });
  if (!read.ok) {
    throw new ProviderError({
      category: "media_unreadable",
      message: read.error,
      retryable: false,
    });
  }
  return new File([await blobOf(read.value, url)], fileNameOf(url));
}

interface WireWord {
  readonly word?: unknown;
  readonly start?: unknown;
  readonly end?: unknown;
}

function wordsOf(answer: { readonly words?: readonly WireWord[] }): TranscriptWord[] {
  if (!Array.isArray(answer.words)) throw invalidOutput("OpenAI answered no word timestamps.");
  return answer.words.flatMap((word: WireWord): TranscriptWord[] => {
    const { start, end } = word;
    if (typeof word.word !== "string" || typeof start !== "number" || typeof end !== "number") {
      throw invalidOutput("OpenAI answered a word without its text or times.");
    }
    const startMs = Math.max(0, Math.round(start * 1000));
    return [{ word: word.word, startMs, endMs: Math.max(startMs, Math.round(end * 1000)) }];
  });
}

async function transcribe(
  settings: OpenAISettings,
  readMedia: MediaReader,
  request: TranscriptionRequest,
): Promise<Transcript> {
  const file = await readFile(readMedia, request.url);
  const language = request.language?.slice(0, 2).toLowerCase();
  const body = {
    file,
    model: settings.models.transcription,
    response_format: "verbose_json" as const,
    timestamp_granularities: ["word" as const],
    ...(language === undefined ? {} : { language }),
  };
  const answer = await callOpenAI({
    what: "the transcription",
    limits: settings.limits,
    ...(settings.sleep === undefined ? {} : { sleep: settings.sleep }),
    attempt: (signal) => settings.client.audio.transcriptions.create(body, { signal }),
  });
  const words = wordsOf(answer as { readonly words?: readonly WireWord[] });
  return language === undefined ? { words } : { words, language };
}

/**
 * Creates the transcription provider on OpenAI, for `generate_captions_from_items` and the
 * word times of a faceless video's narration.
 *
 * @example
 * ```ts
 * import { createProjectMediaReader } from "reelkit";
 * import { createOpenAITranscriptionProvider } from "reelkit/openai";
 *
 * const readMedia = createProjectMediaReader({ mediaStorage, urlFetcher });
 * const transcription = createOpenAITranscriptionProvider({ readMedia });
 * ```
 */
export function createOpenAITranscriptionProvider(
  options: OpenAITranscriptionOptions,
): TranscriptionProvider {
  const settings = openAISettings(options);
  return { transcribe: (request) => transcribe(settings, options.readMedia, request) };
}
