/**
 * What an export renders: the whole timeline at the resolution asked for, and the
 * content hash that tells an unchanged project from a changed one.
 *
 * @module
 */

import { bytesToHex } from "@noble/hashes/utils";
import { planRender, type RenderPlanResult } from "../../../editor/render-plan/plan-render.js";
import type { EditorState } from "../../../editor/state.js";
import { canonicalJson } from "../../../idempotency/canonical-json.js";
import { EXPORT_SHORT_SIDE_PIXELS, type ExportResolution } from "../../../schemas/editor-render.js";

/**
 * The plan of an export: every frame of the timeline, its short side at the
 * resolution's pixels and the other side at the composition's aspect ratio.
 */
export function planExport(state: EditorState, resolution: ExportResolution): RenderPlanResult {
  const shortSide = EXPORT_SHORT_SIDE_PIXELS[resolution];
  const landscape = state.compositionWidth > state.compositionHeight;
  return planRender(state, landscape ? { height: shortSide } : { width: shortSide });
}

/**
 * SHA-256 (hex) of the state and the resolution, in canonical JSON, so that a state
 * read back from any store (PostgreSQL's jsonb reorders keys) hashes the same.
 */
export async function exportContentHash(
  state: EditorState,
  resolution: ExportResolution,
): Promise<string> {
  const text = canonicalJson({ state, resolution });
  return bytesToHex(
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))),
  );
}
