import { ProviderError, priceVoiceover, type SpeechProvider } from "reelkit";
import { countSpokenWords, type SpeechRequest } from "reelkit/editor";
import { afterEach, describe, expect, it } from "vitest";
import { toOrganizationId } from "../../../src/organization-id.js";
import { createHarness, type Harness, type HarnessOptions, KEYS } from "../support/harness.js";
import { createProject, patchProject, readProject, storedVersion } from "./editor-support.js";

/** A speech provider that counts its calls and can be told to fail. */
function countingSpeech(): SpeechProvider & {
  calls: SpeechRequest[];
  failNext: boolean;
  throwNext: Error | undefined;
} {
  const provider = {
    calls: [] as SpeechRequest[],
    failNext: false,
    throwNext: undefined as Error | undefined,
    async synthesize(request: SpeechRequest) {
      provider.calls.push(request);
      if (provider.failNext) {
        provider.failNext = false;
        throw new Error("voice provider down");
      }
      if (provider.throwNext !== undefined) {
        const thrown = provider.throwNext;
        provider.throwNext = undefined;
        throw thrown;
      }
      return {
        url: `https://cdn.example.com/voice/${provider.calls.length}.mp3`,
        durationSeconds: Math.max(1, countSpokenWords(request.text) / 2.5),
      };
    },
  };
  return provider;
}

let harness: Harness;
let speech: ReturnType<typeof countingSpeech>;
let id: number;

async function setUp(options: HarnessOptions = {}): Promise<void> {
  speech = countingSpeech();
  harness = await createHarness({ ...options, overrides: { speech, ...options.overrides } });
  id = await createProject(harness);
}

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

const TEXT = "Meet the bottle that keeps coffee hot for twelve hours.";
const PRICE = (text: string) => {
  const price = priceVoiceover({ text });
  if (!price.ok) throw new Error("unpriceable");
  return price.value.totalCredits;
};
const voiceover = (text = TEXT, extra: Record<string, unknown> = {}) => ({
  operations: [{ type: "add_voiceover", text, voice_id: "ash", ...extra }],
});
const keyed = (key: string) => ({ headers: { "Idempotency-Key": key } });
const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(" ");

describe("PATCH /editor/videos/{id}: add_voiceover (paid)", () => {
  it("synthesizes, places the voiceover and charges the voiceover price", async () => {
    await setUp();
    const response = await patchProject(
      harness,
      id,
      { instructions: "Add narration", ...voiceover() },
      keyed("vo-1"),
    );
    expect(response.status).toBe(200);
    const charge = PRICE(TEXT);
    expect(charge).toBe(5);
    expect(response.body).toEqual({
      object: "editor_edit_result",
      video_id: id,
      applied: ["add_voiceover"],
      operation_results: [
        { type: "add_voiceover", created_item_ids: [expect.any(String)], removed_item_ids: [] },
      ],
      instructions_recorded: true,
      revision: 1,
      editor_summary: expect.objectContaining({ itemCount: 1, itemTypes: { audio: 1 } }),
      credits_deducted: charge,
      remaining_credits: 5000 - charge,
    });
    expect(await harness.available()).toBe(5000 - charge);
    expect(speech.calls).toEqual([{ text: TEXT, voice_id: "ash" }]);
    expect(response.headers.get("x-ratelimit-limit")).toBe("1000");
    const { editor } = await readProject(harness, id);
    const [item] = Object.values(editor.items) as Array<Record<string, unknown>>;
    expect(item).toMatchObject({ type: "audio", audioRole: "voiceover" });
    expect(response.body.operation_results[0].created_item_ids).toEqual([item?.id]);
    expect(editor.assets[item?.assetId as string]).toMatchObject({
      url: "https://cdn.example.com/voice/1.mp3",
      metadata: { text: TEXT, voice_id: "ash" },
    });
    const ledger = await harness.deps.credits.ledger(toOrganizationId(1));
    expect(ledger.filter((entry) => entry.kind === "capture")).toHaveLength(1);
  });

  it("prices by started blocks of 100 spoken words", async () => {
    await setUp();
    const text = words(250);
    const response = await patchProject(harness, id, voiceover(text), keyed("vo-long"));
    expect(response.status).toBe(200);
    expect(response.body.credits_deducted).toBe(PRICE(text));
    expect(PRICE(text)).toBe(15);
    expect(await harness.available()).toBe(4985);
  });

  it("replays the same key and body without synthesizing or charging again", async () => {
    await setUp();
    const first = await patchProject(harness, id, voiceover(), keyed("vo-replay"));
    const second = await patchProject(harness, id, voiceover(), keyed("vo-replay"));
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ...first.body, idempotent_replay: true });
    expect(speech.calls).toHaveLength(1);
    expect(await harness.available()).toBe(5000 - PRICE(TEXT));
    expect((await readProject(harness, id)).editor_summary.itemCount).toBe(1);
    // The body field works as the key when the header is absent.
    const byBody = await patchProject(harness, id, { ...voiceover(), idempotency_key: "vo-body" });
    const byBodyAgain = await patchProject(harness, id, {
      ...voiceover(),
      idempotency_key: "vo-body",
    });
    expect(byBodyAgain.body).toEqual({ ...byBody.body, idempotent_replay: true });
    expect(speech.calls).toHaveLength(2);
  });

  it("answers 409 for the same key with another body or another project", async () => {
    await setUp();
    await patchProject(harness, id, voiceover(), keyed("vo-conflict"));
    const otherText = await patchProject(
      harness,
      id,
      voiceover("Something else"),
      keyed("vo-conflict"),
    );
    expect(otherText.status).toBe(409);
    expect(otherText.body.error.code).toBe("idempotency_conflict");
    const second = await createProject(harness, { title: "Second" });
    const otherProject = await patchProject(harness, second, voiceover(), keyed("vo-conflict"));
    expect(otherProject.status).toBe(409);
    expect(speech.calls).toHaveLength(1);
    expect(await harness.available()).toBe(5000 - PRICE(TEXT));
    expect((await readProject(harness, second)).editor_summary.itemCount).toBe(0);
  });

  it("charges once for parallel requests with one key", async () => {
    await setUp();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => patchProject(harness, id, voiceover(), keyed("vo-race"))),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(speech.calls).toHaveLength(1);
    expect(await harness.available()).toBe(5000 - PRICE(TEXT));
    expect((await readProject(harness, id)).editor_summary.itemCount).toBe(1);
  });

  it("never overdraws with parallel requests under distinct keys", async () => {
    await setUp({ credits: 12 });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        patchProject(harness, id, voiceover(), keyed(`vo-par-${index}`)),
      ),
    );
    const accepted = responses.filter((response) => response.status === 200);
    expect(accepted).toHaveLength(2);
    expect(responses.filter((response) => response.status === 402)).toHaveLength(4);
    expect(await harness.available()).toBe(2);
    expect((await readProject(harness, id)).editor_summary.itemCount).toBe(2);
  });

  it("answers 402 when credits are short, changing and charging nothing", async () => {
    await setUp({ credits: 4 });
    const response = await patchProject(harness, id, voiceover(), keyed("vo-poor"));
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({
      code: "insufficient_credits",
      context: { credits_required: 5, credits_available: 4 },
    });
    expect(speech.calls).toHaveLength(0);
    expect(await harness.available()).toBe(4);
    expect(await storedVersion(harness, id)).toBe(0);
    // The key was freed: after a top-up the same key runs.
    await harness.deps.credits.grant(toOrganizationId(1), 10, "top-up");
    const retry = await patchProject(harness, id, voiceover(), keyed("vo-poor"));
    expect(retry.status).toBe(200);
    expect(await harness.available()).toBe(9);
  });

  it("refuses more than 465 spoken words with 400 before charging", async () => {
    await setUp();
    const atLimit = await patchProject(harness, id, voiceover(words(465)), keyed("vo-465"));
    expect(atLimit.status).toBe(200);
    expect(await harness.available()).toBe(5000 - PRICE(words(465)));
    const balance = await harness.available();
    const over = await patchProject(harness, id, voiceover(words(466)), keyed("vo-466"));
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe("bad_request");
    expect(await harness.available()).toBe(balance);
    expect(speech.calls).toHaveLength(1);
  });

  it.each([
    ["12,000 CJK characters", "漢字".repeat(6000)],
    ["6,000 characters of a.a.a", "a.".repeat(3000)],
    ["a run of 12,000 letters", "a".repeat(12_000)],
  ])(
    "counts %s as the words they speak: over the limit, refused before charging",
    async (_name, text) => {
      await setUp();
      const response = await patchProject(harness, id, voiceover(text), keyed("vo-words"));
      expect(response.status).toBe(400);
      expect(response.body.error.context.fields[0]).toMatchObject({
        path: "operations.0.text",
        message: expect.stringMatching(/spoken words; the limit is 465/),
      });
      expect(await harness.available()).toBe(5000);
      expect(speech.calls).toEqual([]);
    },
  );

  it("prices a script without spaces by the words it speaks", async () => {
    await setUp();
    // 300 dictionary words of Japanese: three started blocks of 100, not one.
    const text = "日本語".repeat(300);
    expect(countSpokenWords(text)).toBe(300);
    const response = await patchProject(harness, id, voiceover(text), keyed("vo-japanese"));
    expect(response.status).toBe(200);
    expect(response.body.credits_deducted).toBe(15);
    expect(await harness.available()).toBe(4985);
  });

  it.each(["constructor", "__proto__", "toString", "no-such-voice"])(
    "answers voice_id %j with the 404 of POST /faceless-videos, charging nothing",
    async (voiceId) => {
      await setUp();
      const response = await patchProject(
        harness,
        id,
        voiceover(TEXT, { voice_id: voiceId }),
        keyed(`vo-voice-${voiceId}`),
      );
      expect(response.status).toBe(404);
      const faceless = await harness.call("POST", "/faceless-videos", {
        key: KEYS.acme,
        body: { prompt: "Three facts about octopuses", voice_id: voiceId },
        headers: { "Idempotency-Key": `faceless-voice-${voiceId}` },
      });
      expect(faceless.status).toBe(404);
      expect(response.body.error).toEqual({
        code: "not_found",
        message: `The workspace has no voice ${voiceId}; GET /assets lists its voices.`,
        retryable: false,
        context: { field: "operations.0.voice_id", voice_id: voiceId },
      });
      expect(faceless.body.error).toEqual({
        ...response.body.error,
        context: { field: "voice_id", voice_id: voiceId },
      });
      expect(speech.calls).toEqual([]);
      expect(await harness.available()).toBe(5000);
      const { editor } = await readProject(harness, id);
      expect(editor.items).toEqual({});
    },
  );

  it("speaks with a workspace voice, or the provider's own without voice_id", async () => {
    await setUp();
    const withVoice = await patchProject(
      harness,
      id,
      voiceover(TEXT, { voice_id: "nova" }),
      keyed("vo-nova"),
    );
    expect(withVoice.status).toBe(200);
    const without = await patchProject(
      harness,
      id,
      { operations: [{ type: "add_voiceover", text: TEXT }] },
      keyed("vo-default"),
    );
    expect(without.status).toBe(200);
    expect(speech.calls.map((call) => call.voice_id)).toEqual(["nova", undefined]);
  });

  it("refunds and answers a retryable 500 when synthesis fails; the same key then succeeds", async () => {
    await setUp();
    speech.failNext = true;
    const failed = await patchProject(harness, id, voiceover(), keyed("vo-flaky"));
    expect(failed.status).toBe(500);
    expect(failed.body.error).toMatchObject({ code: "server_error", retryable: true });
    expect(await harness.available()).toBe(5000);
    expect(await storedVersion(harness, id)).toBe(0);
    const retry = await patchProject(harness, id, voiceover(), keyed("vo-flaky"));
    expect(retry.status).toBe(200);
    expect(retry.body.idempotent_replay).toBeUndefined();
    expect(await harness.available()).toBe(5000 - PRICE(TEXT));
    const ledger = await harness.deps.credits.ledger(toOrganizationId(1));
    expect(ledger.filter((entry) => entry.kind === "release")).toHaveLength(1);
    expect(ledger.filter((entry) => entry.kind === "capture")).toHaveLength(1);
  });

  it("answers a 400 with the provider's category for a failure a retry cannot fix, charging nothing", async () => {
    await setUp();
    speech.throwNext = new ProviderError({
      category: "unsupported_language",
      message: "No voice speaks xx.",
      retryable: false,
    });
    const refused = await patchProject(harness, id, voiceover(), keyed("vo-language"));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: "bad_request",
      message: "operations.0.language: No voice speaks xx.",
      retryable: false,
      context: {
        field: "operations.0.language",
        reason: "unsupported_language",
        operation_index: 0,
      },
    });
    expect(await harness.available()).toBe(5000);
    expect(await storedVersion(harness, id)).toBe(0);
  });

  it("answers a retryable 500 with the provider's category for a failure that may pass, charging nothing", async () => {
    await setUp();
    speech.throwNext = new ProviderError({
      category: "engine_unavailable",
      message: "flite was not found.",
      retryable: true,
    });
    const failed = await patchProject(harness, id, voiceover(), keyed("vo-engine"));
    expect(failed.status).toBe(500);
    expect(failed.body.error).toMatchObject({
      code: "server_error",
      retryable: true,
      context: { reason: "engine_unavailable", operation_index: 0 },
    });
    expect(failed.body.error.message).toContain("flite was not found.");
    expect(await harness.available()).toBe(5000);
    const retry = await patchProject(harness, id, voiceover(), keyed("vo-engine"));
    expect(retry.status).toBe(200);
  });

  it("refunds when the engine rejects the voiceover", async () => {
    await setUp();
    const response = await patchProject(
      harness,
      id,
      voiceover(TEXT, { track_id: "nope" }),
      keyed("vo-track"),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.context).toMatchObject({
      operation_index: 0,
      edit_code: "track_not_found",
    });
    expect(await harness.available()).toBe(5000);
    expect(await storedVersion(harness, id)).toBe(0);
  });

  it("answers 404 for a missing or foreign project without synthesizing or charging", async () => {
    await setUp();
    const missing = await patchProject(harness, 999, voiceover(), keyed("vo-404"));
    expect(missing.status).toBe(404);
    const foreign = await patchProject(harness, id, voiceover(), {
      key: KEYS.other,
      ...keyed("vo-404"),
    });
    expect(foreign.status).toBe(404);
    expect(speech.calls).toHaveLength(0);
    expect(await harness.available()).toBe(5000);
    expect(await harness.available(toOrganizationId(2))).toBe(5000);
  });

  it("runs without a key, charging each request", async () => {
    await setUp();
    expect((await patchProject(harness, id, voiceover())).status).toBe(200);
    expect((await patchProject(harness, id, voiceover())).status).toBe(200);
    expect(await harness.available()).toBe(5000 - 2 * PRICE(TEXT));
    expect((await readProject(harness, id)).editor_summary.itemCount).toBe(2);
  });

  it("counts against the rate limit, unlike plain edits", async () => {
    await setUp({ rateLimit: { maxRequests: 1, windowSeconds: 60 } });
    for (let index = 0; index < 3; index += 1) {
      const plain = await patchProject(harness, id, {
        operations: [{ type: "add_text", text: "x" }],
      });
      expect(plain.status).toBe(200);
    }
    expect((await patchProject(harness, id, voiceover(), keyed("vo-rl-1"))).status).toBe(200);
    const limited = await patchProject(harness, id, voiceover(), keyed("vo-rl-2"));
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: "rate_limited", retryable: true });
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(speech.calls).toHaveLength(1);
    expect(await harness.available()).toBe(5000 - PRICE(TEXT));
  });

  it("needs write scope and a subscription", async () => {
    await setUp();
    expect((await patchProject(harness, id, voiceover(), { key: KEYS.acmeRead })).status).toBe(403);
    expect((await patchProject(harness, id, voiceover(), { key: KEYS.lapsed })).status).toBe(402);
    expect(speech.calls).toHaveLength(0);
  });
});
