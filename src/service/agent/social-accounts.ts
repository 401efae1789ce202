/**
 * `list_social_accounts`: the organization's connected social accounts (spec 4.19),
 * readable with `social:read` or `social:write`.
 *
 * @module
 */
import type { ServiceDependencies } from "../dependencies.js";
import { okResponse } from "../pipeline/responses.js";
import type { SocialAccount } from "../ports/social.js";
import { agentUseCase } from "./agent-use-case.js";

/** The organization's accounts; none when the host wired no social publisher. */
export async function socialAccountsOf(
  deps: ServiceDependencies,
  organizationId: number,
): Promise<readonly SocialAccount[]> {
  return deps.social === undefined ? [] : deps.social.accounts(organizationId);
}

/** The connected accounts, each marked `object: "social_account"`. */
export const listSocialAccounts = agentUseCase(
  "listSocialAccounts",
  undefined,
  async ({ deps, caller }) => {
    const accounts = await socialAccountsOf(deps, caller.organization.id);
    return okResponse({
      object: "social_account_list",
      accounts: accounts.map((account) => ({ object: "social_account", ...account })),
    });
  },
);
