/**
 * A tool's output schema, derived from the same zod schemas as its REST answer (or the
 * agent operation's answer) rather than written again, so a field added to a response
 * reaches the tool's schema with it.
 *
 * A tool's structured content is the REST body of a success or the REST error body of a
 * failure (flagged `isError`), and clients check both against the schema (the official
 * SDK client does), so the schema admits either: `anyOf` the success bodies and the error
 * body. A tool whose answer is a file (the preview image) has no structured content and
 * declares no output schema.
 *
 * @module
 */
import { z } from "zod";
import { errorResponseSchema } from "../schemas/errors.js";
import { type JsonSchema, toJsonSchema } from "../schemas/json-schema.js";
import { agentOperationOf } from "../service/agent/agent-operations.js";
import { endpointOf } from "../service/pipeline/use-case.js";
import type { ToolTarget } from "./tool-definition.js";

/** The JSON Schema of a tool's structured content: always an object schema. */
export interface ToolOutputSchema {
  /** Always `object`: every alternative is an object. */
  readonly type: "object";
  /** Other JSON Schema keywords. */
  readonly [keyword: string]: unknown;
}

// The success bodies of the target; none when it answers with a file.
function successSchemasOf(target: ToolTarget): readonly z.ZodType[] {
  if (target.api === undefined) return [agentOperationOf(target.agent).output];
  const { success } = endpointOf(target.api);
  return success.contentType === "application/json" ? success.schemas : [];
}

/**
 * The output schema of a tool over `target`, or undefined when its answer is a file. One
 * conversion of the union keeps shared definitions in one `$defs`, and the root is typed
 * `object` as MCP requires of every output schema.
 *
 * @example
 * ```ts
 * toolOutputOf({ api: "getVideo" }); // { type: "object", anyOf: [video record, error body] }
 * ```
 */
export function toolOutputOf(target: ToolTarget): ToolOutputSchema | undefined {
  const successes = successSchemasOf(target);
  const [first, ...others] = successes;
  if (first === undefined) return undefined;
  const answer = z.union([first, ...others, errorResponseSchema]);
  const converted: JsonSchema = toJsonSchema(answer, "output");
  return { ...converted, type: "object" };
}
