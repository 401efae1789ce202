/**
 * The default host resolver, through the operating system like every other Node
 * connection. Kept apart so that only hosts relying on the default load `node:dns`.
 *
 * @module
 */
import { lookup } from "node:dns/promises";
import type { HostResolver } from "./url-policy.js";

/**
 * Resolves a host name to all its addresses with `dns.lookup` (hosts file and system
 * resolver included, as any connection would see them).
 *
 * @example
 * ```ts
 * await resolveWithNodeDns("localhost"); // ["::1", "127.0.0.1"] on most machines
 * ```
 */
export const resolveWithNodeDns: HostResolver = async (hostname) => {
  const entries = await lookup(hostname, { all: true, verbatim: true });
  return entries.map((entry) => entry.address);
};
