// examples/self-description.ts
import assert from "node:assert/strict";
import { buildOpenApiDocument, buildSkillMarkdown } from "reelkit/schemas";

// Serve these at GET /openapi.json and GET /skill.md; both come from the same schemas.
const openapi = buildOpenApiDocument({ serverUrl: "https://api.example.com/v1" });
const skill = buildSkillMarkdown({ baseUrl: "https://api.example.com/v1" });

assert.equal(openapi.openapi, "3.1.0");
assert.ok("/editor/videos/{id}" in openapi.paths);
assert.ok(skill.includes("### `apply_item_transition`"));
