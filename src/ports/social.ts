/**
 * The social publishing port: the social accounts an organization has connected, and
 * the queue that publishes My Media to them (spec 4.19 `list_social_accounts`,
 * `publish_media_to_social`). The records are kept in their wire form, since the service
 * returns them as they are.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";

/** A connected social account, as `list_social_accounts` shows it. */
export interface SocialAccount {
  /** Id passed in `social_account_ids`. */
  readonly id: string;
  /** The network, such as `tiktok`, `instagram`, `youtube`, `facebook`, `x` or `linkedin`. */
  readonly platform: string;
  /** Handle on the network, such as `@acme`. */
  readonly username: string;
  /** Name shown on the profile. */
  readonly display_name: string;
  /** Profile picture URL; null when the network gave none. */
  readonly avatar_url: string | null;
}

/** Kinds of My Media that can be published: videos, still images and GIFs, never audio. */
export type PublishableMediaKind = "image" | "gif" | "video";

/** One account a publication goes to. */
export interface SocialPublicationTarget {
  /** The account's id. */
  readonly social_account_id: string;
  /** The account's network. */
  readonly platform: string;
  /** The account's handle. */
  readonly username: string;
  /** Where publishing to this account stands: `queued`, then `published` or `failed`. */
  readonly status: string;
}

/** A request to publish one My Media item to one or more accounts. */
export interface SocialPublication {
  /** Always `social_publication`. */
  readonly object: "social_publication";
  /** Publication id (UUID). */
  readonly id: string;
  /** The owning organization. */
  readonly organization_id: number;
  /** `queued` when accepted; a publisher moves it to `published` or `failed`. */
  readonly status: string;
  /** The published media. */
  readonly media: {
    /** My Media id. */
    readonly id: string;
    /** What the media is. */
    readonly kind: PublishableMediaKind;
    /** Where the media is served from. */
    readonly url: string;
  };
  /** Post text; null without one. */
  readonly caption: string | null;
  /** Post title, for networks that show one (YouTube); null without one. */
  readonly title: string | null;
  /** The accounts, each once, in the order they were first named. */
  readonly targets: readonly SocialPublicationTarget[];
  /** When the publication was queued. */
  readonly created_at: string;
}

/** Connected social accounts and the publishing queue of every organization. */
export interface SocialPublisher {
  /** The organization's connected accounts. */
  accounts(organizationId: OrganizationId): Promise<readonly SocialAccount[]>;
  /**
   * Queues a publication; delivery happens later and updates its status. Rejects when it
   * cannot be queued, so the caller answers with a server error and nothing is recorded.
   */
  enqueue(publication: SocialPublication): Promise<void>;
  /** The organization's publications, newest first, at most `limit`. */
  publications(
    organizationId: OrganizationId,
    limit: number,
  ): Promise<readonly SocialPublication[]>;
}
