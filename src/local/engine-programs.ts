/**
 * Where the local engines are: each a program found on `PATH` by default, or at a path
 * the embedder gives (Debian installs them under `/usr/bin`), and the recognizer's
 * model where Debian's `pocketsphinx-en-us` puts it.
 *
 * @module
 */

/** The directory of Debian's `pocketsphinx-en-us` model (acoustic model, dictionary, language model). */
export const POCKETSPHINX_EN_US_MODEL_DIRECTORY = "/usr/share/pocketsphinx/model/en-us";

/** The programs (paths, or names looked up on `PATH`) and the recognizer's model. */
export interface LocalEnginePrograms {
  /** The flite synthesizer; default `flite`. */
  readonly flite?: string;
  /** flite's text-to-phones program, which times words of flite's speech; default `t2p`. */
  readonly t2p?: string;
  /** The espeak-ng synthesizer; default `espeak-ng`. */
  readonly espeakNg?: string;
  /** pocketsphinx's recognizer; default `pocketsphinx_continuous`. */
  readonly pocketsphinx?: string;
  /**
   * The US English model directory holding `en-us/` (the acoustic model),
   * `cmudict-en-us.dict` and `en-us.lm.bin`; default {@link POCKETSPHINX_EN_US_MODEL_DIRECTORY}.
   */
  readonly pocketsphinxModel?: string;
  /** ffmpeg, which extracts and resamples the audio to recognize; default `ffmpeg`. */
  readonly ffmpeg?: string;
}

/** {@link LocalEnginePrograms} with every default filled in. */
export type ResolvedEnginePrograms = Required<LocalEnginePrograms>;

/** The programs of `programs`, each default filled in. */
export function resolveEnginePrograms(programs: LocalEnginePrograms = {}): ResolvedEnginePrograms {
  return {
    flite: programs.flite ?? "flite",
    t2p: programs.t2p ?? "t2p",
    espeakNg: programs.espeakNg ?? "espeak-ng",
    pocketsphinx: programs.pocketsphinx ?? "pocketsphinx_continuous",
    pocketsphinxModel: programs.pocketsphinxModel ?? POCKETSPHINX_EN_US_MODEL_DIRECTORY,
    ffmpeg: programs.ffmpeg ?? "ffmpeg",
  };
}
