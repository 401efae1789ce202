/**
 * GET /models (spec 4.1) and GET /assets (spec 4.3).
 *
 * @module
 */
import { okResponse } from "../pipeline/responses.js";
import { authenticated, type UseCaseFactory, unauthenticated } from "../use-case.js";

/** GET /models: the catalog, without authentication. */
export const getCatalog: UseCaseFactory = unauthenticated(
  (deps) => async () => okResponse(await deps.workspace.catalog()),
);

/** GET /assets: the organization's brand kits, avatars, voices and reference targets. */
export const listWorkspaceAssets: UseCaseFactory = authenticated(
  "listWorkspaceAssets",
  async ({ deps, caller }) => okResponse(await deps.workspace.assets(caller.organization.id)),
);
