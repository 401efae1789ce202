import { describe, expect, it } from "vitest";
import {
  chooseByteLimit,
  importMaxBytesForKind,
  mediaKindOfMimeType,
  mimeTypeEssence,
} from "../../src/media/index.js";
import { IMAGE_AUDIO_IMPORT_MAX_BYTES, VIDEO_IMPORT_MAX_BYTES } from "../../src/schemas/limits.js";

describe("mimeTypeEssence", () => {
  it.each([
    ["image/png", "image/png"],
    [' Video/MP4 ; codecs="avc1"', "video/mp4"],
    ["image/svg+xml", "image/svg+xml"],
    ["png", undefined],
    ["image/", undefined],
    ["image/png/x", undefined],
    ["text/html<script>", undefined],
    ["", undefined],
  ])("%j → %j", (value, expected) => {
    expect(mimeTypeEssence(value)).toBe(expected);
  });
});

describe("mediaKindOfMimeType", () => {
  it.each([
    ["image/webp", "image"],
    ["video/quicktime", "video"],
    ["audio/mpeg", "audio"],
    ["application/mp4", "video"],
    ["application/ogg", "audio"],
    ["text/html", undefined],
    ["application/octet-stream", undefined],
    ["application/json", undefined],
    ["not a type", undefined],
  ])("%s → %s", (value, kind) => {
    expect(mediaKindOfMimeType(value)).toBe(kind);
  });
});

describe("importMaxBytesForKind and chooseByteLimit", () => {
  it("allows 200 MiB of video and 50 MiB of image or audio", () => {
    expect(importMaxBytesForKind("video")).toBe(200 * 1024 * 1024);
    expect(importMaxBytesForKind("image")).toBe(50 * 1024 * 1024);
    expect(importMaxBytesForKind("audio")).toBe(IMAGE_AUDIO_IMPORT_MAX_BYTES);
  });

  it.each([
    ["video/mp4", {}, VIDEO_IMPORT_MAX_BYTES, "video"],
    ["image/png", {}, IMAGE_AUDIO_IMPORT_MAX_BYTES, "image"],
    ["audio/wav; rate=44100", {}, IMAGE_AUDIO_IMPORT_MAX_BYTES, "audio"],
    ["video/mp4", { kind: "image" }, IMAGE_AUDIO_IMPORT_MAX_BYTES, "image"],
    [undefined, {}, VIDEO_IMPORT_MAX_BYTES, undefined],
    ["application/octet-stream", { kind: "audio" }, IMAGE_AUDIO_IMPORT_MAX_BYTES, "audio"],
    ["image/png", { maxBytes: 10 }, 10, "image"],
  ] as const)("%s with %j allows %i bytes as %s", (contentType, options, maxBytes, kind) => {
    expect(chooseByteLimit(contentType, options)).toMatchObject({
      ok: true,
      value: { maxBytes, kind },
    });
  });

  it("refuses types that are not media, whatever the caller expects", () => {
    expect(chooseByteLimit("text/html; charset=utf-8", { kind: "image" })).toEqual({
      ok: false,
      error: {
        reason: "unsupported_content_type",
        message: "The URL serves text/html; charset=utf-8, not an image, video or audio file.",
        contentType: "text/html; charset=utf-8",
      },
    });
    expect(chooseByteLimit("garbage", {})).toMatchObject({
      ok: false,
      error: {
        reason: "unsupported_content_type",
      },
    });
  });
});
