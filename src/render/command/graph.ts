/**
 * The pieces a command is assembled from: ffmpeg inputs, filter chains with unique
 * labels, and text files the runner writes next to the inputs.
 *
 * @module
 */
/** A text file the command reads, written by the runner in ffmpeg's working directory. */
export interface CommandFile {
  /** File name relative to the working directory. */
  readonly name: string;
  /**
   * Its contents, UTF-8, as pieces made while they are read (each call starts over): a
   * large document, such as the subtitles of a long and busy timeline, is never whole in
   * memory, and the runner writes it in chunks, letting other work run between them.
   */
  readonly pieces: () => Iterable<string>;
}

/**
 * The whole text of a command file, for tests and small files.
 *
 * @example
 * ```ts
 * commandFileText(command.files[0]); // "[Script Info]\nScriptType: v4.00+\n..."
 * ```
 */
export function commandFileText(file: CommandFile): string {
  return [...file.pieces()].join("");
}

/** Demuxers a render may open: the media an editor project plays, nothing that links out. */
export const INPUT_FORMAT_WHITELIST = [
  "mov,mp4,m4a,3gp,3g2,mj2",
  "matroska,webm",
  "avi",
  "mpegts",
  "gif",
  "png_pipe",
  "jpeg_pipe",
  "webp_pipe",
  "bmp_pipe",
  "tiff_pipe",
  "mp3",
  "wav",
  "ogg",
  "flac",
  "aac",
].join(",");

/** Input options that keep ffmpeg on the local file it is given. */
export const INPUT_SAFETY_ARGS: readonly string[] = [
  "-protocol_whitelist",
  "file",
  "-format_whitelist",
  INPUT_FORMAT_WHITELIST,
];

/**
 * Decoder options of an input of which a few frames are read (a picture, or any input of
 * a frame or a contact sheet): one thread. Threads barely speed up a few frames, and each
 * holds frames and a stack of its own: a 16-frame contact sheet of a 720p timeline took
 * 1.6 GB of data segment with them, and a 32-picture 1080p export 0.9 GB of resident
 * memory.
 */
export const STILL_DECODER_OPTIONS: readonly string[] = ["-threads", "1"];

/** Where the runner put each input file: input id to file name in the working directory. */
export type InputFiles = ReadonlyMap<string, string>;

/** Accumulates inputs and filter chains. */
export class FilterGraph {
  /** Arguments of every input, in input-index order. */
  readonly inputArgs: string[] = [];
  /** Ids of the plan inputs read, once each. */
  readonly inputIds = new Set<string>();
  /** Filter chains, joined with `;`. */
  readonly chains: string[] = [];
  /** Text files the graph reads. */
  readonly files: CommandFile[] = [];
  #inputCount = 0;
  #labelCount = 0;
  readonly #stillInputs = new Map<string, number>();
  readonly #files: InputFiles;
  readonly #stillsOnly: boolean;

  /**
   * A graph over the inputs in `files`. With `stillsOnly` (a frame or a contact sheet,
   * which need a few frames of each input), every input is decoded like a still.
   */
  constructor(files: InputFiles, { stillsOnly = false }: { readonly stillsOnly?: boolean } = {}) {
    this.#files = files;
    this.#stillsOnly = stillsOnly;
  }

  /** A new label, `[name]` without the brackets, unique in the graph. */
  label(prefix: string): string {
    this.#labelCount += 1;
    return `${prefix}${this.#labelCount}`;
  }

  /**
   * Adds an input reading the file of plan input `inputId` with `options` before `-i`,
   * and returns its ffmpeg input index. A `still` (one picture) is decoded on one thread,
   * and read by one input however many times the graph uses it: ffmpeg hands its one
   * decoded frame to every chain that names the input, as `split` would, where an input
   * per use would decode the whole picture again each time (a 40-megapixel picture in a
   * 16-cell contact sheet: sixteen 120 MB frames).
   */
  addInput(inputId: string, options: readonly string[], { still = false } = {}): number {
    const key = still ? `${inputId}\n${options.join("\n")}` : undefined;
    const shared = key === undefined ? undefined : this.#stillInputs.get(key);
    if (shared !== undefined) return shared;
    const fileName = this.#files.get(inputId);
    if (fileName === undefined) throw new Error(`No file was given for input "${inputId}".`);
    const decoding = still || this.#stillsOnly ? STILL_DECODER_OPTIONS : [];
    this.inputArgs.push(...decoding, ...options, ...INPUT_SAFETY_ARGS, "-i", fileName);
    this.inputIds.add(inputId);
    const index = this.#inputCount;
    this.#inputCount += 1;
    if (key !== undefined) this.#stillInputs.set(key, index);
    return index;
  }

  /** Adds a filter chain. */
  addChain(chain: string): void {
    this.chains.push(chain);
  }

  /**
   * Adds a text file, named after `prefix` and a counter, whose contents `pieces` makes
   * when it is written, and returns its name.
   */
  addFile(prefix: string, extension: string, pieces: () => Iterable<string>): string {
    const name = `${prefix}-${this.files.length}.${extension}`;
    this.files.push({ name, pieces });
    return name;
  }

  /** The filter graph text. */
  text(): string {
    return this.chains.join(";\n");
  }

  /** The length of {@link text}, without joining it. */
  textLength(): number {
    let length = Math.max(0, this.chains.length - 1) * 2;
    for (const chain of this.chains) length += chain.length;
    return length;
  }

  /** {@link text} in pieces, one chain at a time. */
  *textPieces(): Generator<string> {
    for (const [index, chain] of this.chains.entries()) {
      yield index === 0 ? chain : `;\n${chain}`;
    }
  }
}
