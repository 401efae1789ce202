/**
 * The table that answers renderer failures: every code has one answer, what the same
 * request meets again is a 400 that is not retryable, and every 500 is retryable
 * (spec 7.3).
 */
import {
  RENDER_FAILURE_ANSWERS,
  RENDERER_NOT_CONFIGURED,
  type RenderFailureCode,
  statusForErrorCode,
} from "reelkit";
import { RENDER_FAILURE_CODES } from "reelkit/render";
import { describe, expect, it } from "vitest";
import { renderApiError } from "../../../src/service/editor/render/render-errors.js";

const LASTING: readonly RenderFailureCode[] = [
  "renderer_unavailable",
  "media_unavailable",
  "media_too_large",
  "media_undecodable",
  "render_too_large",
  "render_memory_exceeded",
  "output_too_large",
];

describe("answers of renderer failures", () => {
  it("answers every code, a 400 when the same request fails again and a retryable 500 otherwise", () => {
    expect(Object.keys(RENDER_FAILURE_ANSWERS).sort()).toEqual([...RENDER_FAILURE_CODES].sort());
    for (const code of RENDER_FAILURE_CODES) {
      const error = renderApiError({ code, message: "m" });
      const status = statusForErrorCode(error.code);
      if (LASTING.includes(code)) {
        expect({ code, status, retryable: error.retryable }).toEqual({
          code,
          status: 400,
          retryable: false,
        });
      } else {
        expect({ code, status, retryable: error.retryable }).toEqual({
          code,
          status: 500,
          retryable: true,
        });
      }
    }
  });

  it("names what a failure names in its context", () => {
    expect(renderApiError(RENDERER_NOT_CONFIGURED).context).toEqual({
      reason: "renderer_unavailable",
      missing: "renderer",
    });
    const undecodable = renderApiError({
      code: "media_undecodable",
      message: "m",
      itemId: "item-1",
      assetId: "asset-1",
    });
    expect(undecodable.context).toEqual({
      reason: "media_undecodable",
      item_id: "item-1",
      asset_id: "asset-1",
    });
    const large = renderApiError({
      code: "render_too_large",
      message: "m",
      itemId: "item-2",
      limit: { name: "drawnBytesMax", maximum: 10, requested: 11 },
    });
    expect(large.context).toEqual({
      reason: "render_too_large",
      item_id: "item-2",
      limit: "drawnBytesMax",
      maximum: 10,
      requested: 11,
    });
  });
});
