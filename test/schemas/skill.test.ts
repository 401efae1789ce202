import { describe, expect, it } from "vitest";
import { buildSkillMarkdown, EDIT_OPERATION_TYPES, ENDPOINTS } from "../../src/schemas/index.js";

const markdown = buildSkillMarkdown({ baseUrl: "https://api.example.com/v1" });

describe("skill.md", () => {
  it("documents every endpoint", () => {
    for (const endpoint of ENDPOINTS) {
      expect(markdown).toContain(`### ${endpoint.method} ${endpoint.path}\n`);
    }
  });

  it("documents all 21 edit operations with their fields", () => {
    expect(EDIT_OPERATION_TYPES).toHaveLength(21);
    for (const type of EDIT_OPERATION_TYPES) {
      expect(markdown).toContain(`### \`${type}\`\n`);
    }
    const split = markdown.slice(markdown.indexOf("### `split_item`"));
    expect(split).toMatch(/\| `item_id` \* \|/);
    expect(split).toMatch(/\| `at_seconds` \* \| number, 0 to 86400/);
  });

  it("covers authentication, polling, idempotency, retries and errors", () => {
    for (const heading of [
      "## Authentication and scopes",
      "## Paid work is asynchronous: poll",
      "## Idempotency and retries",
      "## Errors",
      "## Editing a timeline",
    ]) {
      expect(markdown).toContain(heading);
    }
    for (const code of [
      "insufficient_credits",
      "idempotency_conflict",
      "rate_limited",
      "generation_failed",
    ]) {
      expect(markdown).toContain(code);
    }
    expect(markdown).toContain("https://api.example.com/v1");
  });

  it("tells agents to chain edits on the ids the edit result reports", () => {
    expect(markdown).toContain("`operation_results`");
    expect(markdown).toContain("`split_item` keeps the original id on the left half");
  });

  it("states limits from the named constants", () => {
    expect(markdown).toContain("at most 50");
    expect(markdown).toContain("465 spoken words");
    expect(markdown).toMatch(/`request_count` \| integer, 1 to 10, default 1/);
  });
});
