/**
 * Checks of the workspace references a paid request names: brand kits and avatars from
 * GET /assets, and saved reference inspirations. A reference of another organization is
 * reported exactly like a missing one (spec 1.4).
 *
 * @module
 */
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { Voice, WorkspaceAssets } from "../../schemas/assets.js";
import { referenceNotFoundError, unusableFieldError } from "../generations/reference-errors.js";
import { halt, proceed, type Step } from "../pipeline/results.js";

/** The `analysis_status` of a reference that can steer generations (spec 2.6). */
export const REFERENCE_READY_STATUS = "ready";

/** The references a creation request may name. */
export interface WorkspaceReferenceFields {
  /** A brand kit id from GET /assets. */
  readonly brand_kit_id?: number | undefined;
  /** An avatar id from GET /assets. */
  readonly avatar_id?: string | undefined;
  /** A saved reference inspiration that must be ready. */
  readonly custom_reference_inspiration_id?: string | null | undefined;
}

/**
 * The organization's voice `voiceId` (spec 2.2: `voices[].id` of GET /assets), or the
 * 404 naming `field` and the id. Faceless videos and voiceovers both resolve their voice
 * here, before any credit is held, so both answer an unknown voice alike. Ids are
 * compared as strings in a list, so `constructor` or `__proto__` are just unknown ids.
 */
export function findVoice(
  assets: Pick<WorkspaceAssets, "voices">,
  voiceId: string,
  field: string,
): Step<Voice> {
  const voice = assets.voices.find((candidate) => candidate.id === voiceId);
  if (voice !== undefined) return proceed(voice);
  return halt(
    referenceNotFoundError(
      field,
      `The workspace has no voice ${voiceId}; GET /assets lists its voices.`,
      {
        voice_id: voiceId,
      },
    ),
  );
}

/** 404 unless the brand kit and the avatar named are among the organization's assets. */
export function checkAssetReferences(
  assets: WorkspaceAssets,
  fields: WorkspaceReferenceFields,
): Step<void> {
  const brandKitId = fields.brand_kit_id;
  if (brandKitId !== undefined && !assets.brand_kits.some((kit) => kit.id === brandKitId)) {
    return halt(
      referenceNotFoundError("brand_kit_id", `The workspace has no brand kit ${brandKitId}.`),
    );
  }
  const avatarId = fields.avatar_id;
  if (avatarId !== undefined && !assets.avatars.some((avatar) => avatar.id === avatarId)) {
    return halt(referenceNotFoundError("avatar_id", `The workspace has no avatar ${avatarId}.`));
  }
  return proceed(undefined);
}

/**
 * 404 unless the named reference inspiration belongs to the organization; 400 with
 * `context.reason` `reference_not_ready` while its analysis is not `ready` (spec 2.6: a
 * saved reference is usable once it is ready).
 */
export async function checkCustomReference(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  referenceId: string | null | undefined,
): Promise<Step<void>> {
  if (referenceId === undefined || referenceId === null) return proceed(undefined);
  const field = "custom_reference_inspiration_id";
  const record = await deps.stores.references.get(organizationId, referenceId);
  if (record === undefined) {
    return halt(referenceNotFoundError(field, `No reference inspiration has id ${referenceId}.`));
  }
  const status = record.reference.analysis_status;
  if (status !== REFERENCE_READY_STATUS) {
    return halt(
      unusableFieldError({
        field,
        message: `Reference inspiration ${referenceId} is not ready yet (analysis_status ${status}); poll GET /reference-inspirations until it is ready.`,
        reason: "reference_not_ready",
        extra: { analysis_status: status },
      }),
    );
  }
  return proceed(undefined);
}

/** Runs {@link checkAssetReferences} and {@link checkCustomReference} for one request. */
export async function checkWorkspaceReferences(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  fields: WorkspaceReferenceFields,
): Promise<Step<void>> {
  const assets = checkAssetReferences(await deps.workspace.assets(organizationId), fields);
  if (!assets.ok) return assets;
  return checkCustomReference(deps, organizationId, fields.custom_reference_inspiration_id);
}
