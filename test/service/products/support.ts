/**
 * Helpers of the product workflow tests: providers that count their calls (or fail, or
 * never answer, at a chosen point), the queued job of a product, and the ledger entries
 * of one hold.
 */
import type { Job, ScriptWriter, VisualGenerator } from "reelkit";
import type { SpeechProvider, TranscriptionProvider } from "reelkit/editor";
import type { Harness } from "../support/harness.js";
import { ORGS } from "../support/harness.js";

/** Calls each provider method received, by name. */
export type CallCounts = Record<string, number>;

/** The providers of a harness, wrapped to count their calls. */
export interface CountedProviders {
  readonly counts: CallCounts;
  readonly scriptWriter: ScriptWriter;
  readonly visuals: VisualGenerator;
  readonly speech: SpeechProvider;
  readonly transcription: TranscriptionProvider;
}

/** A provider method's interception: run before the real call; may throw or never settle. */
export type Interception = (name: string, count: number) => Promise<void> | void;

/**
 * Wraps the providers of `harness.deps` so that every call of a product's workflow is
 * counted; `intercept` runs before each call with its name and number (from 1).
 */
export function countedProviders(harness: Harness, intercept?: Interception): CountedProviders {
  const counts: CallCounts = {};
  const counted = <Args extends unknown[], Result>(
    name: string,
    call: (...args: Args) => Promise<Result>,
  ) => {
    return async (...args: Args): Promise<Result> => {
      counts[name] = (counts[name] ?? 0) + 1;
      await intercept?.(name, counts[name] as number);
      return call(...args);
    };
  };
  const { scriptWriter, visuals, speech, transcription } = harness.deps;
  return {
    counts,
    scriptWriter: {
      write: (request) => scriptWriter.write(request),
      planScenes: counted("planScenes", async (request) => {
        const planned = await scriptWriter.planScenes?.(request);
        if (planned === undefined) throw new Error("the harness's writer plans scenes");
        return planned;
      }),
      planSlides: counted("planSlides", async (request) => {
        const planned = await scriptWriter.planSlides?.(request);
        if (planned === undefined) throw new Error("the harness's writer plans slides");
        return planned;
      }),
    },
    visuals: { generate: counted("generate", (request) => visuals.generate(request)) },
    speech: { synthesize: counted("synthesize", (request) => speech.synthesize(request)) },
    transcription: {
      transcribe: counted("transcribe", (request) => transcription.transcribe(request)),
    },
  };
}

/** A promise that never settles: a provider call on a host that died mid-way. */
export function never(): Promise<never> {
  return new Promise(() => undefined);
}

/** The one queued job of the harness; throws when there is none or several. */
export function onlyQueuedJob(harness: Harness): Job {
  const jobs = harness.queue.pending();
  if (jobs.length !== 1) throw new Error(`expected one queued job, found ${jobs.length}`);
  return jobs[0] as Job;
}

/** How often the hold was opened, captured and released, by the ledger. */
export async function holdMoves(
  harness: Harness,
  holdId: string,
): Promise<{ hold: number; capture: number; release: number }> {
  const ledger = await harness.deps.credits.ledger(ORGS.acme);
  const moves = { hold: 0, capture: 0, release: 0 };
  for (const entry of ledger) {
    if (entry.kind !== "grant" && entry.holdId === holdId) moves[entry.kind] += 1;
  }
  return moves;
}

/** Waits until `check` holds, looking every few milliseconds; throws after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("the condition never held");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
