import { describe, expect, it } from "vitest";
import {
  checkDeclaredType,
  isReferenceImage,
  MEDIA_FORMATS,
  sniffMedia,
} from "../../src/media/index.js";
import {
  ADTS_FRAME,
  bytesOf,
  ftyp,
  id3Tagged,
  MP3_FRAME,
  PNG_BYTES,
  SAMPLES,
} from "./media-samples.js";

const text = (value: string) => new TextEncoder().encode(value);

describe("sniffMedia", () => {
  it.each(SAMPLES.map(([format, bytes], index) => [index, format, bytes] as const))(
    "recognizes sample %i as %s",
    (_index, format, bytes) => {
      const expected = MEDIA_FORMATS[format as keyof typeof MEDIA_FORMATS];
      expect(sniffMedia(bytes)).toEqual({
        ok: true,
        value: {
          kind: expected.kind,
          format,
          mimeType: expected.mimeType,
          extension: expected.extension,
        },
      });
    },
  );

  it("names kind, MIME type and extension for the common formats", () => {
    expect(sniffMedia(PNG_BYTES)).toEqual({
      ok: true,
      value: { kind: "image", format: "png", mimeType: "image/png", extension: "png" },
    });
    expect(sniffMedia(ftyp("isom", "isom"))).toMatchObject({
      value: { kind: "video", mimeType: "video/mp4", extension: "mp4" },
    });
    expect(sniffMedia(ftyp("M4A ", "M4A "))).toMatchObject({
      value: { kind: "audio", mimeType: "audio/mp4", extension: "m4a" },
    });
    expect(sniffMedia(MP3_FRAME)).toMatchObject({
      value: { kind: "audio", mimeType: "audio/mpeg", extension: "mp3" },
    });
  });

  it.each([
    ["an empty file", new Uint8Array()],
    ["HTML", text("<!doctype html><html><script>alert(1)</script>")],
    ["SVG", text('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["JSON", text('{"not":"media"}')],
    ["a PDF", text("%PDF-1.7\n")],
    ["a ZIP", bytesOf("PK", [3, 4, 20, 0])],
    ["an AVIF image", ftyp("avif", "avif", "mif1", "miaf", "iso8")],
    ["a HEIC image", ftyp("heic", "mif1", "heic")],
    ["an unknown brand whose compatibles include an image brand", ftyp("zzzz", "mif1", "isom")],
    ["an unknown ftyp brand", ftyp("zzzz", "yyyy")],
    ["a RIFF file of another form", bytesOf("RIFF", [0, 0, 0, 0], "CDXA")],
    [
      "an EBML file of another doc type",
      bytesOf([0x1a, 0x45, 0xdf, 0xa3, 0x93, 0x42, 0x82, 0x84], "abcd"),
    ],
    [
      "an Ogg file of an unknown codec",
      bytesOf("OggS", new Array(22).fill(0), [1, 8], "fishead\u0000"),
    ],
    ["a truncated PNG signature", bytesOf([0x89, 0x50, 0x4e, 0x47])],
    ["a frame sync with a reserved MPEG version", bytesOf([0xff, 0xeb, 0x90, 0x64])],
    ["a frame sync with a bad bitrate", bytesOf([0xff, 0xfb, 0xf0, 0x64])],
    ["a frame sync with a reserved sample rate", bytesOf([0xff, 0xfb, 0x9c, 0x64])],
  ])("does not recognize %s", (_label, bytes) => {
    expect(sniffMedia(bytes)).toEqual({ ok: false, error: "unknown" });
  });

  it("looks behind an ID3 tag for the real stream", () => {
    expect(sniffMedia(id3Tagged(40, ADTS_FRAME))).toMatchObject({ value: { format: "aac" } });
    expect(sniffMedia(id3Tagged(40, bytesOf("fLaC", [0, 0, 0, 0x22])))).toMatchObject({
      value: { format: "flac" },
    });
    expect(sniffMedia(id3Tagged(40, text("<html>")))).toEqual({ ok: false, error: "unknown" });
  });

  it("takes a tag that runs past the available bytes for MP3", () => {
    expect(sniffMedia(id3Tagged(40, MP3_FRAME).subarray(0, 20))).toMatchObject({
      value: { format: "mp3" },
    });
  });

  it("prefers MOV and M4A among compatible brands when the major brand is unfamiliar", () => {
    expect(sniffMedia(ftyp("zzzz", "isom", "qt  "))).toMatchObject({ value: { format: "mov" } });
    expect(sniffMedia(ftyp("zzzz", "mp42", "M4A "))).toMatchObject({ value: { format: "m4a" } });
    expect(sniffMedia(ftyp("zzzz", "mp42"))).toMatchObject({ value: { format: "mp4" } });
  });
});

describe("checkDeclaredType", () => {
  const png = sniffMedia(PNG_BYTES);
  const mp4 = sniffMedia(ftyp("isom", "isom"));

  it("matches the canonical type, its aliases, parameters and case", () => {
    for (const declared of ["image/png", "IMAGE/PNG", "image/png; charset=binary", "image/x-png"]) {
      expect(checkDeclaredType(declared, png)).toEqual(png);
    }
    const jpeg = sniffMedia(bytesOf([0xff, 0xd8, 0xff, 0xe0]));
    expect(checkDeclaredType("image/jpg", jpeg).ok).toBe(true);
  });

  it("matches sibling types of one container", () => {
    expect(checkDeclaredType("audio/mp4", mp4).ok).toBe(true);
    expect(checkDeclaredType("video/mp4", sniffMedia(ftyp("M4A ", "M4A "))).ok).toBe(true);
    expect(
      checkDeclaredType(
        "audio/webm",
        sniffMedia(SAMPLES.find(([f]) => f === "webm")?.[1] ?? new Uint8Array()),
      ).ok,
    ).toBe(true);
  });

  it("defers to the bytes when the label is missing or generic", () => {
    expect(checkDeclaredType(undefined, png)).toEqual(png);
    expect(checkDeclaredType("", png)).toEqual(png);
    expect(checkDeclaredType("application/octet-stream", mp4)).toEqual(mp4);
  });

  it("refuses HTML labelled as a PNG", () => {
    const html = sniffMedia(text("<html><script>document.cookie</script></html>"));
    expect(checkDeclaredType("image/png", html)).toEqual({
      ok: false,
      error: {
        reason: "unrecognized_content",
        message: "The file is not a supported image, video or audio format.",
      },
    });
  });

  it("refuses a label that names another format, even of the same kind", () => {
    expect(checkDeclaredType("image/jpeg", png)).toEqual({
      ok: false,
      error: {
        reason: "declared_type_differs",
        message: "The file is declared as image/jpeg but its content is image/png.",
      },
    });
    expect(checkDeclaredType("video/mp4", png).ok).toBe(false);
    expect(checkDeclaredType("video/quicktime", mp4).ok).toBe(false);
  });

  it("refuses a label that is not a MIME type", () => {
    expect(checkDeclaredType("png", png)).toMatchObject({
      ok: false,
      error: { reason: "invalid_declared_type" },
    });
    expect(checkDeclaredType("image/png<script>", png)).toMatchObject({
      error: { reason: "invalid_declared_type" },
    });
  });
});

describe("isReferenceImage", () => {
  it("accepts only PNG, JPEG and WebP", () => {
    const accepted = SAMPLES.filter(([, bytes]) => isReferenceImage(sniffMedia(bytes))).map(
      ([format]) => format,
    );
    expect(accepted).toEqual(["png", "jpeg", "webp"]);
    expect(isReferenceImage({ ok: false, error: "unknown" })).toBe(false);
  });
});
