/**
 * The voice step of a faceless video: the whole script narrated by the speech provider
 * in the requested voice and language, recorded with the word times the engine reported
 * (if it did).
 *
 * @module
 */
import type { SynthesizedSpeech, TranscriptWord } from "../../editor/providers.js";
import type { FacelessProgress, NarrationAudio } from "../../ports/product-workflow.js";
import { err, ok, type Result } from "../../result.js";
import { TIMELINE_DURATION_MAX_SECONDS } from "../../schemas/limits.js";
import { facelessInputOf } from "./product-inputs.js";
import { type FacelessVideo, type ProductRun, saveProgress } from "./product-record.js";
import { askProvider, isFetchableUrl, unusableAnswer } from "./provider-calls.js";
import { STEP_DONE, stepFailed, type WorkflowStep } from "./step-runner.js";

const WHO = "The speech provider";

// Reported words with usable times, in order; anything else is dropped, since the word
// timing step matches them to the script and can do without any of them.
function reportedWords(words: unknown): TranscriptWord[] {
  if (!Array.isArray(words)) return [];
  return words.flatMap((word: TranscriptWord) => {
    const usable =
      typeof word?.word === "string" &&
      Number.isFinite(word.startMs) &&
      Number.isFinite(word.endMs) &&
      word.endMs >= word.startMs &&
      word.startMs >= 0;
    return usable ? [{ word: word.word, startMs: word.startMs, endMs: word.endMs }] : [];
  });
}

function narrationOf(speech: SynthesizedSpeech): Result<NarrationAudio, string> {
  if (!isFetchableUrl(speech?.url)) return err("its url is not an absolute http(s) URL");
  const seconds = speech.durationSeconds;
  if (!(Number.isFinite(seconds) && seconds > 0 && seconds <= TIMELINE_DURATION_MAX_SECONDS)) {
    return err(`its length is not between 0 and ${TIMELINE_DURATION_MAX_SECONDS} seconds`);
  }
  return ok({
    url: speech.url,
    durationSeconds: seconds,
    filename: typeof speech.filename === "string" ? speech.filename : null,
    mediaId: typeof speech.mediaId === "string" ? speech.mediaId : null,
    words: reportedWords(speech.words),
  });
}

/** Narrates the script and records the audio. */
export const voiceStep: WorkflowStep<FacelessProgress, "voice"> = {
  name: "voice",
  done: (video) => video.workflow.voice !== null,
  async run(run: ProductRun, video: FacelessVideo) {
    const input = facelessInputOf(run.job);
    const text = video.script ?? "";
    const answer = await askProvider(WHO, () =>
      run.deps.speech.synthesize({ text, voice_id: input.voiceId, language: input.language }),
    );
    if (!answer.ok) return stepFailed(answer.error);
    const narration = narrationOf(answer.value);
    if (!narration.ok) return stepFailed(unusableAnswer(WHO, narration.error));
    const voice = narration.value;
    await saveProgress(run, "faceless_video", (progress) =>
      progress.voice === null ? { ...progress, voice } : progress,
    );
    return STEP_DONE;
  },
};
