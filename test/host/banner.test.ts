import { describe, expect, it } from "vitest";
import { hostBanner } from "../../src/host/banner.js";
import { DEMO_FIXTURE, setupOf } from "../../src/host/host-setup.js";

const ORIGIN = "http://127.0.0.1:8787";
const MEMORY = { kind: "memory" } as const;

describe("the start banner", () => {
  it("starts with the listening line, then the links, the demo key and the simulator note", () => {
    const lines = hostBanner({
      origin: ORIGIN,
      setup: setupOf(DEMO_FIXTURE),
      fixturePath: undefined,
      stores: MEMORY,
    });
    expect(lines[0]).toBe("reelkit listening on http://127.0.0.1:8787");
    const text = lines.join("\n");
    expect(text).toContain("API base URL  http://127.0.0.1:8787/v1\n");
    expect(text).toContain("OpenAPI       http://127.0.0.1:8787/v1/openapi.json\n");
    expect(text).toContain("skill.md      http://127.0.0.1:8787/v1/skill.md\n");
    expect(text).toContain("MCP           http://127.0.0.1:8787/mcp\n");
    expect(text).toContain(
      "Viewer        http://127.0.0.1:8787/  (open in a browser, sign in with a key below)\n",
    );
    expect(text).toContain(
      "API key rk_demo_local_key  (generations:read, generations:write, social:read, social:write)",
    );
    expect(text).toContain("Demo workspace (organization 1): 10000 credits");
    expect(text).toContain("simulated provider: each job takes 2000 ms");
    expect(text).toContain(
      "Jobs run 4 at a time, at most 20 per organization; a free slot goes to\nthe organization with the fewest running jobs.",
    );
    expect(text).toContain('A prompt containing "#fail" fails, and its credits are refunded.');
    expect(text).toContain("Everything is kept in memory and is gone when the host stops.");
  });

  it("says which of speech and transcription are real, and how to make them real", () => {
    const base = {
      origin: ORIGIN,
      setup: setupOf(DEMO_FIXTURE),
      fixturePath: undefined,
      stores: MEMORY,
    };
    const real = hostBanner({
      ...base,
      speech: {
        speech: { kind: "local", engines: "flite 2.2-current, espeak-ng 1.51" },
        transcription: { kind: "local", engines: "pocketsphinx with its US English model" },
      },
    }).join("\n");
    expect(real).toContain("Speech is real, on this machine: flite 2.2-current, espeak-ng 1.51.");
    expect(real).toContain(
      "Transcription is real, on this machine: pocketsphinx with its US English model.",
    );
    expect(real).not.toContain("Install Debian's");
    const mixed = hostBanner({
      ...base,
      speech: {
        speech: { kind: "local", engines: "flite 2.2-current" },
        transcription: {
          kind: "simulated",
          reason: 'pocketsphinx was not found (looked for "pocketsphinx_continuous").',
        },
      },
    }).join("\n");
    expect(mixed).toContain(
      'Transcription is simulated (captions read word1, word2, ...): pocketsphinx was not found (looked for "pocketsphinx_continuous").',
    );
    expect(mixed).toContain(
      "Install Debian's flite, espeak-ng, pocketsphinx and pocketsphinx-en-us",
    );
    expect(hostBanner(base).join("\n")).not.toContain("Speech is");
  });

  it("says what starting on PostgreSQL did", () => {
    const setup = setupOf(DEMO_FIXTURE);
    const first = hostBanner({
      origin: ORIGIN,
      setup,
      fixturePath: undefined,
      stores: { kind: "postgres", report: { migrationsApplied: [1, 2], organizationsAdded: [1] } },
    }).join("\n");
    expect(first).toContain(
      "State is kept in PostgreSQL (migrations 1, 2 applied; organizations 1 were added with their starting credits).",
    );
    expect(first).not.toContain("Everything is kept in memory");
    const later = hostBanner({
      origin: ORIGIN,
      setup,
      fixturePath: undefined,
      stores: { kind: "postgres", report: { migrationsApplied: [], organizationsAdded: [] } },
    }).join("\n");
    expect(later).toContain(
      "State is kept in PostgreSQL (the schema was current; no organization was added, every balance is the database's).",
    );
  });

  it("names the fixture, every organization and key, a lapsed plan, and failures turned off", () => {
    const setup = setupOf({
      organizations: [
        {
          id: 1,
          name: "Acme",
          credits: 5,
          api_keys: [{ key: "rk_acme_key_1", scopes: ["generations:read"] }],
        },
        {
          id: 2,
          name: "Old",
          subscription_active: false,
          api_keys: [{ key: "rk_old_key_1", scopes: ["social:read"] }],
        },
      ],
      simulator: { job_duration_ms: 50, fail_when_prompt_contains: "" },
    });
    const text = hostBanner({
      origin: ORIGIN,
      setup,
      fixturePath: "./acme.json",
      stores: MEMORY,
    }).join("\n");
    expect(text).toContain(
      'Workspace from ./acme.json; send a key as "Authorization: Bearer <key>":',
    );
    expect(text).toContain(
      "Acme (organization 1): 5 credits\n    API key rk_acme_key_1  (generations:read)",
    );
    expect(text).toContain("Old (organization 2): 10000 credits, no active subscription");
    expect(text).toContain("each job takes 50 ms");
    expect(text).toContain("Simulated failures are off.");
  });

  it("counts the organizations past the twentieth instead of listing them", () => {
    const organizations = Array.from({ length: 23 }, (_, index) => ({
      id: index + 1,
      name: `Org ${index + 1}`,
      api_keys: [{ key: `rk_org_key_${index + 1}`, scopes: ["generations:read" as const] }],
    }));
    const text = hostBanner({
      origin: ORIGIN,
      setup: setupOf({ organizations }),
      fixturePath: "f.json",
      stores: MEMORY,
    }).join("\n");
    expect(text).toContain("Org 20 (organization 20)");
    expect(text).not.toContain("Org 21 (");
    expect(text).toContain("... and 3 more organizations");
  });
});
