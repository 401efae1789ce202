/**
 * Collecting what the outside world would have answered for a generated batch: the
 * transcripts of `generate_captions_from_items`, the speech of `add_voiceover` and the
 * resolutions of `add_sound_effect` references. The service asks its providers for these
 * before it applies a batch; a property suite receives them with the batch instead.
 *
 * @module
 */
import type { ApplyOptions, ResolvedMedia, Transcript } from "../editor/index.js";

/** The provider results a batch needs, ready to spread into `ApplyOptions`. */
export type ProviderResults = Pick<ApplyOptions, "transcripts" | "voiceover" | "media">;

type ResolutionTable = "soundEffects" | "mediaItems" | "urls";

/**
 * Accumulates provider results while a batch is planned. A reference resolved once keeps
 * its first answer, as a real provider would, so later operations plan against it.
 */
export class ProviderResultsBuilder {
  readonly #transcripts: Record<string, Transcript> = {};
  readonly #media: Record<ResolutionTable, Record<string, ResolvedMedia>> = {
    soundEffects: {},
    mediaItems: {},
    urls: {},
  };
  #voiceover: ProviderResults["voiceover"];

  /** The transcript already supplied for `itemId`, or `proposed` after recording it. */
  transcript(itemId: string, proposed: () => Transcript): Transcript {
    const known = this.#transcripts[itemId];
    if (known !== undefined) return known;
    const transcript = proposed();
    this.#transcripts[itemId] = transcript;
    return transcript;
  }

  /** The resolution already recorded for `key` in `table`, or `proposed` after recording it. */
  resolve(table: ResolutionTable, key: string, proposed: ResolvedMedia): ResolvedMedia {
    const known = this.#media[table][key];
    if (known !== undefined) return known;
    this.#media[table][key] = proposed;
    return proposed;
  }

  /** Records the synthesized speech of the batch's `add_voiceover`. */
  setVoiceover(speech: NonNullable<ProviderResults["voiceover"]>): void {
    this.#voiceover = speech;
  }

  /** The results so far, as `ApplyOptions` fields (copies, so later planning cannot change them). */
  results(): ProviderResults {
    const results: ProviderResults = {
      transcripts: { ...this.#transcripts },
      media: {
        soundEffects: { ...this.#media.soundEffects },
        mediaItems: { ...this.#media.mediaItems },
        urls: { ...this.#media.urls },
      },
    };
    if (this.#voiceover !== undefined) results.voiceover = this.#voiceover;
    return results;
  }
}
