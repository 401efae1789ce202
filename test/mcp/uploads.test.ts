import { describe, expect, it } from "vitest";
import { BYTES, base64, MIB, padded } from "../service/media/media-support.js";
import { KEYS } from "../service/support/harness.js";
import { callTool, createMcpHarness } from "./support/mcp-harness.js";

function inline(bytes: Uint8Array) {
  return { media: { filename: "big.png", content_type: "image/png", data: base64(bytes) } };
}

describe("upload_editor_media within the MCP body limit", () => {
  it("accepts a data URL of the largest inline upload (3 MiB) in one request", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    const data = `data:image/png;base64,${base64(padded(BYTES.png, 3 * MIB))}`;
    const answer = await callTool(client, "upload_editor_media", {
      media: { filename: "big.png", content_type: "image/png", data },
    });
    expect(answer.isError).toBe(false);
    expect(answer.body.media.metadata.size_bytes).toBe(3 * MIB);
  });

  it("refuses one byte more with the REST error, not a transport refusal", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    const answer = await callTool(
      client,
      "upload_editor_media",
      inline(padded(BYTES.png, 3 * MIB + 1)),
    );
    expect(answer.isError).toBe(true);
    expect(answer.body.error).toMatchObject({
      code: "bad_request",
      context: { field: "media.data", reason: "too_large", max_bytes: 3 * MIB },
    });
  });

  it("refuses what a URL import cannot fetch with the REST error", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    const answer = await callTool(client, "upload_editor_media_from_url", {
      source_url: "https://cdn.example.com/missing.mp4",
    });
    expect(answer.isError).toBe(true);
    expect(answer.body.error.code).toBe(
      (
        await harness.call("POST", "/editor/media", {
          key: KEYS.acme,
          body: { source_url: "https://cdn.example.com/missing.mp4" },
        })
      ).body.error.code,
    );
  });
});
