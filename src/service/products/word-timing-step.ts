/**
 * The word timing step of a faceless video: when each word of the script is spoken. The
 * sources are tried in order, each matched to the script (`word-matching.ts`), and the
 * first that times at least {@link TIMED_SHARE_MIN} of the words is taken:
 *
 * 1. the word times the speech engine reported (no call);
 * 2. a forced alignment of the script to the audio, when the transcription provider
 *    offers `align`;
 * 3. a transcript of the audio.
 *
 * Failing all of them, the words are spread over the narration by their syllables
 * (`estimate`). A provider that says it cannot serve the request (a `ProviderError` that
 * is not retryable, such as an unsupported language) passes the turn to the next source;
 * an outage fails the step, so the video is refunded rather than captioned by estimate
 * when precise times were only briefly out of reach.
 *
 * @module
 */
import type { TranscriptWord } from "../../editor/providers.js";
import type {
  FacelessProgress,
  WordTiming,
  WordTimingSource,
} from "../../ports/product-workflow.js";
import type { JobFailure } from "../../ports/records.js";
import { ok, type Result } from "../../result.js";
import { narrationWords } from "./narration-text.js";
import { facelessInputOf } from "./product-inputs.js";
import { type FacelessVideo, type ProductRun, saveProgress } from "./product-record.js";
import { askProvider } from "./provider-calls.js";
import { STEP_DONE, stepFailed, type WorkflowStep } from "./step-runner.js";
import { matchWordTimes } from "./word-matching.js";

/** Share of the script's words a source must time to be taken. */
export const TIMED_SHARE_MIN = 0.5;

const WHO = "The transcription provider";

// The item id a transcription request names; the narration is not on a timeline yet.
const NARRATION_ITEM_ID = "narration";

/** A source of heard words: its name, and how to get them (none when it has none). */
interface HeardSource {
  readonly source: WordTimingSource;
  readonly hear: () => Promise<Result<readonly TranscriptWord[] | null, JobFailure>>;
}

// Words from a provider call: none when it declined for good, the failure otherwise.
async function heardFrom(
  call: () => Promise<{ readonly words: readonly TranscriptWord[] }>,
): Promise<Result<readonly TranscriptWord[] | null, JobFailure>> {
  const answer = await askProvider(WHO, call);
  if (answer.ok) return ok(answer.value?.words ?? []);
  return answer.error.retryable ? answer : ok(null);
}

function sourcesOf(run: ProductRun, video: FacelessVideo): HeardSource[] {
  const voice = video.workflow.voice;
  if (voice === null) throw new Error(`Video ${video.id} reached word timing without a voice.`);
  const { language } = facelessInputOf(run.job);
  const transcription = run.deps.transcription;
  const align = transcription.align?.bind(transcription);
  const sources: HeardSource[] = [{ source: "speech", hear: async () => ok(voice.words) }];
  if (align !== undefined) {
    const text = video.script ?? "";
    sources.push({
      source: "alignment",
      hear: () => heardFrom(() => align({ url: voice.url, text, language })),
    });
  }
  sources.push({
    source: "transcript",
    hear: () =>
      heardFrom(() =>
        transcription.transcribe({ itemId: NARRATION_ITEM_ID, url: voice.url, language }),
      ),
  });
  return sources;
}

/** The words of the scenes, in order: the words the captions show and the timing times. */
export function sceneWords(video: FacelessVideo): string[] {
  return (video.workflow.scenes ?? []).flatMap((scene) => narrationWords(scene.text));
}

async function timeWords(
  run: ProductRun,
  video: FacelessVideo,
): Promise<Result<WordTiming, JobFailure>> {
  const words = sceneWords(video);
  const durationMs = Math.round((video.workflow.voice?.durationSeconds ?? 0) * 1000);
  for (const { source, hear } of sourcesOf(run, video)) {
    const heard = await hear();
    if (!heard.ok) return heard;
    if (heard.value === null || heard.value.length === 0) continue;
    const matched = matchWordTimes(words, heard.value, durationMs);
    if (matched.matched >= words.length * TIMED_SHARE_MIN) {
      return ok({ words: matched.words, source, matchedWords: matched.matched });
    }
  }
  const estimated = matchWordTimes(words, [], durationMs);
  return ok({ words: estimated.words, source: "estimate", matchedWords: 0 });
}

/** Times the script's words in the narration and records them. */
export const wordTimingStep: WorkflowStep<FacelessProgress, "word_timing"> = {
  name: "word_timing",
  done: (video) => video.workflow.timing !== null,
  async run(run, video) {
    const timed = await timeWords(run, video);
    if (!timed.ok) return stepFailed(timed.error);
    await saveProgress(run, "faceless_video", (progress) =>
      progress.timing === null ? { ...progress, timing: timed.value } : progress,
    );
    return STEP_DONE;
  },
};
