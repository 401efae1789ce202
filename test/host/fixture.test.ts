import { describe, expect, it } from "vitest";
import { loadFixture, parseFixtureText } from "../../src/host/fixture.js";
import {
  DEFAULT_ORGANIZATION_CREDITS,
  DEMO_API_KEY,
  DEMO_FIXTURE,
  setupOf,
} from "../../src/host/host-setup.js";
import { DEMO_SOCIAL_ACCOUNTS } from "../../src/memory/social.js";
import { API_SCOPES } from "../../src/schemas/scopes.js";
import {
  DEMO_ASSETS,
  DEMO_CATALOG,
  DEMO_SOUND_EFFECTS,
} from "../../src/simulated/demo-workspace.js";
import { writeFixture } from "./support/spawn-host.js";

const EXAMPLE = {
  organizations: [
    {
      id: 1,
      name: "Acme",
      credits: 5000,
      subscription_active: true,
      api_keys: [{ key: "rk_live_example", scopes: ["generations:read", "generations:write"] }],
    },
  ],
  rate_limit: { max_requests: 60, window_seconds: 60 },
  simulator: { job_duration_ms: 2000, fail_when_prompt_contains: "#fail" },
};

function parse(fixture: unknown) {
  return parseFixtureText(JSON.stringify(fixture), "./acme.json");
}

function problemsOf(fixture: unknown): readonly string[] {
  const result = parse(fixture);
  if (result.ok) throw new Error("expected the fixture to be refused");
  return result.error;
}

function withOrganization(changes: Record<string, unknown>) {
  return { ...EXAMPLE, organizations: [{ ...EXAMPLE.organizations[0], ...changes }] };
}

describe("parsing a fixture", () => {
  it("reads the documented example and fills in the demo catalog, assets and sound effects", () => {
    const result = parse(EXAMPLE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const setup = setupOf(result.value);
    expect(setup.organizations).toEqual([
      {
        id: 1,
        name: "Acme",
        credits: 5000,
        subscriptionActive: true,
        apiKeys: [
          {
            key: "rk_live_example",
            scopes: ["generations:read", "generations:write"],
            options: {},
          },
        ],
        assets: undefined,
        socialAccounts: DEMO_SOCIAL_ACCOUNTS,
        webhooks: [],
      },
    ]);
    expect(setup.rateLimit).toEqual({ maxRequests: 60, windowSeconds: 60 });
    expect(setup.simulator).toEqual({
      jobDurationMilliseconds: 2000,
      failWhenPromptContains: "#fail",
    });
    expect(setup.catalog).toBe(DEMO_CATALOG);
    expect(setup.assets).toBe(DEMO_ASSETS);
    expect(setup.soundEffects).toBe(DEMO_SOUND_EFFECTS);
  });

  it("reads revoked and expiring keys", () => {
    const result = parse({
      organizations: [
        {
          id: 7,
          name: "Keys",
          api_keys: [
            { key: "rk_revoked_key", scopes: ["generations:read"], revoked: true },
            {
              key: "rk_expiring_key",
              scopes: ["generations:read"],
              expires_at: "2027-01-01T00:00:00Z",
            },
          ],
        },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(setupOf(result.value).organizations[0]?.apiKeys.map((key) => key.options)).toEqual([
      { revoked: true },
      { expiresAtEpochMilliseconds: Date.UTC(2027, 0, 1) },
    ]);
    const bad = parse({
      organizations: [
        {
          id: 7,
          name: "Keys",
          api_keys: [{ key: "rk_expiring_key", scopes: ["generations:read"], expires_at: "soon" }],
        },
      ],
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.join("\n")).toContain("organizations.0.api_keys.0.expires_at");
  });

  it("gives an organization without credits or subscription flag the demo defaults", () => {
    const result = parse({
      organizations: [
        { id: 7, name: "Min", api_keys: [{ key: "rk_minimal_key", scopes: ["generations:read"] }] },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const setup = setupOf(result.value);
    expect(setup.organizations[0]).toMatchObject({
      credits: DEFAULT_ORGANIZATION_CREDITS,
      subscriptionActive: true,
    });
    expect(setup.rateLimit).toEqual({ maxRequests: 60, windowSeconds: 60 });
    expect(setup.simulator).toEqual({
      jobDurationMilliseconds: 2000,
      failWhenPromptContains: "#fail",
    });
  });

  it("takes every optional key: catalog, assets (shared and per organization), sound effects, social accounts", () => {
    const ownAssets = { ...DEMO_ASSETS, avatars: [] };
    const catalog = { ...DEMO_CATALOG, ugc_ads: [] };
    const result = parse({
      ...EXAMPLE,
      organizations: [
        {
          ...EXAMPLE.organizations[0],
          assets: ownAssets,
          social_accounts: [{ id: "yt-acme", platform: "youtube", username: "@acme" }],
        },
        {
          id: 2,
          name: "Beta",
          credits: 0,
          subscription_active: false,
          api_keys: [{ key: "rk_beta_social", scopes: ["social:read", "social:write"] }],
        },
      ],
      catalog,
      assets: DEMO_ASSETS,
      sound_effects: [
        {
          id: "ding",
          name: "Ding",
          url: "https://cdn.example.com/ding.mp3",
          duration_seconds: 0.5,
        },
      ],
      social_accounts: [
        {
          id: "tt-shared",
          platform: "tiktok",
          username: "@shared",
          display_name: "Shared",
          avatar_url: "https://cdn.example.com/a.png",
        },
      ],
      simulator: { fail_when_prompt_contains: "" },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const setup = setupOf(result.value);
    expect(setup.catalog).toEqual(catalog);
    expect(setup.organizations[0]?.assets).toEqual(ownAssets);
    expect(setup.organizations[0]?.socialAccounts).toEqual([
      {
        id: "yt-acme",
        platform: "youtube",
        username: "@acme",
        display_name: "@acme",
        avatar_url: null,
      },
    ]);
    expect(setup.organizations[1]).toMatchObject({
      credits: 0,
      subscriptionActive: false,
      assets: undefined,
      socialAccounts: [
        {
          id: "tt-shared",
          platform: "tiktok",
          username: "@shared",
          display_name: "Shared",
          avatar_url: "https://cdn.example.com/a.png",
        },
      ],
    });
    expect(setup.soundEffects).toEqual([
      {
        id: "ding",
        name: "Ding",
        url: "https://cdn.example.com/ding.mp3",
        durationSeconds: 0.5,
        tags: [],
      },
    ]);
    expect(setup.simulator).toEqual({ jobDurationMilliseconds: 2000, failWhenPromptContains: "" });
  });

  it("describes the demo workspace: one organization with one key holding every scope", () => {
    const setup = setupOf(DEMO_FIXTURE);
    expect(setup.organizations).toEqual([
      {
        id: 1,
        name: "Demo workspace",
        credits: 10_000,
        subscriptionActive: true,
        apiKeys: [{ key: DEMO_API_KEY, scopes: [...API_SCOPES], options: {} }],
        assets: undefined,
        socialAccounts: DEMO_SOCIAL_ACCOUNTS,
        webhooks: [],
      },
    ]);
    expect(DEMO_API_KEY).toBe("rk_demo_local_key");
  });
});

describe("refusing a bad fixture, naming the field", () => {
  it("names an unknown scope by its path, in the message the host prints", () => {
    const problems = problemsOf(
      withOrganization({
        api_keys: [{ key: "rk_live_example", scopes: ["generations:read", "generations:admin"] }],
      }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^bad fixture \.\/acme\.json: organizations\.0\.api_keys\.0\.scopes\.1: Invalid option: expected one of /,
    );
  });

  it.each([
    ["a misspelled top-level key", { ...EXAMPLE, simulater: {} }, "(the whole file)", "simulater"],
    ["a misspelled organization key", withOrganization({ credit: 5 }), "organizations.0", "credit"],
    ["no organizations", { organizations: [] }, "organizations", "Too small"],
    [
      "a missing name",
      withOrganization({ name: undefined }),
      "organizations.0.name",
      "expected string",
    ],
    ["a fractional id", withOrganization({ id: 1.5 }), "organizations.0.id", "expected int"],
    ["negative credits", withOrganization({ credits: -1 }), "organizations.0.credits", "Too small"],
    [
      "a key without scopes",
      withOrganization({ api_keys: [{ key: "rk_no_scopes", scopes: [] }] }),
      "organizations.0.api_keys.0.scopes",
      "Too small",
    ],
    [
      "a repeated scope",
      withOrganization({
        api_keys: [{ key: "rk_twice_scope", scopes: ["social:read", "social:read"] }],
      }),
      "organizations.0.api_keys.0.scopes",
      "A scope is listed twice.",
    ],
    [
      "a key a bearer token cannot carry",
      withOrganization({ api_keys: [{ key: "rk live key", scopes: ["generations:read"] }] }),
      "organizations.0.api_keys.0.key",
      "An API key may hold only",
    ],
    [
      "a short key",
      withOrganization({ api_keys: [{ key: "rk", scopes: ["generations:read"] }] }),
      "organizations.0.api_keys.0.key",
      "Too small",
    ],
    [
      "a zero rate limit",
      { ...EXAMPLE, rate_limit: { max_requests: 0, window_seconds: 60 } },
      "rate_limit.max_requests",
      "Too small",
    ],
    [
      "a negative job duration",
      { ...EXAMPLE, simulator: { job_duration_ms: -5 } },
      "simulator.job_duration_ms",
      "Too small",
    ],
    [
      "a catalog of the wrong shape",
      { ...EXAMPLE, catalog: { object: "catalog" } },
      "catalog.static_ads",
      "expected array",
    ],
    [
      "assets of the wrong shape",
      { ...EXAMPLE, assets: { ...DEMO_ASSETS, object: "assets" } },
      "assets.object",
      "Invalid input",
    ],
    [
      "per-organization assets of the wrong shape",
      withOrganization({ assets: { ...DEMO_ASSETS, voices: {} } }),
      "organizations.0.assets.voices",
      "expected array",
    ],
    [
      "a sound effect on a file: URL",
      {
        ...EXAMPLE,
        sound_effects: [{ id: "a", name: "A", url: "file:///a.mp3", duration_seconds: 1 }],
      },
      "sound_effects.0.url",
      "Invalid URL",
    ],
    [
      "a social account without a username",
      { ...EXAMPLE, social_accounts: [{ id: "a", platform: "x" }] },
      "social_accounts.0.username",
      "expected string",
    ],
  ])("refuses %s", (_case, fixture, path, fragment) => {
    const problems = problemsOf(fixture);
    expect(problems[0]?.startsWith(`bad fixture ./acme.json: ${path}: `), problems.join("\n")).toBe(
      true,
    );
    expect(problems[0]).toContain(fragment);
  });

  it("refuses duplicate organization ids and duplicate keys, pointing at the second one", () => {
    const second = {
      id: 1,
      name: "Acme again",
      api_keys: [{ key: "rk_live_example", scopes: ["generations:read"] }],
    };
    const problems = problemsOf({ ...EXAMPLE, organizations: [...EXAMPLE.organizations, second] });
    expect(problems).toEqual([
      "bad fixture ./acme.json: organizations.1.id: Duplicate organization id 1: it also appears at organizations.0.id.",
      'bad fixture ./acme.json: organizations.1.api_keys.0.key: Duplicate API key "rk_live_example": it also appears at organizations.0.api_keys.0.key.',
    ]);
  });

  it("refuses duplicate sound effect and social account ids", () => {
    const effect = {
      id: "ding",
      name: "Ding",
      url: "https://cdn.example.com/d.mp3",
      duration_seconds: 1,
    };
    const account = { id: "tt", platform: "tiktok", username: "@a" };
    expect(problemsOf({ ...EXAMPLE, sound_effects: [effect, effect] })).toEqual([
      'bad fixture ./acme.json: sound_effects.1.id: Duplicate sound effect id "ding": it also appears at sound_effects.0.id.',
    ]);
    expect(problemsOf(withOrganization({ social_accounts: [account, account] }))).toEqual([
      'bad fixture ./acme.json: organizations.0.social_accounts.1.id: Duplicate social account id "tt": it also appears at organizations.0.social_accounts.0.id.',
    ]);
  });

  it("lists at most ten problems and counts the rest", () => {
    const organizations = Array.from({ length: 12 }, (_, index) => ({
      id: index + 1,
      name: "",
      api_keys: [{ key: `rk_key_number_${index}`, scopes: ["generations:read"] }],
    }));
    const problems = problemsOf({ organizations });
    expect(problems).toHaveLength(11);
    expect(problems[10]).toBe("bad fixture ./acme.json: and 2 more problems");
  });

  it("names a file that is not JSON, and one that cannot be read", async () => {
    expect(parseFixtureText("{ organizations: [] }", "./acme.json")).toEqual({
      ok: false,
      error: [expect.stringMatching(/^bad fixture \.\/acme\.json: not valid JSON: /)],
    });
    const missing = await loadFixture("./no-such-fixture.json");
    expect(missing).toEqual({
      ok: false,
      error: [expect.stringMatching(/^cannot read fixture \.\/no-such-fixture\.json: ENOENT/)],
    });
  });

  it("loads a fixture file from disk", async () => {
    const loaded = await loadFixture(writeFixture(EXAMPLE));
    expect(loaded.ok && loaded.value.organizations[0]?.name).toBe("Acme");
  });
});
