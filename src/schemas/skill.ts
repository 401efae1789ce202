/**
 * Builds `skill.md`, the agent instruction file of spec 4.2, from the endpoint table, the
 * edit-operation schemas, the error table and the limits, so it cannot drift from the
 * API it describes.
 *
 * @module
 */
import type { z } from "zod";
import { ERROR_CODE_TABLE, ERROR_CODES } from "../errors/codes.js";
import { EDIT_OPERATION_TYPES, editOperationSchemas } from "./edit-operations.js";
import { ENDPOINTS, type EndpointDefinition } from "./endpoints.js";
import {
  describeJsonSchema,
  type JsonSchema,
  objectProperties,
  toJsonSchema,
} from "./json-schema.js";
import {
  EDITOR_LIST_RESPONSE_MAX_BYTES,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IMAGE_PIXELS_MAX,
  IMAGE_SIDE_MAX_PIXELS,
  OPERATIONS_PER_REQUEST_MAX,
  PROJECT_ITEMS_MAX,
  PROJECT_STATE_MAX_BYTES,
  REQUEST_ID_MAX_LENGTH,
  VOICEOVER_MAX_WORDS,
} from "./limits.js";
import { API_TITLE, API_VERSION, documentedErrorStatuses } from "./openapi.js";
import { API_SCOPE_DESCRIPTIONS, API_SCOPES } from "./scopes.js";
import { WEBHOOK_DELIVERY_DESCRIPTION, WEBHOOK_EVENTS } from "./webhooks.js";

// Large limits are easier to read with their thousands grouped.
const grouped = (value: number): string => new Intl.NumberFormat("en-US").format(value);

/** Options of {@link buildSkillMarkdown}. */
export interface SkillOptions {
  /** Base URL including the version prefix. Default `{base_url}`, a placeholder agents fill in. */
  readonly baseUrl?: string;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function fieldTable(schema: JsonSchema): string[] {
  const { properties, required } = objectProperties(schema);
  const names = Object.keys(properties);
  if (names.length === 0) return [];
  const rows = names.map((name) => {
    const property = properties[name] ?? {};
    const marker = required.has(name) ? " *" : "";
    return `| \`${name}\`${marker} | ${escapeCell(describeJsonSchema(property))} | ${escapeCell(property.description ?? "")} |`;
  });
  return ["| Field | Type and limits | Notes |", "|---|---|---|", ...rows];
}

function schemaSection(title: string, schema: z.ZodType | undefined): string[] {
  if (schema === undefined) return [];
  const table = fieldTable(toJsonSchema(schema, "input"));
  return table.length === 0 ? [] : ["", `${title} (\`*\` = required):`, "", ...table];
}

function endpointSection(endpoint: EndpointDefinition): string[] {
  const access =
    endpoint.auth === "none"
      ? "no authentication"
      : `bearer key with ${endpoint.scopes.map((s) => `\`${s}\``).join(" or ")}`;
  const lines = [
    `### ${endpoint.method} ${endpoint.path}`,
    "",
    `${endpoint.summary} ${endpoint.description}`,
    "",
    `- Access: ${access}.`,
    `- Success: 200, ${endpoint.success.description.toLowerCase()}`,
    `- Errors: ${documentedErrorStatuses(endpoint).join(", ")}.`,
  ];
  if (endpoint.idempotency !== undefined) {
    lines.push(
      `- Paid. Send an \`Idempotency-Key\` header (or body \`idempotency_key\`), at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`,
    );
  }
  const json = endpoint.bodies?.find((body) => body.contentType === "application/json");
  lines.push(
    ...schemaSection("Path parameters", endpoint.pathParams),
    ...schemaSection("Query parameters", endpoint.query),
    ...schemaSection("JSON body", json?.schema),
  );
  const multipart = endpoint.bodies?.find((body) => body.contentType === "multipart/form-data");
  if (multipart !== undefined) {
    lines.push(
      "",
      `Also accepts \`multipart/form-data\` with the file in \`${(multipart.binaryFields ?? []).join(", ")}\`.`,
    );
  }
  lines.push("");
  return lines;
}

function operationSection(type: (typeof EDIT_OPERATION_TYPES)[number]): string[] {
  const schema = toJsonSchema(editOperationSchemas[type], "input");
  const { properties, required } = objectProperties(schema);
  const rows = Object.entries(properties)
    .filter(([name]) => name !== "type")
    .map(([name, property]) => {
      const marker = required.has(name) ? " *" : "";
      return `| \`${name}\`${marker} | ${escapeCell(describeJsonSchema(property))} | ${escapeCell(property.description ?? "")} |`;
    });
  return [
    `### \`${type}\``,
    "",
    schema.description ?? "",
    "",
    "| Field | Type and limits | Notes |",
    "|---|---|---|",
    ...rows,
    "",
  ];
}

const GUIDE = (baseUrl: string): string[] => [
  `# ${API_TITLE} — agent guide`,
  "",
  `Interface version ${API_VERSION}. Every path below is relative to \`${baseUrl}\`. Bodies are JSON unless stated. The machine-readable schema is \`GET /openapi.json\`.`,
  "",
  "## Authentication and scopes",
  "",
  "Send `Authorization: Bearer <API_KEY>`. A key belongs to one organization; a resource of another organization is reported as not found. A missing key is 401 `unauthorized`; a malformed, unknown, revoked or expired key is 401 `invalid_api_key`. The organization needs an active paid subscription (otherwise 402 `payment_required`). The key is checked before the body is read.",
  "",
  ...API_SCOPES.map((scope) => `- \`${scope}\`: ${API_SCOPE_DESCRIPTIONS[scope]}`),
  "",
  "`GET /models`, `GET /openapi.json` and `GET /skill.md` need no key.",
  "",
  "Over MCP (the server's `/mcp` endpoint, Streamable HTTP), send the same key as a bearer token, or sign in the standard MCP way: the endpoint's 401 names its OAuth protected-resource metadata, which lists the authorization server; a client registers itself there, and the user approves it on a page with an API key of the workspace, granting at most that key's scopes. Its access tokens are checked exactly as keys are and work at the MCP endpoint only; a 403 `insufficient_scope` challenge names the scope to ask the user to approve.",
  "",
  "## Paid work is asynchronous: poll",
  "",
  "Paid creation requests (generations, slideshows, faceless videos, reference analyses, voiceovers) deduct credits before queueing and return a queued result. Poll the matching status endpoint (`GET /generations/{id}`, `GET /slideshows/{id}`, `GET /videos/{id}`) every few seconds until `status` is `completed`, `failed` or `error`. A completed generation carries `url`. A failed one carries `error` with `code` `generation_failed`, a `category`, `retryable`, and `credits_returned` (true, false, or null when unknown).",
  "",
  "## Idempotency and retries",
  "",
  `- Send an \`Idempotency-Key\` header (or the body field \`idempotency_key\`, at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters) on every paid request. The header wins over the body field.`,
  "- A repeated request with the same key and body returns the original response with `idempotent_replay: true` and charges nothing.",
  "- The same key with a different body, or while the first request is still processing, returns 409 `idempotency_conflict`.",
  "- One key per paid action. A new paid action needs a new key; never retry a paid request without its key.",
  "- `retryable` is true for 429 and 5xx. On 429 `rate_limited`, wait `Retry-After` seconds and retry with the same key. On 5xx, retry with exponential backoff and the same key.",
  `- Every answer carries an \`X-Request-Id\` header: send your own (at most ${REQUEST_ID_MAX_LENGTH} letters, digits or \`. _ : = + - /\`) to find the request in the server's logs, or read the generated one; quote it when reporting a 5xx.`,
  "- Do not retry `bad_request`, `forbidden`, `payment_required`, `insufficient_credits` or `idempotency_conflict` without changing the request or asking the user.",
  "- A generation batch with status `partial` queued only some items: do not retry it with a new key unless more outputs are wanted.",
  "",
  "## Errors",
  "",
  'Every error is `{ "error": { "code", "message", "retryable", "context" } }`. `insufficient_credits` carries `context.credits_required` and `context.credits_available`; `bad_request` lists the offending fields in `context.fields`.',
  "",
  "Text may not hold U+0000 or an unpaired surrogate (`\\ud800` to `\\udfff`), and no object may have a `__proto__` key: such a request is a 400 `bad_request` (`context.reason` `unstorable_text` or `hostile_key`). UUIDs are accepted in either case. A `source_url` that cannot be downloaded is a 400 when retrying cannot help (an unknown host, a 404) and a retryable 500 when it may (a timeout, a source answering 5xx or 429).",
  "",
  `Every uploaded, imported or URL-placed file is probed whole before it is stored: one that does not decode is a 400 (\`context.reason\` \`media_undecodable\`), a picture past ${grouped(IMAGE_SIDE_MAX_PIXELS)} pixels a side or ${grouped(IMAGE_PIXELS_MAX)} in all is a 400 \`image_too_large\` (scale it down), and a filename naming another kind than the bytes (a PNG named \`.mp4\`) is a 400 \`filename_kind_mismatch\`. Media placed by \`url\` without \`duration_seconds\` plays its real length.`,
  "",
  "| Code | HTTP status | Retryable |",
  "|---|---|---|",
  ...ERROR_CODES.filter((code) => code !== "generation_failed").map(
    (code) =>
      `| \`${code}\` | ${ERROR_CODE_TABLE[code].status} | ${ERROR_CODE_TABLE[code].retryable ? "yes" : "no"} |`,
  ),
  "",
];

const WEBHOOK_SECTION: string[] = [
  "## Webhooks: instead of polling",
  "",
  `When the operator configured webhook endpoints for the organization, finished work is also announced. ${WEBHOOK_DELIVERY_DESCRIPTION} Polling stays correct; an agent without a receiver keeps polling.`,
  "",
  "| Event | Sent when | `data` as returned by |",
  "|---|---|---|",
  ...WEBHOOK_EVENTS.map(
    (event) => `| \`${event.type}\` | ${escapeCell(event.summary)} | \`${event.readBy}\` |`,
  ),
  "",
];

const EDITING_RULES: string[] = [
  "## Editing a timeline",
  "",
  `Read a project with \`GET /editor/videos/{id}\`; item ids are the keys of \`editor.items\`. Send \`PATCH /editor/videos/{id}\` with \`operations\` (at most ${OPERATIONS_PER_REQUEST_MAX}) and optional \`instructions\`. The batch is atomic: if one operation fails, nothing changes and the error names the failing operation. Positions are seconds on the wire and whole frames in the state.`,
  "",
  `A project holds at most ${grouped(PROJECT_ITEMS_MAX)} items and ${grouped(PROJECT_STATE_MAX_BYTES)} bytes of timeline JSON: a batch or media addition that would pass either is a 400 (\`context.reason\` \`project_too_many_items\` or \`project_too_large\`, with the limit and the sizes) and changes nothing; remove items or start another project. Changes of projects (create, PATCH, add media, undo, redo) count against a per-organization limit: past it they answer 429 \`rate_limited\` with \`context.limit_name\` \`edits\`; wait \`Retry-After\` seconds. Previews (\`GET /editor/videos/{id}/frame\`, one frame or a contact sheet) count against a limit of their own (\`context.limit_name\` \`frames\`): ask for a contact sheet rather than many single frames. Other reads are never limited. \`GET /editor/videos\` answers at most ${grouped(EDITOR_LIST_RESPONSE_MAX_BYTES)} bytes: pass \`next_cursor\` as \`cursor\` to read the next page until it is null.`,
  "",
  "1. When `track_id` is omitted, added media goes on a compatible existing track where its time span is free, otherwise on a new track. Give `track_id` only for layer order or overlap needs. A video, image, GIF or panel solid goes in front of the pictures it overlaps and behind the text and captions over them; a full-frame opaque solid is a background and goes behind what it overlaps.",
  "2. Music, voiceovers, voice assets and sound effects are audio items with an `audio_role`. Lowering volume never removes sound effects.",
  `3. \`add_voiceover\` is paid: send it alone (exactly one operation, nothing else) with a new idempotency key per new voice request. At most ${VOICEOVER_MAX_WORDS} spoken words, counted as a voice speaks them in any script (Chinese and Japanese text too). \`voice_id\`, when given, must be one of \`voices[].id\` of \`GET /assets\`.`,
  "4. New text, captions and generated captions go on a front layer. Without `top`, a new text overlay takes a vertical slot that avoids existing timed text and captions.",
  "5. `set_item_animation` applies to videos, images, GIFs, text and captions: `enter` controls how an item appears, `exit` how it leaves; null clears.",
  "6. `apply_item_transition` moves the incoming item earlier to overlap the outgoing one, optionally keeps its end time, then applies the exit and enter animations. It never moves the incoming item later (`invalid_transition`), puts it in front of the outgoing item so the transition is seen, and when keeping its end moves its source back by the overlap times its rate (`source_out_of_range` without that much media before its offset).",
  "7. `generate_captions_from_items` transcribes the selected video or audio items, respecting placement, trim, playback rate and duration, and creates or replaces a front-layer captions item. The captions then follow their sources: moving, trimming, re-timing, splitting or removing a source keeps them in sync (they go with their last source). Re-timing, splitting or replacing the entries of the captions themselves makes them hand-made.",
  "8. `from_seconds` places an item; `duration_seconds` is its visible or audible length; `source_start_seconds` trims into the source; `playback_rate` changes speed (1 is normal).",
  "9. `split_item` is invisible and inaudible: both halves keep every fade, animation and motion of the item where it stands (a 3 s fade-in cut at 1 s goes on from a third on the right half), recorded in the halves' `effectSpans`. Moving or trimming a half keeps that; an animation, motion or fade set anew on a half starts at the half's own edge.",
  "",
  "The edit result lists, in `operation_results`, the item ids each operation created (`created_item_ids`) and removed (`removed_item_ids`). Chain later edits on those ids instead of reading the project again: `split_item` keeps the original id on the left half and reports the right half as created.",
  "",
  "### Revisions, undo and redo",
  "",
  '- Every accepted edit is a new `revision` (0 at creation); the project record and the edit result carry it, and the `ETag` header names it (`"rev-3"`).',
  "- Send `expected_revision` (or `If-Match` with the ETag) with an edit decided on what you read: if someone changed the project since, the answer is 409 `revision_conflict` with `context.current_revision` and nothing changes or is charged. Read the project again and decide again; do not resend unchanged.",
  "- `POST /editor/videos/{id}/undo` reverts the latest change as a new revision; `/redo` applies it again. A new edit after an undo ends what can be redone (409 `nothing_to_redo`). Undoing a paid voiceover refunds nothing.",
  "- `GET /editor/videos/{id}/revisions` lists the history (at least the last 100 revisions); `GET /editor/videos/{id}?revision=N` reads the project as it was. `If-None-Match` with the ETag answers 304 when nothing changed.",
  "- An export renders the project as it stood when asked. `GET /videos/{id}` of a project says which revision its latest export shows (`export_revision`), the current one (`project_revision`), and `export_outdated: true` once an edit, undo or redo has moved the project past the file: export again for the current timeline (free when the content is back to what was exported).",
  "",
  "## Edit operations",
  "",
  "Each operation is an object whose `type` selects it. `*` marks required fields.",
  "",
];

/**
 * Builds the Markdown agent instruction file served at `GET /skill.md`: authentication
 * and scopes, polling, idempotency and retries, errors, every endpoint with its fields,
 * and every edit operation with its fields and limits.
 *
 * @example
 * ```ts
 * const markdown = buildSkillMarkdown({ baseUrl: "https://api.example.com/v1" });
 * markdown.includes("### `split_item`"); // true
 * ```
 */
export function buildSkillMarkdown(options: SkillOptions = {}): string {
  const lines = [
    ...GUIDE(options.baseUrl ?? "{base_url}"),
    ...WEBHOOK_SECTION,
    "## Endpoints",
    "",
    ...ENDPOINTS.flatMap(endpointSection),
    ...EDITING_RULES,
    ...EDIT_OPERATION_TYPES.flatMap(operationSection),
  ];
  return `${lines.join("\n").trimEnd()}\n`;
}
