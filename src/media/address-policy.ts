/**
 * Which IP addresses a server-side fetch may connect to. Everything that reaches the
 * host itself, its private network or its cloud metadata service is refused, including
 * IPv6 forms that embed such an IPv4 address, so a `source_url` cannot be used to read
 * what only the server can reach.
 *
 * @module
 */
import { formatIpv4, type IpAddress, parseIpAddress } from "./ip-address.js";

/** Why an address is refused. */
export type BlockedAddressCategory =
  /** 0.0.0.0/8, `::`: "this host", which many stacks treat as loopback. */
  | "unspecified"
  /** 127.0.0.0/8, `::1`. */
  | "loopback"
  /** 10/8, 172.16/12, 192.168/16, fc00::/7, the deprecated fec0::/10, local-use NAT64. */
  | "private"
  /** 169.254/16 (including the 169.254.169.254 metadata service), fe80::/10. */
  | "link_local"
  /** 100.64.0.0/10, shared address space of carrier-grade NAT. */
  | "carrier_grade_nat"
  /** 224/4, ff00::/8. */
  | "multicast"
  /** 255.255.255.255. */
  | "broadcast"
  /** Documentation ranges: 192.0.2/24, 198.51.100/24, 203.0.113/24, 2001:db8::/32, 3fff::/20. */
  | "documentation"
  /** 198.18.0.0/15, reserved for network benchmarks. */
  | "benchmarking"
  /** Teredo (2001::/32), whose real endpoint is obscured. */
  | "tunnel"
  /** Reserved or unassigned space: 240/4, 192.0.0/24, and IPv6 outside 2000::/3. */
  | "reserved"
  /** Text that is not a canonical IP address. */
  | "unparseable";

/** How a blocked IPv4 address was reached through an IPv6 form. */
export type EmbeddingForm = "ipv4_mapped" | "ipv4_translated" | "nat64" | "6to4";

/** Result of {@link classifyAddress}. */
export type AddressVerdict =
  | {
      /** The address may be connected to. */
      readonly allowed: true;
    }
  | {
      /** The address is refused. */
      readonly allowed: false;
      /** Which range it falls in. */
      readonly category: BlockedAddressCategory;
      /** Present when an IPv6 address embeds the refused IPv4 address. */
      readonly embeddedIn?: EmbeddingForm;
    };

/** Overrides for tests that run a server on this machine. */
export interface AddressPolicyOptions {
  /**
   * Allows loopback addresses. Only for tests against a local server: with it, any
   * `source_url` can reach services listening on the host itself.
   */
  readonly dangerouslyAllowLoopback?: boolean;
}

interface Range {
  readonly prefix: Uint8Array;
  readonly length: number;
  readonly category: BlockedAddressCategory;
}

function range(cidr: string, category: BlockedAddressCategory): Range {
  const [text = "", length = ""] = cidr.split("/");
  const address = parseIpAddress(text);
  if (address === undefined) throw new Error(`Invalid range in the address policy: ${cidr}`);
  return { prefix: address.bytes, length: Number(length), category };
}

// Order matters where ranges nest: the first match names the category.
const IPV4_BLOCKED: readonly Range[] = [
  range("0.0.0.0/8", "unspecified"),
  range("10.0.0.0/8", "private"),
  range("100.64.0.0/10", "carrier_grade_nat"),
  range("127.0.0.0/8", "loopback"),
  range("169.254.0.0/16", "link_local"),
  range("172.16.0.0/12", "private"),
  range("192.0.0.0/24", "reserved"),
  range("192.0.2.0/24", "documentation"),
  range("192.88.99.0/24", "reserved"),
  range("192.168.0.0/16", "private"),
  range("198.18.0.0/15", "benchmarking"),
  range("198.51.100.0/24", "documentation"),
  range("203.0.113.0/24", "documentation"),
  range("224.0.0.0/4", "multicast"),
  range("255.255.255.255/32", "broadcast"),
  range("240.0.0.0/4", "reserved"),
];

// IPv6 forms that carry an IPv4 address, and where in the 16 bytes it sits.
const IPV6_EMBEDDINGS: readonly {
  readonly range: Range;
  readonly form: EmbeddingForm;
  readonly offset: number;
}[] = [
  { range: range("::ffff:0:0/96", "reserved"), form: "ipv4_mapped", offset: 12 },
  { range: range("::ffff:0:0:0/96", "reserved"), form: "ipv4_translated", offset: 12 },
  { range: range("64:ff9b::/96", "reserved"), form: "nat64", offset: 12 },
  { range: range("2002::/16", "reserved"), form: "6to4", offset: 2 },
];

const IPV6_BLOCKED: readonly Range[] = [
  range("::/128", "unspecified"),
  range("::1/128", "loopback"),
  range("64:ff9b:1::/48", "private"),
  range("fc00::/7", "private"),
  range("fec0::/10", "private"),
  range("fe80::/10", "link_local"),
  range("ff00::/8", "multicast"),
  range("2001::/32", "tunnel"),
  range("2001:db8::/32", "documentation"),
  range("3fff::/20", "documentation"),
  range("2001:10::/28", "reserved"),
  range("2001:20::/28", "reserved"),
];

// Global unicast: the only IPv6 space handed out for public hosts.
const IPV6_GLOBAL_UNICAST = range("2000::/3", "reserved");

function inRange(bytes: Uint8Array, candidate: Range): boolean {
  for (let bit = 0; bit < candidate.length; bit += 8) {
    const remaining = Math.min(8, candidate.length - bit);
    const mask = (0xff << (8 - remaining)) & 0xff;
    const index = bit / 8;
    if (((bytes[index] ?? 0) & mask) !== ((candidate.prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Category(bytes: Uint8Array): BlockedAddressCategory | undefined {
  return IPV4_BLOCKED.find((candidate) => inRange(bytes, candidate))?.category;
}

function ipv6Verdict(bytes: Uint8Array): AddressVerdict {
  const blocked = IPV6_BLOCKED.find((candidate) => inRange(bytes, candidate));
  if (blocked !== undefined) return { allowed: false, category: blocked.category };
  const embedding = IPV6_EMBEDDINGS.find((candidate) => inRange(bytes, candidate.range));
  if (embedding !== undefined) {
    const embedded = bytes.subarray(embedding.offset, embedding.offset + 4);
    const category = ipv4Category(embedded);
    return category === undefined
      ? { allowed: true }
      : { allowed: false, category, embeddedIn: embedding.form };
  }
  return inRange(bytes, IPV6_GLOBAL_UNICAST)
    ? { allowed: true }
    : { allowed: false, category: "reserved" };
}

function verdictOf(address: IpAddress): AddressVerdict {
  if (address.family === 6) return ipv6Verdict(address.bytes);
  const category = ipv4Category(address.bytes);
  return category === undefined ? { allowed: true } : { allowed: false, category };
}

/**
 * Decides whether a server-side fetch may connect to an IP address. Text that is not a
 * canonical IPv4 or IPv6 address is refused as `unparseable`.
 *
 * @example
 * ```ts
 * classifyAddress("93.184.215.14"); // { allowed: true }
 * classifyAddress("169.254.169.254"); // { allowed: false, category: "link_local" }
 * classifyAddress("::ffff:7f00:1"); // { allowed: false, category: "loopback", embeddedIn: "ipv4_mapped" }
 * ```
 */
export function classifyAddress(
  address: string,
  options: AddressPolicyOptions = {},
): AddressVerdict {
  const parsed = parseIpAddress(address);
  if (parsed === undefined) return { allowed: false, category: "unparseable" };
  const verdict = verdictOf(parsed);
  if (
    !verdict.allowed &&
    verdict.category === "loopback" &&
    options.dangerouslyAllowLoopback === true
  ) {
    return { allowed: true };
  }
  return verdict;
}

/** Describes a refused address for a message: `127.0.0.1 (loopback)`, naming the embedding. */
export function describeBlockedAddress(
  address: string,
  category: BlockedAddressCategory,
  embeddedIn?: EmbeddingForm,
): string {
  const parsed = parseIpAddress(address);
  const embedded =
    embeddedIn !== undefined && parsed !== undefined
      ? `, embedding ${formatIpv4(parsed.bytes.subarray(embeddedIn === "6to4" ? 2 : 12))} as ${embeddedIn}`
      : "";
  return `${address} (${category.replaceAll("_", " ")}${embedded})`;
}
