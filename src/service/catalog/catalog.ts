/**
 * What the workspace offers and what the API says of itself: GET /models (spec 4.1),
 * GET /assets (spec 4.3), GET /credits (an extension beyond the contract), and GET
 * /openapi.json and GET /skill.md (spec 4.2), generated once per service from the
 * endpoint table and served as they are.
 *
 * @module
 */

import type { CreditBalanceBody } from "../../schemas/credits.js";
import { buildOpenApiDocument } from "../../schemas/openapi.js";
import { buildSkillMarkdown } from "../../schemas/skill.js";
import { markdown, success } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory, unauthenticated } from "../pipeline/use-case.js";

/** GET /models: the catalog, without authentication. */
export const getCatalog: UseCaseFactory = unauthenticated(
  (deps) => async () => success(await deps.workspace.catalog()),
);

/** GET /assets: the organization's brand kits, avatars, voices and reference targets. */
export const listWorkspaceAssets: UseCaseFactory = authenticated(
  "listWorkspaceAssets",
  async ({ deps, caller }) => success(await deps.workspace.assets(caller.organization.id)),
);

/** GET /credits: available, pending and posted credits of the caller's organization. */
export const getCreditBalance: UseCaseFactory = authenticated(
  "getCreditBalance",
  async ({ deps, caller }) => {
    const balance = await deps.credits.balance(caller.organization.id);
    const body: CreditBalanceBody = {
      object: "credit_balance",
      available: balance.available,
      pending: balance.pending,
      posted: balance.posted,
    };
    return success(body);
  },
);

/** GET /openapi.json: the OpenAPI 3.1 document. */
export const getOpenApiDocument: UseCaseFactory = unauthenticated((deps) => {
  const document = buildOpenApiDocument(
    deps.publicBaseUrl === undefined ? {} : { serverUrl: deps.publicBaseUrl },
  );
  return async () => success(document);
});

/** GET /skill.md: the agent instruction file. */
export const getSkillMarkdown: UseCaseFactory = unauthenticated((deps) => {
  const text = buildSkillMarkdown(
    deps.publicBaseUrl === undefined ? {} : { baseUrl: deps.publicBaseUrl },
  );
  return async () => markdown(text);
});
