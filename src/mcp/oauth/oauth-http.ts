/**
 * The HTTP plumbing the endpoints share: reading a bounded form or JSON body, refusing a
 * parameter sent twice (RFC 6749 3.1, 3.2), answering CORS preflights and wrong methods.
 *
 * @module
 */

import { readBodyBytes } from "../../http/read-body.js";
import { err, ok } from "../../result.js";
import { type OAuthResult, refuse } from "./oauth-errors.js";
import { OAUTH_MAX_REQUEST_BYTES } from "./oauth-limits.js";

/** Parameters read from a query or form, each at most once. */
export type OAuthParameters = ReadonlyMap<string, string>;

/**
 * The parameters of `search`, refusing any sent more than once but those named in
 * `repeatable` (the approval form's checkboxes), which are read with `getAll`.
 */
export function singleParameters(
  search: URLSearchParams,
  repeatable: readonly string[] = [],
): OAuthResult<OAuthParameters> {
  const values = new Map<string, string>();
  for (const [name, value] of search) {
    if (repeatable.includes(name)) continue;
    if (values.has(name)) return refuse("invalid_request", `The parameter ${name} is repeated.`);
    values.set(name, value);
  }
  return ok(values);
}

function essenceOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** The decoded body of a request, at most {@link OAUTH_MAX_REQUEST_BYTES}, or a refusal. */
async function bodyText(request: Request): Promise<OAuthResult<string>> {
  const read = await readBodyBytes(request, OAUTH_MAX_REQUEST_BYTES);
  if (!read.ok) return refuse("invalid_request", read.error.message);
  try {
    return ok(new TextDecoder("utf-8", { fatal: true }).decode(read.value));
  } catch {
    return refuse("invalid_request", "The request body is not UTF-8.");
  }
}

/** The parameters of a form body (`application/x-www-form-urlencoded`), each at most once. */
export async function formParameters(
  request: Request,
  repeatable: readonly string[] = [],
): Promise<{ all: URLSearchParams; single: OAuthResult<OAuthParameters> }> {
  if (essenceOf(request) !== "application/x-www-form-urlencoded") {
    const wrongType = refuse<OAuthParameters>(
      "invalid_request",
      "Send the parameters as application/x-www-form-urlencoded.",
    );
    return { all: new URLSearchParams(), single: wrongType };
  }
  const text = await bodyText(request);
  if (!text.ok) return { all: new URLSearchParams(), single: text };
  const all = new URLSearchParams(text.value);
  return { all, single: singleParameters(all, repeatable) };
}

/** The parsed JSON body of a request, or a refusal naming what was wrong. */
export async function jsonBody(request: Request): Promise<OAuthResult<unknown>> {
  if (essenceOf(request) !== "application/json") {
    return refuse("invalid_client_metadata", "Send the client metadata as application/json.");
  }
  const text = await bodyText(request);
  if (!text.ok) return err({ ...text.error, code: "invalid_client_metadata" });
  try {
    return ok(JSON.parse(text.value));
  } catch {
    return refuse("invalid_client_metadata", "The body is not JSON.");
  }
}

/** The answer to a CORS preflight of an endpoint browser-based clients call. */
export function preflightResponse(methods: readonly string[]): Response {
  return new Response(null, {
    status: 204,
    headers: {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": methods.join(", "),
      "access-control-allow-headers": "authorization, content-type, mcp-protocol-version",
      "access-control-max-age": "600",
    },
  });
}

/** The 405 of a method an endpoint does not take. */
export function methodNotAllowed(methods: readonly string[]): Response {
  return new Response(null, { status: 405, headers: { allow: methods.join(", ") } });
}
