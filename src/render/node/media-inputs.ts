/**
 * Brings a render's inputs into its working directory through the injected media
 * reader, so ffmpeg only ever opens local files; each is bounded in size.
 *
 * @module
 */
import { open, stat, symlink } from "node:fs/promises";
import { join } from "node:path";
import type { RenderInput } from "../../editor/render-plan/types.js";
import {
  type LocalMediaFile,
  type MediaBody,
  type MediaReader,
  type RenderError,
  type RenderFailure,
  renderFailure,
} from "../../ports/renderer.js";
import { ok, type Result } from "../../result.js";

/** What writing the inputs needs. */
export interface InputWriting {
  /** Reads an input's bytes by URL. */
  readonly readMedia: MediaReader;
  /** The render's working directory. */
  readonly directory: string;
  /** Largest input accepted, in bytes. */
  readonly maxBytes: number;
  /** Aborted with the render. */
  readonly signal: AbortSignal;
}

/** The file name of the `index`-th input in the working directory. */
export function inputFileName(index: number): string {
  return `input-${index}`;
}

function isLocalFile(body: MediaBody): body is LocalMediaFile {
  return !(body instanceof Uint8Array) && "path" in body && typeof body.path === "string";
}

async function* chunksOf(body: Exclude<MediaBody, LocalMediaFile>): AsyncGenerator<Uint8Array> {
  if (body instanceof Uint8Array) {
    yield body;
    return;
  }
  if (body instanceof ReadableStream) {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  yield* body as AsyncIterable<Uint8Array>;
}

function tooLarge(input: RenderInput, maxBytes: number): RenderFailure {
  return renderFailure(
    "media_too_large",
    `The ${input.kind} at ${input.url} is larger than the ${maxBytes} bytes a render accepts.`,
  );
}

// A local file is linked, after its size is checked; bytes are written as they come,
// counted against the limit.
async function writeBody(
  body: MediaBody,
  { input, path }: { input: RenderInput; path: string },
  writing: InputWriting,
): Promise<RenderFailure | undefined> {
  if (isLocalFile(body)) {
    if ((await stat(body.path)).size > writing.maxBytes) return tooLarge(input, writing.maxBytes);
    await symlink(body.path, path);
    return undefined;
  }
  const file = await open(path, "wx", 0o600);
  try {
    let written = 0;
    for await (const chunk of chunksOf(body)) {
      written += chunk.byteLength;
      if (written > writing.maxBytes) return tooLarge(input, writing.maxBytes);
      if (writing.signal.aborted) return undefined;
      await file.write(chunk);
    }
    return undefined;
  } finally {
    await file.close();
  }
}

async function writeInput(
  input: RenderInput,
  path: string,
  writing: InputWriting,
): Promise<RenderFailure | undefined> {
  try {
    const read = await writing.readMedia({
      url: input.url,
      kind: input.kind,
      maxBytes: writing.maxBytes,
      signal: writing.signal,
    });
    if (!read.ok) {
      return renderFailure(
        "media_unavailable",
        `Could not read the ${input.kind} at ${input.url}: ${read.error}`,
      );
    }
    return await writeBody(read.value, { input, path }, writing);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return renderFailure(
      "media_unavailable",
      `Could not read the ${input.kind} at ${input.url}: ${reason}`,
    );
  }
}

/**
 * Writes every input into the working directory, all at once, and returns the file
 * name of each by input id; or the first failure.
 */
export async function writeInputs(
  inputs: readonly RenderInput[],
  writing: InputWriting,
): Promise<Result<Map<string, string>, RenderError>> {
  const files = new Map(inputs.map((input, index) => [input.id, inputFileName(index)]));
  const failures = await Promise.all(
    inputs.map((input, index) =>
      writeInput(input, join(writing.directory, inputFileName(index)), writing),
    ),
  );
  return failures.find((failure) => failure !== undefined) ?? ok(files);
}
