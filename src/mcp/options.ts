/**
 * The options of the MCP handler, resolved and checked once when it is made.
 *
 * @module
 */

import { DEFAULT_MAX_JSON_BYTES } from "../http/body-limits.js";
import type { Logger } from "../observability/logger.js";
import type { Telemetry } from "../observability/telemetry.js";
import { API_VERSION } from "../schemas/openapi.js";
import type { ReelkitService } from "../service/create-service.js";
import { absoluteHttpUrl, logFailuresAs } from "./settings-checks.js";

/** The parts of the service the MCP handler calls. */
export type McpService = Pick<ReelkitService, "api" | "agent">;

/** Room for the JSON-RPC envelope around the largest REST JSON body. */
export const JSON_RPC_ENVELOPE_ALLOWANCE_BYTES = 64 * 1024;

/**
 * Largest MCP request body by default: the largest default REST JSON body (a 3 MiB
 * inline upload as base64 plus its fields) and the JSON-RPC envelope around it.
 */
export const DEFAULT_MCP_MAX_REQUEST_BYTES =
  DEFAULT_MAX_JSON_BYTES + JSON_RPC_ENVELOPE_ALLOWANCE_BYTES;

/** What the server tells agents when they connect (the `instructions` of `initialize`). */
export const DEFAULT_MCP_INSTRUCTIONS = [
  "reelkit makes marketing media and edits videos in one organization workspace.",
  "Start with get_workspace: credit balance, the key's scopes, subscription state.",
  "Paid tools (create_generation, create_slideshow, create_faceless_video, create_reference_inspiration, and add_voiceover in apply_editor_edits) deduct credits before queueing.",
  "Give each new paid request a new idempotency_key and reuse it only to retry that same request; a retry then returns the first result with idempotent_replay: true and is not charged again.",
  "Work is asynchronous: poll get_generation, get_slideshow or get_video until status is completed, failed or error.",
  "A failed call returns isError with { error: { code, message, retryable, context } }; retry unchanged only when retryable is true.",
  "A call the API key or approval has no scope for is refused with HTTP 403 and a WWW-Authenticate challenge naming the scope; ask the user for a key or an approval that carries it.",
].join(" ");

/** Options of `createMcpHandler`. */
export interface McpHandlerOptions {
  /**
   * The public URL of the MCP endpoint, such as `https://api.example.com/mcp`: the
   * protected resource of RFC 9728. Its metadata is served at
   * `https://api.example.com/.well-known/oauth-protected-resource/mcp`.
   */
  readonly resourceUrl: string;
  /**
   * Authorization servers listed in the metadata, such as the issuer of
   * `createAuthorizationServer`; none by default (API keys only).
   */
  readonly authorizationServers?: readonly string[];
  /** Human-readable name of the resource in the metadata. Default `reelkit`. */
  readonly resourceName?: string;
  /** URL of documentation for people, listed in the metadata when given. */
  readonly resourceDocumentation?: string;
  /** Name and version the server reports. Default `reelkit` and the API version. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
  /** What agents are told when they connect. Default {@link DEFAULT_MCP_INSTRUCTIONS}. */
  readonly instructions?: string;
  /** Largest request body in bytes. Default {@link DEFAULT_MCP_MAX_REQUEST_BYTES}. */
  readonly maxRequestBytes?: number;
  /** Called with anything that fails unexpectedly. Default: `console.error`. */
  readonly onError?: (error: unknown, request: Request) => void;
  /** Receives one `request` event per request, as the fetch handler's. Default: none. */
  readonly logger?: Logger;
  /** Receives a span and the request metrics per request. Default: none. */
  readonly telemetry?: Telemetry;
}

/** Options with defaults applied. */
export interface McpSettings {
  /** The MCP endpoint's public URL. */
  readonly resourceUrl: string;
  /** Where the protected-resource metadata is served. */
  readonly resourceMetadataUrl: string;
  /** Authorization servers for the metadata. */
  readonly authorizationServers: readonly string[];
  /** Name of the resource. */
  readonly resourceName: string;
  /** Documentation URL, if any. */
  readonly resourceDocumentation: string | undefined;
  /** Name and version of the server. */
  readonly serverInfo: { readonly name: string; readonly version: string };
  /** Instructions for agents. */
  readonly instructions: string;
  /** Largest request body. */
  readonly maxRequestBytes: number;
  /** Failure reporting. */
  readonly onError: (error: unknown, request: Request) => void;
}

/**
 * The URL of a resource's protected-resource metadata (RFC 9728 section 3.1): the
 * well-known segment goes between the host and the resource's path.
 *
 * @example
 * ```ts
 * protectedResourceMetadataUrl("https://api.example.com/mcp");
 * // "https://api.example.com/.well-known/oauth-protected-resource/mcp"
 * ```
 */
export function protectedResourceMetadataUrl(resourceUrl: string): string {
  const url = absoluteHttpUrl("resourceUrl", resourceUrl);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return `${url.origin}/.well-known/oauth-protected-resource${path}`;
}

/** Applies the defaults and checks the options; throws a `TypeError` or `RangeError`. */
export function resolveMcpSettings(options: McpHandlerOptions): McpSettings {
  const maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MCP_MAX_REQUEST_BYTES;
  if (!Number.isSafeInteger(maxRequestBytes) || maxRequestBytes < 1) {
    throw new RangeError(
      `maxRequestBytes must be a positive integer, got ${String(maxRequestBytes)}.`,
    );
  }
  for (const server of options.authorizationServers ?? [])
    absoluteHttpUrl("authorizationServers", server);
  return {
    resourceUrl: options.resourceUrl,
    resourceMetadataUrl: protectedResourceMetadataUrl(options.resourceUrl),
    authorizationServers: [...(options.authorizationServers ?? [])],
    resourceName: options.resourceName ?? "reelkit",
    resourceDocumentation: options.resourceDocumentation,
    serverInfo: options.serverInfo ?? { name: "reelkit", version: API_VERSION },
    instructions: options.instructions ?? DEFAULT_MCP_INSTRUCTIONS,
    maxRequestBytes,
    onError: options.onError ?? logFailuresAs("reelkit mcp"),
  };
}
