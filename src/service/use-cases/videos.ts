/**
 * GET /videos/{id} (spec 4.9): any video of the organization, whether a faceless video, a
 * slideshow's video or an editor project.
 *
 * @module
 */
import { apiError } from "../../errors/api-error.js";
import { videoIdParamsSchema } from "../../schemas/videos.js";
import { workErrorOf } from "../generations/work-error.js";
import { parseInput } from "../pipeline/parse.js";
import { errorResponse, okResponse } from "../pipeline/responses.js";
import { authenticated, type UseCaseFactory } from "../use-case.js";
import { videoBodyOf } from "../videos/video-body.js";

/** GET /videos/{id}: the video's status, its final URL once completed, its failure. */
export const getVideo: UseCaseFactory = authenticated(
  "getVideo",
  async ({ deps, caller, request }) => {
    const params = parseInput(videoIdParamsSchema, request.pathParams, "path");
    if (!params.ok) return params.response;
    const organizationId = caller.organization.id;
    const record = await deps.stores.videos.get(organizationId, params.value.id);
    if (record === undefined) {
      return errorResponse(apiError("not_found", `No video has id ${params.value.id}.`));
    }
    return okResponse(videoBodyOf(record, await workErrorOf(deps, organizationId, record)));
  },
);
