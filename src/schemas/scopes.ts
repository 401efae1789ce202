/**
 * API key scopes (spec 5.4) and the scope sets that endpoints accept.
 *
 * @module
 */
import { z } from "zod";

/** Every scope an API key can carry, in the order of spec 5.4. */
export const API_SCOPES = [
  "generations:read",
  "generations:write",
  "social:read",
  "social:write",
] as const;

/** One API key scope. */
export type ApiScope = (typeof API_SCOPES)[number];

/** Schema of one API key scope. */
export const apiScopeSchema = z.enum(API_SCOPES);

/** What each scope allows, as shown to people choosing scopes for a key. */
export const API_SCOPE_DESCRIPTIONS: { readonly [Scope in ApiScope]: string } = {
  "generations:read":
    "Read the catalog, workspace assets, generation and video status, and editor projects.",
  "generations:write":
    "Create paid generations, upload media, save references and change editor projects.",
  "social:read": "List connected social accounts.",
  "social:write": "Publish media to connected social accounts.",
};

/** Scopes that satisfy "read or write" (spec 5.5): either generations scope. */
export const READ_OR_WRITE_SCOPES: readonly ApiScope[] = ["generations:read", "generations:write"];

/** Scopes that satisfy "write": only `generations:write`. */
export const WRITE_SCOPES: readonly ApiScope[] = ["generations:write"];
