/**
 * How the reference host is told to take its providers from model services: the
 * `--providers` flag and `REELKIT_PROVIDERS`, the keys it needs, and what its banner says.
 */
import { describe, expect, it } from "vitest";
import { parseHostArguments } from "../../src/host/arguments.js";
import { hostBanner } from "../../src/host/banner.js";
import { loadHostProviders } from "../../src/host/host-providers.js";
import { DEMO_FIXTURE, setupOf } from "../../src/host/host-setup.js";

const options = (argv: string[], env: Record<string, string> = {}) => {
  const parsed = parseHostArguments(argv, env);
  return parsed.kind === "run" ? parsed.options : parsed;
};

describe("--providers", () => {
  it("names the services, from the flag before the environment", () => {
    expect(options(["--providers", "openai"])).toMatchObject({ providers: ["openai"] });
    expect(options([], { REELKIT_PROVIDERS: " openai , openai" })).toMatchObject({
      providers: ["openai"],
    });
    expect(options(["--providers", ""], { REELKIT_PROVIDERS: "openai" })).not.toHaveProperty(
      "providers",
    );
    expect(options([])).not.toHaveProperty("providers");
  });

  it("refuses a service it does not know", () => {
    expect(options(["--providers", "openai,dall-e"])).toEqual({
      kind: "invalid",
      message: '--providers names fal, openai, elevenlabs, not "dall-e".',
    });
  });

  it("refuses to start OpenAI without its key, and reads its base URL", async () => {
    await expect(loadHostProviders(["openai"], {})).rejects.toThrow(
      "--providers openai needs the OPENAI_API_KEY environment variable.",
    );
    const [openai] = await loadHostProviders(["openai"], {
      OPENAI_API_KEY: "sk-x",
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    });
    expect(openai).toMatchObject({
      name: "openai",
      description: "OpenAI (http://127.0.0.1:9/v1)",
      serves: ["visuals", "speech", "transcription", "scriptWriter", "provider"],
    });
  });
});

describe("the banner with model services", () => {
  it("says which service serves which port, and what stays local", () => {
    const text = hostBanner({
      origin: "http://127.0.0.1:8787",
      setup: setupOf(DEMO_FIXTURE),
      fixturePath: undefined,
      stores: { kind: "memory" },
      speech: {
        speech: { kind: "simulated", reason: "--speech simulated was given." },
        transcription: { kind: "local", engines: "pocketsphinx with its US English model" },
      },
      providers: [
        { description: "OpenAI (https://api.openai.com/v1)", serves: ["visuals", "speech"] },
      ],
    }).join("\n");
    expect(text).toContain(
      [
        "Model services (--providers) serve:",
        "  Pictures of scenes and slides: OpenAI (https://api.openai.com/v1)",
        "  Speech: OpenAI (https://api.openai.com/v1)",
        "Transcription is real, on this machine: pocketsphinx with its US English model.",
      ].join("\n"),
    );
    expect(text).not.toContain("Speech is simulated");
    expect(text).not.toContain("Install Debian's");
  });
});
