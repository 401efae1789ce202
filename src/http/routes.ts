/**
 * The route table: the endpoint table's path templates (`/editor/videos/{id}`) compiled
 * once into segment matchers under a base path, and the lookup that turns a method and
 * a path into an endpoint, a 405 with its allowed methods, or a 404.
 *
 * @module
 */
import type { EndpointDefinition } from "../schemas/endpoints.js";

/** The base path the reference host serves the API under (spec 9: version prefix v1). */
export const DEFAULT_BASE_PATH = "/v1";

/** One path template and the endpoints that share it, one per method. */
export interface RoutePattern {
  /** The template as written in the endpoint table, such as `/editor/videos/{id}`. */
  readonly template: string;
  /** Endpoints on this path. */
  readonly endpoints: readonly EndpointDefinition[];
  /** Methods a client may send here, for the `Allow` header. */
  readonly allowedMethods: readonly string[];
  /** The template split at `/`, without the empty part before the first `/`. */
  readonly segments: readonly string[];
  /**
   * Parameter name at each segment position, undefined where the segment is literal;
   * a parameter matches any one non-empty segment.
   */
  readonly paramNames: readonly (string | undefined)[];
}

/** A compiled route table. */
export interface RouteTable {
  /** Normalized base path: empty, or starting with `/` and without a trailing `/`. */
  readonly basePath: string;
  /** Patterns, most specific first: at the first differing segment a literal wins. */
  readonly patterns: readonly RoutePattern[];
}

/** The outcome of {@link matchRoute}. */
export type RouteMatch = RouteMatched | RouteMethodAnswer | RouteMissed;

/** A request that reached an endpoint. */
export interface RouteMatched {
  /** Discriminant. */
  readonly kind: "matched";
  /** The endpoint to call; for `HEAD`, the `GET` endpoint of the path. */
  readonly endpoint: EndpointDefinition;
  /** Percent-decoded path parameters by name. */
  readonly pathParams: Readonly<Record<string, string>>;
}

/** A known path asked with `OPTIONS`, or with a method it does not serve. */
export interface RouteMethodAnswer {
  /** `options` for an `OPTIONS` request, `method_not_allowed` for a method not served. */
  readonly kind: "options" | "method_not_allowed";
  /** Methods the path serves, for the `Allow` header. */
  readonly allowedMethods: readonly string[];
  /** The path's template as the endpoint table writes it, such as `/editor/videos/{id}`. */
  readonly template: string;
}

/** A path that reaches no endpoint. */
export interface RouteMissed {
  /** `not_found` for an unknown path; `malformed_path` for bad percent-encoding in a parameter. */
  readonly kind: "not_found" | "malformed_path";
}

const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * Normalizes a base path: `""` and `"/"` mean the root, a trailing `/` is dropped.
 * Throws a `RangeError` for a base path that is not an absolute path without a query.
 */
export function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, "");
  if (trimmed !== "" && !/^(\/[^/?#]+)+$/.test(trimmed)) {
    throw new RangeError(`basePath must look like "/v1", got ${JSON.stringify(basePath)}.`);
  }
  return trimmed;
}

function paramNameOf(segment: string): string | undefined {
  return /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(segment)?.[1];
}

function allowedMethodsOf(endpoints: readonly EndpointDefinition[]): string[] {
  const methods = new Set<string>(endpoints.map((endpoint) => endpoint.method));
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  return METHOD_ORDER.filter((method) => methods.has(method));
}

function bySpecificity(left: RoutePattern, right: RoutePattern): number {
  const length = Math.min(left.segments.length, right.segments.length);
  for (let index = 0; index < length; index += 1) {
    const leftIsParam = left.paramNames[index] !== undefined;
    const rightIsParam = right.paramNames[index] !== undefined;
    if (leftIsParam !== rightIsParam) return leftIsParam ? 1 : -1;
  }
  return 0;
}

/**
 * Compiles endpoints into a route table served under `basePath`.
 *
 * @example
 * ```ts
 * const table = compileRouteTable(ENDPOINTS, "/v1");
 * matchRoute(table, "PATCH", "/v1/editor/videos/42");
 * // { kind: "matched", endpoint: { operationId: "updateEditorVideo", ... }, pathParams: { id: "42" } }
 * ```
 */
export function compileRouteTable(
  endpoints: readonly EndpointDefinition[],
  basePath: string = DEFAULT_BASE_PATH,
): RouteTable {
  const byTemplate = new Map<string, EndpointDefinition[]>();
  for (const endpoint of endpoints) {
    const shared = byTemplate.get(endpoint.path) ?? [];
    shared.push(endpoint);
    byTemplate.set(endpoint.path, shared);
  }
  const patterns = [...byTemplate].map(([template, shared]): RoutePattern => {
    const segments = template.split("/").slice(1);
    return {
      template,
      endpoints: shared,
      allowedMethods: allowedMethodsOf(shared),
      segments,
      paramNames: segments.map(paramNameOf),
    };
  });
  return { basePath: normalizeBasePath(basePath), patterns: patterns.sort(bySpecificity) };
}

function fits(pattern: RoutePattern, parts: readonly string[]): boolean {
  if (pattern.segments.length !== parts.length) return false;
  return pattern.segments.every((segment, index) => {
    const part = parts[index] ?? "";
    return pattern.paramNames[index] === undefined ? segment === part : part !== "";
  });
}

function decodeParams(
  pattern: RoutePattern,
  parts: readonly string[],
): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (const [index, name] of pattern.paramNames.entries()) {
    if (name === undefined) continue;
    try {
      params[name] = decodeURIComponent(parts[index] ?? "");
    } catch {
      return undefined;
    }
  }
  return params;
}

function pathParts(table: RouteTable, pathname: string): string[] | undefined {
  if (!pathname.startsWith(`${table.basePath}/`)) return undefined;
  return pathname.slice(table.basePath.length + 1).split("/");
}

function endpointFor(pattern: RoutePattern, method: string): EndpointDefinition | undefined {
  const wanted = method === "HEAD" ? "GET" : method;
  return pattern.endpoints.find((endpoint) => endpoint.method === wanted);
}

/**
 * Finds the endpoint for a method and a URL path (still percent-encoded, as
 * `URL.pathname` gives it). Methods are case-sensitive, as HTTP defines them.
 *
 * @example
 * ```ts
 * matchRoute(table, "DELETE", "/v1/editor/videos/42");
 * // { kind: "method_not_allowed", allowedMethods: ["GET", "HEAD", "PATCH", "OPTIONS"] }
 * matchRoute(table, "GET", "/v1/nothing-here"); // { kind: "not_found" }
 * ```
 */
export function matchRoute(table: RouteTable, method: string, pathname: string): RouteMatch {
  const parts = pathParts(table, pathname);
  const pattern = parts && table.patterns.find((candidate) => fits(candidate, parts));
  if (parts === undefined || pattern === undefined) return { kind: "not_found" };
  if (method === "OPTIONS")
    return {
      kind: "options",
      allowedMethods: pattern.allowedMethods,
      template: pattern.template,
    };
  const endpoint = endpointFor(pattern, method);
  if (endpoint === undefined) {
    return {
      kind: "method_not_allowed",
      allowedMethods: pattern.allowedMethods,
      template: pattern.template,
    };
  }
  const pathParams = decodeParams(pattern, parts);
  if (pathParams === undefined) return { kind: "malformed_path" };
  return { kind: "matched", endpoint, pathParams };
}
