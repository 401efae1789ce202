/**
 * Reading social publications back: what `publish_media_to_social` queued and where each
 * stands, newest first.
 *
 * @module
 */
import { okResponse } from "../pipeline/responses.js";
import { listSocialPublicationsInputSchema } from "./agent-schemas.js";
import { agentUseCase } from "./agent-use-case.js";

/** The organization's publications, at most `limit`; none without a social publisher. */
export const listSocialPublications = agentUseCase(
  "listSocialPublications",
  listSocialPublicationsInputSchema,
  async ({ deps, caller, input }) => {
    const publications =
      deps.social === undefined
        ? []
        : await deps.social.publications(caller.organization.id, input.limit);
    return okResponse({ object: "social_publication_list", publications });
  },
);
