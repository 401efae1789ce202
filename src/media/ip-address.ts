/**
 * Parsing of IP address text into bytes, strictly: only the canonical forms that DNS
 * answers and the WHATWG URL parser produce. Anything else is not an address, so a
 * caller that refuses unparseable text can never be fooled by an exotic spelling.
 *
 * @module
 */

/** An IP address as bytes: 4 for IPv4, 16 for IPv6. */
export interface IpAddress {
  /** 4 or 6. */
  readonly family: 4 | 6;
  /** The address bytes in network order. */
  readonly bytes: Uint8Array;
}

const IPV4_OCTET = /^(0|[1-9][0-9]{0,2})$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

/** Parses dotted-quad IPv4 text (`192.0.2.1`); no leading zeros, no shortened forms. */
export function parseIpv4(text: string): IpAddress | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  const bytes = new Uint8Array(4);
  for (const [index, part] of parts.entries()) {
    if (!IPV4_OCTET.test(part) || Number(part) > 255) return undefined;
    bytes[index] = Number(part);
  }
  return { family: 4, bytes };
}

function parseGroups(text: string): number[] | undefined {
  if (text === "") return [];
  const groups: number[] = [];
  for (const part of text.split(":")) {
    if (!IPV6_GROUP.test(part)) return undefined;
    groups.push(Number.parseInt(part, 16));
  }
  return groups;
}

/** Splits off a trailing dotted IPv4 part (`::ffff:192.0.2.1`) into two 16-bit groups. */
function expandEmbeddedIpv4(text: string): string | undefined {
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (!tail.includes(".")) return text;
  const ipv4 = parseIpv4(tail);
  if (ipv4 === undefined) return undefined;
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.bytes;
  return `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/**
 * Parses IPv6 text, with or without brackets, with `::` compression, an embedded IPv4
 * tail, and a zone (`fe80::1%eth0`, dropped: it names an interface, not an address).
 */
export function parseIpv6(text: string): IpAddress | undefined {
  let body = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = body.indexOf("%");
  if (zone !== -1) body = body.slice(0, zone);
  const expanded = expandEmbeddedIpv4(body);
  if (expanded === undefined) return undefined;
  const halves = expanded.split("::");
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0] ?? "");
  const tail = halves.length === 2 ? parseGroups(halves[1] ?? "") : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return { family: 6, bytes };
}

/**
 * Parses IPv4 or IPv6 text.
 *
 * @example
 * ```ts
 * parseIpAddress("::ffff:127.0.0.1")?.family; // 6
 * parseIpAddress("0177.0.0.1"); // undefined: octal is not a canonical form
 * ```
 */
export function parseIpAddress(text: string): IpAddress | undefined {
  return text.includes(":") || text.startsWith("[") ? parseIpv6(text) : parseIpv4(text);
}

/** Formats IPv4 bytes as dotted-quad text. */
export function formatIpv4(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, 4)).join(".");
}
