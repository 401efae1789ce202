/**
 * JSON Schema conversion shared by the OpenAPI document and `skill.md`: zod's own
 * converter with the settings both need, and a one-line rendering of a field's rules.
 *
 * @module
 */
import { z } from "zod";

/** A JSON Schema (draft 2020-12) object as emitted by zod. */
export type JsonSchema = z.core.JSONSchema.BaseSchema;

/** Which side of a schema to describe: what a client sends, or what it receives. */
export type SchemaDirection = "input" | "output";

const CONVERSION_DEFAULTS = { target: "draft-2020-12", unrepresentable: "any" } as const;

/** Converts one zod schema to JSON Schema, without the `$schema` marker. */
export function toJsonSchema(schema: z.ZodType, direction: SchemaDirection): JsonSchema {
  const { $schema: _marker, ...rest } = z.toJSONSchema(schema, {
    ...CONVERSION_DEFAULTS,
    io: direction,
  });
  return rest;
}

/**
 * Converts named zod schemas to JSON Schemas that refer to each other through
 * `refPrefix + name`. A private registry keeps these names off the schemas themselves,
 * so the same schemas stay usable where an `id` would be in the way (MCP tool inputs).
 */
export function toNamedJsonSchemas(
  named: Readonly<Record<string, z.ZodType>>,
  direction: SchemaDirection,
  refPrefix: string,
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(named)) registry.add(schema, { id: name });
  const { schemas } = z.toJSONSchema(registry, {
    ...CONVERSION_DEFAULTS,
    io: direction,
    uri: (id) => `${refPrefix}${id}`,
  });
  const result: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const { $schema: _marker, $id: _id, ...rest } = schema;
    result[name] = rest;
  }
  return result;
}

/** Properties and required names of an object JSON Schema; empty for anything else. */
export function objectProperties(schema: JsonSchema): {
  properties: Record<string, JsonSchema>;
  required: ReadonlySet<string>;
} {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (typeof property === "object") properties[name] = property;
  }
  return { properties, required: new Set(schema.required ?? []) };
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function rangeText(low: unknown, high: unknown, unit: string): string | undefined {
  const hasLow = typeof low === "number" && low > -MAX_SAFE;
  const hasHigh = typeof high === "number" && high < MAX_SAFE;
  if (hasLow && hasHigh) return `${low} to ${high}${unit}`;
  if (hasLow) return `>= ${low}${unit}`;
  if (hasHigh) return `<= ${high}${unit}`;
  return undefined;
}

function typeText(schema: JsonSchema): string {
  if (schema.$ref !== undefined) return schema.$ref.split("/").at(-1) ?? "object";
  if (schema.const !== undefined) return `constant ${JSON.stringify(schema.const)}`;
  if (schema.enum !== undefined)
    return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants !== undefined)
    return variants.map((v) => (typeof v === "object" ? typeText(v) : "any")).join(" or ");
  if (schema.type === "array" && typeof schema.items === "object" && !Array.isArray(schema.items)) {
    return `array of ${typeText(schema.items)}`;
  }
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  return schema.type ?? "any";
}

/**
 * One line stating a field's type and rules, for humans and agents:
 * `integer, 1 to 10, default 1`.
 *
 * @example
 * ```ts
 * describeJsonSchema({ type: "string", maxLength: 160 }); // "string, at most 160 chars"
 * ```
 */
export function describeJsonSchema(schema: JsonSchema): string {
  const parts = [typeText(schema)];
  const numeric = rangeText(
    schema.minimum ?? schema.exclusiveMinimum,
    schema.maximum ?? schema.exclusiveMaximum,
    "",
  );
  if (numeric !== undefined) {
    const exclusive = schema.exclusiveMinimum !== undefined ? " (exclusive minimum)" : "";
    parts.push(`${numeric}${exclusive}`);
  }
  const length = rangeText(schema.minLength, schema.maxLength, " chars");
  if (length !== undefined)
    parts.push(length.replace("<= ", "at most ").replace(">= ", "at least "));
  const items = rangeText(schema.minItems, schema.maxItems, " items");
  if (items !== undefined) parts.push(items.replace("<= ", "at most ").replace(">= ", "at least "));
  if (schema.format !== undefined) parts.push(schema.format);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(", ");
}
