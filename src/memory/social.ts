/**
 * In-memory social publishing: fixed connected accounts per organization, and a queue
 * that keeps every publication so a host or a test can read it back.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type { SocialAccount, SocialPublication, SocialPublisher } from "../ports/social.js";

/** The in-memory publisher, with what tests and the reference host need besides the port. */
export interface MemorySocialPublisher extends SocialPublisher {
  /** Replaces the connected accounts of an organization. */
  putAccounts(organizationId: OrganizationId, accounts: readonly SocialAccount[]): void;
  /** Every publication queued so far, oldest first, across organizations. */
  queued(): readonly SocialPublication[];
}

/** Settings of {@link createMemorySocialPublisher}. */
export interface MemorySocialPublisherOptions {
  /** Connected accounts by organization id. */
  readonly accountsByOrganization?: ReadonlyMap<number, readonly SocialAccount[]>;
}

/**
 * A social publisher in memory. Publications stay `queued`: nothing is sent anywhere.
 *
 * @example
 * ```ts
 * const social = createMemorySocialPublisher();
 * social.putAccounts(1, DEMO_SOCIAL_ACCOUNTS);
 * (await social.accounts(1)).length; // 2
 * ```
 */
export function createMemorySocialPublisher(
  options: MemorySocialPublisherOptions = {},
): MemorySocialPublisher {
  const accounts = new Map(options.accountsByOrganization ?? []);
  const publications: SocialPublication[] = [];
  return {
    async accounts(organizationId) {
      return accounts.get(organizationId) ?? [];
    },
    async enqueue(publication) {
      publications.push(publication);
    },
    async publications(organizationId, limit) {
      return publications
        .filter((publication) => publication.organization_id === organizationId)
        .reverse()
        .slice(0, limit);
    },
    putAccounts(organizationId, organizationAccounts) {
      accounts.set(organizationId, organizationAccounts);
    },
    queued() {
      return [...publications];
    },
  };
}

/** Two demo accounts for the reference host's demo workspace; their URLs are placeholders. */
export const DEMO_SOCIAL_ACCOUNTS: readonly SocialAccount[] = [
  {
    id: "tiktok-demo",
    platform: "tiktok",
    username: "@reelkit.demo",
    display_name: "Reelkit Demo",
    avatar_url: "https://cdn.example.com/reelkit-demo/social/tiktok.png",
  },
  {
    id: "instagram-demo",
    platform: "instagram",
    username: "@reelkit.demo",
    display_name: "Reelkit Demo",
    avatar_url: "https://cdn.example.com/reelkit-demo/social/instagram.png",
  },
];
