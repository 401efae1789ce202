import { mediaUploadResultSchema } from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import { readStored } from "../../support/stored-object.js";
import { ORGS } from "../support/harness.js";
import {
  BYTES,
  base64,
  createMediaHarness,
  inlineBody,
  KEYS,
  MIB,
  multipartForm,
  padded,
} from "./media-support.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("POST /editor/media with inline base64", () => {
  it("stores a PNG and answers a completed item that the list shows", async () => {
    const harness = await createMediaHarness();
    const response = await harness.upload(inlineBody(BYTES.png, "logo.png", "image/png"));
    expect(response.status).toBe(200);
    expect(mediaUploadResultSchema.safeParse(response.body).success).toBe(true);
    const { media, editor, object } = response.body;
    expect(object).toBe("editor_media_upload");
    expect(editor).toBeNull();
    expect(media).toMatchObject({
      media_type: "image",
      filename: "logo.png",
      status: "completed",
      url: harness.storage.urlOf(`media/${ORGS.acme}/${media.id}.png`),
      metadata: {
        content_type: "image/png",
        size_bytes: BYTES.png.length,
        format: "png",
        source: "inline",
      },
      created_at: "2026-11-22T09:00:00.000Z",
      updated_at: "2026-11-22T09:00:00.000Z",
    });
    expect(media.id).toMatch(UUID);
    const stored = await readStored(harness.storage, `media/${ORGS.acme}/${media.id}.png`);
    expect(stored).toEqual({ bytes: BYTES.png, contentType: "image/png" });
    const list = await harness.list();
    expect(list.body.media).toEqual([media]);
    expect(harness.serverErrors).toEqual([]);
  });

  it("accepts a data URL, an alias type, audio and the title and filename fields", async () => {
    const harness = await createMediaHarness();
    const jpeg = await harness.upload({
      media: {
        filename: "photo.jpeg",
        content_type: "image/jpg",
        data: `data:image/jpeg;base64,${base64(BYTES.jpeg)}`,
      },
      title: "Team photo",
      filename: "renamed.jpg",
    });
    expect(jpeg.status).toBe(200);
    expect(jpeg.body.media).toMatchObject({
      media_type: "image",
      filename: "renamed.jpg",
      metadata: { content_type: "image/jpeg", format: "jpeg", title: "Team photo" },
    });
    const mp3 = await harness.upload(inlineBody(BYTES.mp3, "voice.mp3", "audio/mpeg"));
    expect(mp3.body.media).toMatchObject({ media_type: "audio", metadata: { format: "mp3" } });
    const mp4 = await harness.upload(inlineBody(BYTES.mp4, "clip.mp4", "video/mp4"));
    expect(mp4.body.media).toMatchObject({ media_type: "video", metadata: { format: "mp4" } });
  });

  it("takes audio in a sound-capable container as audio when declared or asked so", async () => {
    const harness = await createMediaHarness();
    const declared = await harness.upload(inlineBody(BYTES.webm, "take.webm", "audio/webm"));
    expect(declared.body.media.media_type).toBe("audio");
    const asked = await harness.upload(
      inlineBody(BYTES.mp4, "track.mp4", "video/mp4", { media_type: "audio" }),
    );
    expect(asked.body.media.media_type).toBe("audio");
    const plain = await harness.upload(inlineBody(BYTES.webm, "clip.webm", "video/webm"));
    expect(plain.body.media.media_type).toBe("video");
  });

  it("accepts exactly 3 MiB decoded and refuses one byte more with 400", async () => {
    const harness = await createMediaHarness();
    const exact = await harness.upload(
      inlineBody(padded(BYTES.png, 3 * MIB), "big.png", "image/png"),
    );
    expect(exact.status).toBe(200);
    expect(exact.body.media.metadata.size_bytes).toBe(3 * MIB);
    const over = await harness.upload(
      inlineBody(padded(BYTES.png, 3 * MIB + 1), "bigger.png", "image/png"),
    );
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({
      code: "bad_request",
      context: { field: "media.data", reason: "too_large", max_bytes: 3 * MIB },
    });
    expect((await harness.list()).body.media).toHaveLength(1);
  });

  it("refuses text disguised as a PNG, and labels that contradict the bytes", async () => {
    const harness = await createMediaHarness();
    const disguised = await harness.upload(inlineBody(BYTES.text, "cat.png", "image/png"));
    expect(disguised.status).toBe(400);
    expect(disguised.body.error.context).toMatchObject({
      field: "media.data",
      reason: "unrecognized_content",
    });
    const mislabelled = await harness.upload(inlineBody(BYTES.png, "a.jpg", "image/jpeg"));
    expect(mislabelled.status).toBe(400);
    expect(mislabelled.body.error.context).toMatchObject({
      field: "media.content_type",
      reason: "declared_type_differs",
    });
    expect(mislabelled.body.error.message).toContain("image/png");
    const dataUrl = await harness.upload({
      media: {
        filename: "a.png",
        content_type: "image/png",
        data: `data:video/mp4;base64,${base64(BYTES.png)}`,
      },
    });
    expect(dataUrl.body.error.context).toMatchObject({
      field: "media.data",
      reason: "declared_type_differs",
    });
    const wrongKind = await harness.upload(
      inlineBody(BYTES.png, "a.png", "image/png", { media_type: "video" }),
    );
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error.context).toMatchObject({
      field: "media_type",
      reason: "media_type_mismatch",
      detected_kind: "image",
    });
    expect((await harness.list()).body.media).toEqual([]);
  });

  it("refuses bad base64, a non-media content type, two sources or none", async () => {
    const harness = await createMediaHarness();
    const badBase64 = await harness.upload({
      media: { filename: "a.png", content_type: "image/png", data: "not base64!" },
    });
    expect(badBase64.body.error.context).toMatchObject({
      field: "media.data",
      reason: "invalid_base64",
    });
    const pdf = await harness.upload(inlineBody(BYTES.png, "a.pdf", "application/pdf"));
    expect(pdf.status).toBe(400);
    expect(pdf.body.error.context.fields[0].path).toBe("media.content_type");
    const both = await harness.upload(
      inlineBody(BYTES.png, "a.png", "image/png", { source_url: "https://cdn.example.com/a.png" }),
    );
    expect(both.status).toBe(400);
    const none = await harness.upload({ title: "nothing" });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain("exactly one source");
    const preserve = await harness.upload(
      inlineBody(BYTES.mp4, "a.mp4", "video/mp4", { preserve_original: true }),
    );
    expect(preserve.body.error.context.fields[0].path).toBe("preserve_original");
    expect(harness.serverErrors).toEqual([]);
  });
});

describe("POST /editor/media with a multipart file", () => {
  it("stores the file part with its name", async () => {
    const harness = await createMediaHarness();
    const form = multipartForm(
      { bytes: BYTES.jpeg, name: "shot.jpg", type: "image/jpeg" },
      { title: "Shot" },
    );
    const response = await harness.call("POST", "/editor/media", { key: KEYS.acme, body: form });
    expect(response.status).toBe(200);
    expect(response.body.media).toMatchObject({
      media_type: "image",
      filename: "shot.jpg",
      metadata: { content_type: "image/jpeg", source: "multipart", title: "Shot" },
    });
    expect(response.body.editor).toBeNull();
  });

  it("lets the filename and content_type fields override the part's own", async () => {
    const harness = await createMediaHarness();
    const form = multipartForm(
      { bytes: BYTES.mp3, name: "blob", type: "application/octet-stream" },
      { filename: "theme.mp3", content_type: "audio/mpeg", media_type: "audio" },
    );
    const response = await harness.call("POST", "/editor/media", { key: KEYS.acme, body: form });
    expect(response.status).toBe(200);
    expect(response.body.media).toMatchObject({ media_type: "audio", filename: "theme.mp3" });
  });

  it("accepts exactly 3 MiB and answers 413 for one byte more", async () => {
    const harness = await createMediaHarness();
    const exact = multipartForm({
      bytes: padded(BYTES.png, 3 * MIB),
      name: "a.png",
      type: "image/png",
    });
    const ok = await harness.call("POST", "/editor/media", { key: KEYS.acme, body: exact });
    expect(ok.status).toBe(200);
    const over = multipartForm({
      bytes: padded(BYTES.png, 3 * MIB + 1),
      name: "b.png",
      type: "image/png",
    });
    const refused = await harness.call("POST", "/editor/media", { key: KEYS.acme, body: over });
    expect(refused.status).toBe(413);
    expect(refused.body.error.context).toMatchObject({
      reason: "file_too_large",
      max_bytes: 3 * MIB,
    });
    expect((await harness.list()).body.media).toHaveLength(1);
  });

  it("refuses a form without a file, disguised bytes and unknown fields", async () => {
    const harness = await createMediaHarness();
    const noFile = await harness.call("POST", "/editor/media", {
      key: KEYS.acme,
      body: multipartForm(undefined, { title: "x" }),
    });
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.context).toMatchObject({ field: "file", reason: "missing_file" });
    const disguised = await harness.call("POST", "/editor/media", {
      key: KEYS.acme,
      body: multipartForm({ bytes: BYTES.text, name: "x.png", type: "image/png" }),
    });
    expect(disguised.status).toBe(400);
    expect(disguised.body.error.context).toMatchObject({
      field: "file",
      reason: "unrecognized_content",
    });
    const unknown = await harness.call("POST", "/editor/media", {
      key: KEYS.acme,
      body: multipartForm(
        { bytes: BYTES.png, name: "x.png", type: "image/png" },
        { source_url: "https://cdn.example.com/a.png" },
      ),
    });
    expect(unknown.status).toBe(400);
    expect((await harness.list()).body.media).toEqual([]);
    expect(harness.serverErrors).toEqual([]);
  });
});
