/**
 * GET /openapi.json and GET /skill.md (spec 4.2): generated once per service from the
 * endpoint table and served as they are.
 *
 * @module
 */
import { buildOpenApiDocument } from "../../schemas/openapi.js";
import { buildSkillMarkdown } from "../../schemas/skill.js";
import { okResponse } from "../pipeline/responses.js";
import { type UseCaseFactory, unauthenticated } from "../use-case.js";

/** GET /openapi.json: the OpenAPI 3.1 document. */
export const getOpenApiDocument: UseCaseFactory = unauthenticated((deps) => {
  const document = buildOpenApiDocument(
    deps.publicBaseUrl === undefined ? {} : { serverUrl: deps.publicBaseUrl },
  );
  return async () => okResponse(document);
});

/** GET /skill.md: the agent instruction file. */
export const getSkillMarkdown: UseCaseFactory = unauthenticated((deps) => {
  const markdown = buildSkillMarkdown(
    deps.publicBaseUrl === undefined ? {} : { baseUrl: deps.publicBaseUrl },
  );
  return async () => okResponse(markdown);
});
