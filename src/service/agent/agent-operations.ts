/**
 * The agent operations: what the MCP server offers beyond the REST endpoints (spec 4.19),
 * declared once with their scopes and inputs, as the endpoint table declares the REST
 * endpoints.
 *
 * @module
 */
import type { z } from "zod";
import { API_SCOPES, type ApiScope, READ_OR_WRITE_SCOPES } from "../../schemas/scopes.js";
import {
  generationCatalogOutputSchema,
  socialAccountListOutputSchema,
  socialPublicationListOutputSchema,
  socialPublicationOutputSchema,
  soundEffectListOutputSchema,
  voiceRecommendationsOutputSchema,
  workspaceOutputSchema,
} from "./agent-outputs.js";
import {
  listGenerationCatalogInputSchema,
  listSocialPublicationsInputSchema,
  listSoundEffectsInputSchema,
  publishMediaToSocialInputSchema,
  recommendVoiceInputSchema,
} from "./agent-schemas.js";

/** The names of the agent operations. */
export type AgentOperationId =
  | "getWorkspace"
  | "listGenerationCatalog"
  | "recommendVoice"
  | "listSoundEffects"
  | "listSocialAccounts"
  | "publishMediaToSocial"
  | "listSocialPublications";

/** One agent operation. */
export interface AgentOperation {
  /** Its name. */
  readonly operationId: AgentOperationId;
  /** What it does, in one line. */
  readonly summary: string;
  /**
   * `none` when anyone may call it (like GET /models), else `bearer`: a key with one of
   * `scopes`, of an organization with an active subscription, as every REST endpoint.
   */
  readonly auth: "none" | "bearer";
  /** The key must carry at least one of these scopes. */
  readonly scopes: readonly ApiScope[];
  /** Schema of the input, read from the request body; absent when there is none. */
  readonly input?: z.ZodType;
  /** Schema of the JSON body of a success. */
  readonly output: z.ZodType;
}

/** Social account reads: either social scope (spec 5.7). */
export const SOCIAL_READ_SCOPES: readonly ApiScope[] = ["social:read", "social:write"];

/** Publishing: `social:write` only (spec 5.7). */
export const SOCIAL_WRITE_SCOPES: readonly ApiScope[] = ["social:write"];

/** Every agent operation. */
export const AGENT_OPERATIONS: readonly AgentOperation[] = [
  {
    operationId: "getWorkspace",
    summary: "The organization, its credit balance, the key's scopes and the subscription state.",
    auth: "bearer",
    scopes: API_SCOPES,
    output: workspaceOutputSchema,
  },
  {
    operationId: "listGenerationCatalog",
    summary: "The generation catalog, narrowed to a section or one template.",
    auth: "none",
    scopes: [],
    input: listGenerationCatalogInputSchema,
    output: generationCatalogOutputSchema,
  },
  {
    operationId: "recommendVoice",
    summary: "The workspace voices ranked against a description.",
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    input: recommendVoiceInputSchema,
    output: voiceRecommendationsOutputSchema,
  },
  {
    operationId: "listSoundEffects",
    summary: "The sound-effect library whose ids add_sound_effect accepts.",
    auth: "bearer",
    scopes: READ_OR_WRITE_SCOPES,
    input: listSoundEffectsInputSchema,
    output: soundEffectListOutputSchema,
  },
  {
    operationId: "listSocialAccounts",
    summary: "The organization's connected social accounts.",
    auth: "bearer",
    scopes: SOCIAL_READ_SCOPES,
    output: socialAccountListOutputSchema,
  },
  {
    operationId: "publishMediaToSocial",
    summary: "Queues publishing of a completed My Media image, GIF or video.",
    auth: "bearer",
    scopes: SOCIAL_WRITE_SCOPES,
    input: publishMediaToSocialInputSchema,
    output: socialPublicationOutputSchema,
  },
  {
    operationId: "listSocialPublications",
    summary: "The organization's social publications, newest first.",
    auth: "bearer",
    scopes: SOCIAL_READ_SCOPES,
    input: listSocialPublicationsInputSchema,
    output: socialPublicationListOutputSchema,
  },
];

/** The table's entry for an agent operation; throws for an unknown one. */
export function agentOperationOf(operationId: AgentOperationId): AgentOperation {
  const operation = AGENT_OPERATIONS.find((candidate) => candidate.operationId === operationId);
  if (operation === undefined) throw new TypeError(`No agent operation is named ${operationId}.`);
  return operation;
}
