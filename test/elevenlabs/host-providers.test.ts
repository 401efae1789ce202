/**
 * How the reference host takes speech from ElevenLabs: `--providers elevenlabs`, the key
 * it needs, its precedence over OpenAI for speech, the banner, and the account's voices
 * listed as the workspace's.
 */
import { createMemoryMediaStorage } from "reelkit/memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHostArguments } from "../../src/host/arguments.js";
import { hostBanner } from "../../src/host/banner.js";
import { createHostLibrary, storeHostMedia } from "../../src/host/host-library.js";
import { loadHostProviders } from "../../src/host/host-providers.js";
import { DEMO_FIXTURE, setupOf } from "../../src/host/host-setup.js";
import {
  FAKE_ELEVENLABS_KEY,
  type FakeElevenLabs,
  startFakeElevenLabs,
} from "./support/fake-elevenlabs.js";

let fake: FakeElevenLabs;
beforeAll(async () => {
  fake = await startFakeElevenLabs();
});
afterAll(() => fake.close());

const options = (argv: string[], env: Record<string, string> = {}) => {
  const parsed = parseHostArguments(argv, env);
  return parsed.kind === "run" ? parsed.options : parsed;
};

const ENV = { OPENAI_API_KEY: "sk-x", ELEVENLABS_API_KEY: FAKE_ELEVENLABS_KEY };

describe("--providers elevenlabs", () => {
  it("orders the services by precedence, ElevenLabs after OpenAI after fal, whatever the flag's order", () => {
    expect(options(["--providers", "elevenlabs"])).toMatchObject({ providers: ["elevenlabs"] });
    expect(options(["--providers", "elevenlabs,openai"])).toMatchObject({
      providers: ["openai", "elevenlabs"],
    });
    expect(options(["--providers", "elevenlabs,openai,fal"])).toMatchObject({
      providers: ["fal", "openai", "elevenlabs"],
    });
    expect(options(["--providers", "elevenlabs,whisper"])).toEqual({
      kind: "invalid",
      message: '--providers names fal, openai, elevenlabs, not "whisper".',
    });
  });

  it("refuses to start ElevenLabs without its key, and reads its base URL", async () => {
    await expect(loadHostProviders(["elevenlabs"], {})).rejects.toThrow(
      "--providers elevenlabs needs the ELEVENLABS_API_KEY environment variable.",
    );
    const [elevenlabs] = await loadHostProviders(["elevenlabs"], {
      ...ENV,
      ELEVENLABS_BASE_URL: fake.baseUrl,
    });
    expect(elevenlabs).toMatchObject({
      name: "elevenlabs",
      description: `ElevenLabs (${fake.baseUrl}), with word times`,
      serves: ["speech"],
    });
  });

  it("serves speech over OpenAI's when both are named, as the banner says", async () => {
    const providers = await loadHostProviders(["openai", "elevenlabs"], ENV);
    const text = hostBanner({
      origin: "http://127.0.0.1:8787",
      setup: setupOf(DEMO_FIXTURE),
      fixturePath: undefined,
      stores: { kind: "memory" },
      providers,
    }).join("\n");
    expect(text).toContain(
      [
        "Model services (--providers) serve:",
        "  Pictures of scenes and slides: OpenAI (https://api.openai.com/v1)",
        "  Speech: ElevenLabs (https://api.elevenlabs.io), with word times",
        "  Transcription: OpenAI (https://api.openai.com/v1)",
      ].join("\n"),
    );
  });

  it("lists the account's voices as the workspace's, their previews stored", async () => {
    const [elevenlabs] = await loadHostProviders(["elevenlabs"], {
      ...ENV,
      ELEVENLABS_BASE_URL: fake.baseUrl,
    });
    const setup = setupOf(DEMO_FIXTURE);
    const library = createHostLibrary(setup);
    const storage = createMemoryMediaStorage({ publicBaseUrl: "http://files.test/files" });
    const listVoices = elevenlabs?.voices;
    if (listVoices === undefined) throw new Error("ElevenLabs lists no voices");
    const stored = await storeHostMedia(library, {
      setup,
      storage,
      speech: undefined,
      cloudVoices: () => listVoices({ storage }),
    });
    expect(stored.voiceCount).toBe(2);
    const assets = await library.directory.assets(setup.organizations[0]?.id as never);
    expect(assets.voices.map((voice) => voice.id)).toEqual([
      "21m00Tcm4TlvDq8ikWAM",
      "cl0neDv01ce00000000",
    ]);
    expect(assets.voices[0]?.preview_url).toBe(
      storage.urlOf("voices/previews/elevenlabs/21m00Tcm4TlvDq8ikWAM.mp3"),
    );
  });
});
