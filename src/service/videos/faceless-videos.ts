/**
 * POST /faceless-videos (spec 4.8). The video is then polled with GET /videos/{id}.
 *
 * @module
 */
import { priceFacelessVideo } from "../../credits/price-products.js";
import { pricingApiError } from "../../credits/pricing.js";
import { createFacelessVideoRequestSchema } from "../../schemas/faceless-videos.js";
import {
  FACELESS_VOICE_DEFAULT,
  NARRATION_WORDS_PER_SECOND_DEFAULT,
  VOICEOVER_MAX_WORDS,
  VOICEOVER_TEXT_MAX_LENGTH,
} from "../../schemas/limits.js";
import { checkAssetReferences, findVoice } from "../catalog/workspace-references.js";
import { unusableFieldError } from "../generations/reference-errors.js";
import { parseInput } from "../pipeline/input.js";
import { runPaidRequest } from "../pipeline/paid.js";
import { failure } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { narrationFit } from "../products/narration-size.js";
import { hasText, queueFacelessVideo } from "./queue-faceless-video.js";

// A given script is narrated as one voiceover of the video's project: its limits hold.
function scriptTooLong(script: string) {
  const fitted = narrationFit(script);
  if (fitted.ok) return undefined;
  const fit = fitted.error;
  const message =
    fit.reason === "too_many_words"
      ? `The script has ${fit.words} spoken words; a faceless video narrates at most ${VOICEOVER_MAX_WORDS}.`
      : `The script has ${fit.characters} characters; a faceless video narrates at most ${VOICEOVER_TEXT_MAX_LENGTH}.`;
  return unusableFieldError({
    field: "script",
    message,
    reason: "script_too_long",
    extra: {
      spoken_words: fit.words,
      max_spoken_words: VOICEOVER_MAX_WORDS,
      characters: fit.characters,
      max_characters: VOICEOVER_TEXT_MAX_LENGTH,
    },
  });
}

/**
 * POST /faceless-videos: needs a prompt or a script that one voiceover can narrate; checks
 * the voice (which sets the price and the pace) and the brand kit, holds the credits,
 * writes the script when none is given, and queues the video's workflow, once per
 * idempotency key.
 */
export const createFacelessVideo: UseCaseFactory = authenticated(
  "createFacelessVideo",
  async (call) => {
    const body = parseInput(createFacelessVideoRequestSchema, call.request.body, "body");
    if (!body.ok) return body.error;
    const request = body.value;
    if (!hasText(request.prompt) && !hasText(request.script)) {
      const message = "A faceless video needs a prompt to write the script from, or a script.";
      return failure(
        unusableFieldError({ field: "prompt", message, reason: "prompt_or_script_required" }),
      );
    }
    const tooLong = hasText(request.script) ? scriptTooLong(request.script) : undefined;
    if (tooLong !== undefined) return failure(tooLong);
    const { deps, caller } = call;
    return runPaidRequest({
      ...call,
      action: async () => {
        const assets = await deps.workspace.assets(caller.organization.id);
        const voice = findVoice(assets, request.voice_id ?? FACELESS_VOICE_DEFAULT, "voice_id");
        if (!voice.ok) return voice.error;
        const priced = priceFacelessVideo(request, assets);
        if (!priced.ok) return failure(pricingApiError(priced.error));
        const references = checkAssetReferences(assets, request);
        if (!references.ok) return references.error;
        return queueFacelessVideo(deps, caller, {
          request,
          credits: priced.value.totalCredits,
          wordsPerSecond: voice.value.words_per_second ?? NARRATION_WORDS_PER_SECOND_DEFAULT,
        });
      },
    });
  },
);
