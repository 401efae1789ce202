/**
 * The service harness with the MCP handler in front of it, and an MCP client of the
 * official SDK that reaches the handler through a custom fetch, without a socket.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { compileTools, createMcpHandler, type McpFetchHandler } from "reelkit/mcp";
import {
  createMemorySocialPublisher,
  DEMO_SOCIAL_ACCOUNTS,
  type MemorySocialPublisher,
} from "reelkit/memory";
import { MCP_TOOLS } from "../../../src/mcp/tools/index.js";
import type { OpenApiDocument } from "../../../src/schemas/openapi.js";
import {
  BASE_URL,
  createHarness,
  type Harness,
  type HarnessOptions,
  ORGS,
  ORIGIN,
} from "../../service/support/harness.js";
import { validatorOf } from "../../support/openapi-responses.js";

/** The MCP endpoint's public URL in tests. */
export const MCP_URL = `${ORIGIN}/mcp`;
/** Where its protected-resource metadata is served. */
export const METADATA_URL = `${ORIGIN}/.well-known/oauth-protected-resource/mcp`;

/** The harness plus the MCP handler. */
export interface McpHarness extends Harness {
  /** The MCP handler. */
  readonly mcp: McpFetchHandler;
  /** The in-memory social publisher, with Acme's demo accounts. */
  readonly social: MemorySocialPublisher;
  /** Errors the MCP handler reported. */
  readonly mcpErrors: unknown[];
  /** A connected SDK client; no Authorization header when `key` is undefined. */
  connect(key: string | undefined): Promise<Client>;
}

const OPERATION_OF_TOOL = new Map(MCP_TOOLS.map((tool) => [tool.name, tool.target.api] as const));

// Each tool's declared output schema, compiled once with the formats it names.
const OUTPUT_VALIDATORS: ReadonlyMap<string, ValidateFunction> = (() => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const validators = new Map<string, ValidateFunction>();
  for (const tool of compileTools(MCP_TOOLS).values()) {
    const schema = tool.listing.outputSchema;
    if (schema !== undefined) validators.set(tool.definition.name, ajv.compile(schema));
  }
  return validators;
})();

/**
 * Checks a tool result's structured content against the tool's declared output schema;
 * throws naming the problems. A tool whose answer is a file declares none, and only its
 * error results carry structured content.
 */
export function checkToolOutput(tool: string, structuredContent: unknown, isError: boolean): void {
  const validate = OUTPUT_VALIDATORS.get(tool);
  if (validate === undefined) {
    if (isError) return;
    throw new Error(`Tool ${tool} returned structured content but declares no output schema.`);
  }
  if (!validate(structuredContent)) {
    const problems = JSON.stringify(validate.errors?.slice(0, 5), null, 1);
    throw new Error(`Tool ${tool}: structured content breaks its output schema: ${problems}`);
  }
}

type JsonRpcMessage = {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: { readonly name?: unknown };
  readonly result?: { readonly structuredContent?: unknown; readonly isError?: unknown };
};

function messagesOf(text: string): JsonRpcMessage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.filter((each): each is JsonRpcMessage => typeof each === "object" && each !== null);
}

/**
 * Wraps the MCP handler so that what it answers is checked against the OpenAPI document
 * the REST API serves: a refusal carrying a REST error body must be the structured error,
 * and every tool result's structured content must be the REST body of its operation (the
 * error body when it is an error) and match the tool's declared output schema.
 */
function validatingMcp(mcp: McpFetchHandler, document: () => Promise<OpenApiDocument>) {
  return async (request: Request): Promise<Response> => {
    const requestText = request.method === "POST" ? await request.clone().text() : "";
    const response = await mcp(request);
    const text = await response.clone().text();
    const validator = validatorOf(await document());
    const toolOfId = new Map<unknown, string>();
    for (const message of messagesOf(requestText)) {
      if (message.method === "tools/call" && typeof message.params?.name === "string") {
        toolOfId.set(message.id, message.params.name);
      }
    }
    for (const message of messagesOf(text)) {
      const where = `MCP answered ${response.status}`;
      // A refusal before any JSON-RPC exchange carries the REST error body itself.
      if (!("jsonrpc" in message)) {
        if (response.status < 400) continue;
        validator.checkBody(undefined, true, message, where);
        continue;
      }
      const tool = toolOfId.get(message.id);
      const content = message.result?.structuredContent;
      if (tool === undefined || content === undefined) continue;
      checkToolOutput(tool, content, message.result?.isError === true);
      validator.checkBody(
        OPERATION_OF_TOOL.get(tool),
        message.result?.isError === true,
        content,
        `${where}: tool ${tool}`,
      );
    }
    return response;
  };
}

/** Builds a harness whose service is also served over MCP. */
export async function createMcpHarness(options: HarnessOptions = {}): Promise<McpHarness> {
  const social = createMemorySocialPublisher();
  social.putAccounts(ORGS.acme, DEMO_SOCIAL_ACCOUNTS);
  const harness = await createHarness({ ...options, overrides: { social, ...options.overrides } });
  const mcpErrors: unknown[] = [];
  let served: Promise<OpenApiDocument> | undefined;
  const document = () => {
    served ??= harness
      .handler(new Request(`${BASE_URL}/openapi.json`))
      .then((response) => response.json() as Promise<OpenApiDocument>);
    return served;
  };
  const mcp = validatingMcp(
    createMcpHandler(harness.service, {
      resourceUrl: MCP_URL,
      onError: (error) => mcpErrors.push(error),
    }),
    document,
  );
  return {
    ...harness,
    mcp,
    social,
    mcpErrors,
    async connect(key) {
      const client = new Client({ name: "reelkit-test", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
        fetch: (url, init) => mcp(new Request(url, init)),
        ...(key === undefined
          ? {}
          : { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
      });
      await client.connect(transport);
      return client;
    },
  };
}

/** A JSON body as the tests read it: any shape, read field by field. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies by path, as the service harness does.
export type JsonBody = any;

/** A tool result as the tests read it. */
export interface ToolAnswer {
  readonly isError: boolean;
  readonly body: JsonBody;
  readonly text: string;
}

/** Calls a tool and checks that the text content is the structured content as JSON. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolAnswer> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  const text = first?.type === "text" ? first.text : "";
  if (JSON.stringify(result.structuredContent) !== text) {
    throw new Error(`${name}: text content is not the structured content.`);
  }
  return { isError: result.isError === true, body: result.structuredContent, text };
}
