/**
 * A tool's input schema, derived from the REST (or agent) zod schemas rather than written
 * again: the properties of the path, query and body schemas merged into one object
 * schema, and a note of where each argument goes.
 *
 * Path and query values are described as what they mean once parsed (an integer id, a
 * number limit), not as the text a URL carries; the adapter writes them back as text
 * and the service parses them with the same schemas as a REST request.
 *
 * @module
 */
import type { z } from "zod";
import { type JsonSchema, toJsonSchema } from "../schemas/json-schema.js";
import type { ToolParameters } from "./tool-definition.js";

/** Where an argument goes in the service request. */
export type ArgumentLocation = "path" | "query" | "body";

/** The JSON Schema of a tool's arguments: always an object schema. */
export interface ToolInputSchema {
  /** Always `object`. */
  readonly type: "object";
  /** One property per argument. */
  readonly properties: Readonly<Record<string, JsonSchema>>;
  /** Arguments that must be given. */
  readonly required: readonly string[];
  /** Always false: an unknown argument is refused. */
  readonly additionalProperties: false;
  /** Shared definitions the body's schema refers to, when it has any. */
  readonly $defs?: Readonly<Record<string, JsonSchema>>;
  /** Other JSON Schema keywords. */
  readonly [keyword: string]: unknown;
}

/** A tool's input schema and where each argument goes. */
export interface ToolInput {
  /** The JSON Schema advertised in `tools/list`. */
  readonly schema: ToolInputSchema;
  /** Where each argument goes, by name. */
  readonly locations: ReadonlyMap<string, ArgumentLocation>;
  /** Whether the service call takes a JSON body (sent as `{}` when no body argument is given). */
  readonly hasBody: boolean;
}

interface SchemaPart {
  readonly location: ArgumentLocation;
  readonly schema: z.ZodType;
}

function partsOf(parameters: ToolParameters): SchemaPart[] {
  const parts: SchemaPart[] = [];
  if (parameters.path !== undefined) parts.push({ location: "path", schema: parameters.path });
  if (parameters.query !== undefined) parts.push({ location: "query", schema: parameters.query });
  if (parameters.body !== undefined) parts.push({ location: "body", schema: parameters.body });
  return parts;
}

// Path and query values arrive as text; the parsed side says what they mean. Requiredness
// always comes from the input side, where a defaulted field is optional.
function describePart(part: SchemaPart): { shown: JsonSchema; sent: JsonSchema } {
  const sent = toJsonSchema(part.schema, "input");
  const shown = part.location === "body" ? sent : toJsonSchema(part.schema, "output");
  if (part.location !== "body" && shown.$defs !== undefined) {
    throw new TypeError(`A ${part.location} schema must not need shared definitions.`);
  }
  return { shown, sent };
}

/**
 * Builds a tool's input schema and argument locations. Throws when two parts share a
 * field name, so a tool table that cannot be translated fails when the handler is made.
 */
export function toolInputOf(toolName: string, parameters: ToolParameters): ToolInput {
  const skipped = new Set([
    ...(parameters.omit ?? []),
    ...Object.keys(parameters.fixed?.query ?? {}),
  ]);
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  const locations = new Map<string, ArgumentLocation>();
  let definitions: Record<string, JsonSchema> | undefined;
  for (const part of partsOf(parameters)) {
    const { shown, sent } = describePart(part);
    for (const [name, property] of Object.entries(shown.properties ?? {})) {
      if (skipped.has(name) || typeof property !== "object") continue;
      if (locations.has(name))
        throw new TypeError(`${toolName}: argument ${name} is in two places.`);
      properties[name] = property;
      locations.set(name, part.location);
      if (sent.required?.includes(name)) required.add(name);
    }
    if (part.location === "body" && shown.$defs !== undefined) definitions = shown.$defs;
  }
  for (const name of parameters.required ?? []) {
    if (!locations.has(name)) throw new TypeError(`${toolName}: required ${name} is no argument.`);
    required.add(name);
  }
  const schema: ToolInputSchema = {
    type: "object",
    properties,
    required: [...required],
    additionalProperties: false,
    ...(definitions === undefined ? {} : { $defs: definitions }),
  };
  return { schema, locations, hasBody: parameters.body !== undefined };
}
