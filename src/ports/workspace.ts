/**
 * The workspace directory port: the catalog every organization sees, and each
 * organization's assets (brand kits, avatars, voices, reference template targets).
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type { WorkspaceAssets } from "../schemas/assets.js";
import type { Catalog } from "../schemas/catalog.js";

/** A sound effect of the library that `add_sound_effect` reads by `sound_effect_id`. */
export interface SoundEffect {
  /** Id passed as `sound_effect_id`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** URL of the audio. */
  readonly url: string;
  /** Length of the effect in seconds. */
  readonly durationSeconds: number;
  /** Words that describe it, for search. */
  readonly tags: readonly string[];
}

/** Catalog, assets and sound effects. */
export interface WorkspaceDirectory {
  /** The generation catalog (spec 2.1). */
  catalog(): Promise<Catalog>;
  /** The organization's workspace assets (spec 2.2). */
  assets(organizationId: OrganizationId): Promise<WorkspaceAssets>;
  /** The sound-effect library. */
  soundEffects(): Promise<readonly SoundEffect[]>;
}
