/**
 * Reading a `Content-Type` header: the essence (`type/subtype`) decides which body
 * reader runs, and the parameters carry the charset or the multipart boundary.
 *
 * @module
 */

/** A parsed `Content-Type` header. */
export interface MediaType {
  /** `type/subtype` in lower case, such as `application/json`. */
  readonly essence: string;
  /** Parameters by lower-case name, quotes removed; values keep their case. */
  readonly parameters: Readonly<Record<string, string>>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return value;
}

/**
 * Parses a `Content-Type` header; undefined when it is not `type/subtype`.
 *
 * A parameter value containing `;` inside quotes is not supported: no media type this
 * API accepts needs one, and a boundary with `;` is refused as malformed multipart.
 *
 * @example
 * ```ts
 * parseMediaType("application/json; charset=UTF-8");
 * // { essence: "application/json", parameters: { charset: "UTF-8" } }
 * ```
 */
export function parseMediaType(header: string): MediaType | undefined {
  const [essencePart = "", ...parameterParts] = header.split(";");
  const [type, subtype, ...extra] = essencePart.trim().split("/");
  if (type === undefined || subtype === undefined || extra.length > 0) return undefined;
  if (!TOKEN.test(type) || !TOKEN.test(subtype)) return undefined;
  const parameters: Record<string, string> = {};
  for (const part of parameterParts) {
    const separator = part.indexOf("=");
    if (separator <= 0) continue;
    const name = part.slice(0, separator).trim().toLowerCase();
    // `__proto__` is a valid token, but assigning it would replace the prototype.
    if (!TOKEN.test(name) || name === "__proto__") continue;
    parameters[name] = unquote(part.slice(separator + 1).trim());
  }
  return { essence: `${type}/${subtype}`.toLowerCase(), parameters };
}

/** True when the charset parameter is absent or names UTF-8, the only JSON encoding (RFC 8259). */
export function isUtf8Charset(mediaType: MediaType): boolean {
  const charset = mediaType.parameters.charset;
  return charset === undefined || /^utf-?8$/i.test(charset);
}
