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
  /** Its contents, UTF-8. */
  readonly contents: string;
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
  readonly #files: InputFiles;
  readonly #decoderOptions: readonly string[];

  /**
   * A graph over the inputs in `files`; `decoderOptions` go before every input (such as
   * the decoder's thread count).
   */
  constructor(files: InputFiles, decoderOptions: readonly string[] = []) {
    this.#files = files;
    this.#decoderOptions = decoderOptions;
  }

  /** A new label, `[name]` without the brackets, unique in the graph. */
  label(prefix: string): string {
    this.#labelCount += 1;
    return `${prefix}${this.#labelCount}`;
  }

  /**
   * Adds an input reading the file of plan input `inputId` with `options` before `-i`,
   * and returns its ffmpeg input index.
   */
  addInput(inputId: string, options: readonly string[]): number {
    const fileName = this.#files.get(inputId);
    if (fileName === undefined) throw new Error(`No file was given for input "${inputId}".`);
    this.inputArgs.push(...this.#decoderOptions, ...options, ...INPUT_SAFETY_ARGS, "-i", fileName);
    this.inputIds.add(inputId);
    const index = this.#inputCount;
    this.#inputCount += 1;
    return index;
  }

  /** Adds a filter chain. */
  addChain(chain: string): void {
    this.chains.push(chain);
  }

  /** Adds a text file, named after `prefix` and a counter, and returns its name. */
  addFile(prefix: string, extension: string, contents: string): string {
    const name = `${prefix}-${this.files.length}.${extension}`;
    this.files.push({ name, contents });
    return name;
  }

  /** The filter graph text. */
  text(): string {
    return this.chains.join(";\n");
  }
}
