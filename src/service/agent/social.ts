/**
 * The social tools (spec 4.19): `list_social_accounts` reads the organization's
 * connected accounts (with `social:read` or `social:write`); `publish_media_to_social`
 * queues publishing of one completed My Media image, GIF or video to them, each repeated
 * account id once, and returns the queued record, which stays readable through
 * `listSocialPublications`, newest first.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import { type ApiError, apiError } from "../../errors/api-error.js";
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { MediaRecord } from "../../ports/records.js";
import type { PublishableMediaKind, SocialAccount, SocialPublication } from "../../ports/social.js";
import { placedKindOf } from "../my-media/media-kind.js";
import { MEDIA_COMPLETED_STATUS } from "../my-media/my-media-lookup.js";
import { failure, success } from "../pipeline/results.js";
import {
  listSocialPublicationsInputSchema,
  publishMediaToSocialInputSchema,
} from "./agent-schemas.js";
import { agentUseCase } from "./agent-use-case.js";

/** What a completed media item is published as, or why it cannot be published. */
function publishableKind(record: MediaRecord): PublishableMediaKind | ApiError {
  const { media } = record;
  if (media.status !== MEDIA_COMPLETED_STATUS) {
    return apiError(
      "bad_request",
      `Media ${media.id} is ${media.status}; only completed media can be published.`,
      {
        context: { field: "media_id", media_id: media.id, status: media.status },
      },
    );
  }
  if (media.media_type !== "image" && media.media_type !== "video") {
    return apiError(
      "bad_request",
      `Media ${media.id} is ${media.media_type}; only images, GIFs and videos can be published.`,
      {
        context: { field: "media_id", media_id: media.id, media_type: media.media_type },
      },
    );
  }
  if (media.media_type === "video") return "video";
  return placedKindOf("image", [media.filename, media.url]) === "gif" ? "gif" : "image";
}

/** The named accounts, each once in first-named order, or the ids that are not connected. */
function targetAccounts(
  connected: readonly SocialAccount[],
  ids: readonly string[],
): { readonly accounts: SocialAccount[]; readonly unknown: string[] } {
  const accounts: SocialAccount[] = [];
  const unknown: string[] = [];
  for (const id of new Set(ids)) {
    const account = connected.find((candidate) => candidate.id === id);
    if (account === undefined) unknown.push(id);
    else accounts.push(account);
  }
  return { accounts, unknown };
}

/** Queues the publication and answers with its record, status `queued`. */
export const publishMediaToSocial = agentUseCase(
  "publishMediaToSocial",
  publishMediaToSocialInputSchema,
  async ({ deps, caller, input }) => {
    const organizationId = caller.organization.id;
    const record = await deps.stores.media.get(organizationId, input.media_id);
    if (record === undefined) {
      return failure(apiError("not_found", `No media item has id ${input.media_id}.`));
    }
    const kind = publishableKind(record);
    if (typeof kind !== "string") return failure(kind);
    const connected = await socialAccountsOf(deps, organizationId);
    const { accounts, unknown } = targetAccounts(connected, input.social_account_ids);
    if (unknown.length > 0 || deps.social === undefined) {
      return failure(
        apiError("not_found", `No connected social account has id ${unknown.join(", ")}.`, {
          context: { social_account_ids: unknown },
        }),
      );
    }
    const publication: SocialPublication = {
      object: "social_publication",
      id: deps.ids.uuid(),
      organization_id: organizationId,
      status: "queued",
      media: { id: record.media.id, kind, url: record.media.url },
      caption: input.caption ?? null,
      title: input.title ?? null,
      targets: accounts.map((account) => ({
        social_account_id: account.id,
        platform: account.platform,
        username: account.username,
        status: "queued",
      })),
      created_at: isoNow(deps.clock),
    };
    await deps.social.enqueue(publication);
    return success(publication);
  },
);

/** The organization's accounts; none when the host wired no social publisher. */
export async function socialAccountsOf(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
): Promise<readonly SocialAccount[]> {
  return deps.social === undefined ? [] : deps.social.accounts(organizationId);
}

/** The connected accounts, each marked `object: "social_account"`. */
export const listSocialAccounts = agentUseCase(
  "listSocialAccounts",
  undefined,
  async ({ deps, caller }) => {
    const accounts = await socialAccountsOf(deps, caller.organization.id);
    return success({
      object: "social_account_list",
      accounts: accounts.map((account) => ({ object: "social_account", ...account })),
    });
  },
);

/** The organization's publications, at most `limit`; none without a social publisher. */
export const listSocialPublications = agentUseCase(
  "listSocialPublications",
  listSocialPublicationsInputSchema,
  async ({ deps, caller, input }) => {
    const publications =
      deps.social === undefined
        ? []
        : await deps.social.publications(caller.organization.id, input.limit);
    return success({ object: "social_publication_list", publications });
  },
);
