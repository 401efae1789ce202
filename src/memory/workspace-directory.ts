/**
 * A workspace directory from fixed data: one catalog, per-organization assets with a
 * shared default, and a sound-effect library.
 *
 * @module
 */

import type { SoundEffect, WorkspaceDirectory } from "../ports/workspace.js";
import type { WorkspaceAssets } from "../schemas/assets.js";
import type { Catalog } from "../schemas/catalog.js";

/** The data of {@link createStaticWorkspaceDirectory}. */
export interface StaticWorkspaceData {
  /** The catalog every organization sees. */
  readonly catalog: Catalog;
  /** Assets of organizations without their own entry in `assetsByOrganization`. */
  readonly assets: WorkspaceAssets;
  /** Assets of particular organizations. */
  readonly assetsByOrganization?: ReadonlyMap<number, WorkspaceAssets>;
  /** The sound-effect library. */
  readonly soundEffects?: readonly SoundEffect[];
}

/**
 * Creates a directory that answers from fixed data.
 *
 * @example
 * ```ts
 * const workspace = createStaticWorkspaceDirectory({ catalog, assets });
 * (await workspace.catalog()).object; // "catalog"
 * ```
 */
export function createStaticWorkspaceDirectory(data: StaticWorkspaceData): WorkspaceDirectory {
  return {
    async catalog() {
      return data.catalog;
    },
    async assets(organizationId) {
      return data.assetsByOrganization?.get(organizationId) ?? data.assets;
    },
    async soundEffects() {
      return data.soundEffects ?? [];
    },
  };
}
