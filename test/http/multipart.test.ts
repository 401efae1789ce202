import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_UPLOAD_FILE_BYTES } from "../../src/http/index.js";
import { INLINE_UPLOAD_MAX_BYTES } from "../../src/schemas/limits.js";
import { BASE, errorOf, handlerWithFake } from "./fake-service.js";

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function upload(form: FormData, path = "/editor/media"): Request {
  return new Request(`${BASE}${path}`, { method: "POST", body: form });
}

function fileOf(bytes: number, type = "image/png", name = "logo.png"): File {
  const content = new Uint8Array(bytes);
  content.set(PNG_HEADER.slice(0, Math.min(bytes, PNG_HEADER.length)));
  return new File([content], name, { type });
}

/** A multipart body written by hand, for shapes FormData cannot produce. */
function rawMultipart(parts: string[], boundary = "xyz"): Request {
  const body = `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("")}--${boundary}--\r\n`;
  return new Request(`${BASE}/editor/media`, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
}

describe("multipart uploads", () => {
  it("turns text fields into the body and file parts into files", async () => {
    const { fake, handler } = handlerWithFake();
    const form = new FormData();
    form.set("media_type", "image");
    form.set("add_to_editor", "true");
    form.set("placement", '{"from_seconds":1.5}');
    form.set("file", fileOf(32));
    const response = await handler(upload(form));
    expect(response.status).toBe(200);
    const call = fake.lastCall();
    expect(call.operationId).toBe("uploadEditorMedia");
    expect(call.request.bodyFormat).toBe("multipart");
    expect(call.request.body).toEqual({
      media_type: "image",
      add_to_editor: "true",
      placement: '{"from_seconds":1.5}',
    });
    const file = call.request.files?.file;
    expect(file?.filename).toBe("logo.png");
    expect(file?.contentType).toBe("image/png");
    expect(file?.bytes.byteLength).toBe(32);
    expect([...(file?.bytes.slice(0, 8) ?? [])]).toEqual(PNG_HEADER);
  });

  it("keeps a repeated text field as an array", async () => {
    const { fake, handler } = handlerWithFake();
    const form = new FormData();
    form.append("title", "one");
    form.append("title", "two");
    await handler(upload(form));
    expect(fake.lastCall().request.body).toEqual({ title: ["one", "two"] });
    expect(fake.lastCall().request.files).toEqual({});
  });

  it("reports a file part without a type or name as undefined", async () => {
    const { fake, handler } = handlerWithFake();
    const response = await handler(
      rawMultipart(['Content-Disposition: form-data; name="file"; filename=""\r\n\r\nabc']),
    );
    expect(response.status).toBe(200);
    const file = fake.lastCall().request.files?.file;
    expect(file?.filename).toBeUndefined();
    expect(new TextDecoder().decode(file?.bytes)).toBe("abc");
  });

  it("defaults the file limit to the 3 MiB of the contract", () => {
    expect(DEFAULT_MAX_UPLOAD_FILE_BYTES).toBe(INLINE_UPLOAD_MAX_BYTES);
    expect(INLINE_UPLOAD_MAX_BYTES).toBe(3 * 1024 * 1024);
  });

  it("accepts a file of exactly the limit and refuses one byte more with 413", async () => {
    const { fake, handler } = handlerWithFake({ maxUploadFileBytes: 1000 });
    const atLimit = new FormData();
    atLimit.set("file", fileOf(1000));
    expect((await handler(upload(atLimit))).status).toBe(200);
    expect(fake.lastCall().request.files?.file?.bytes.byteLength).toBe(1000);

    const overLimit = new FormData();
    overLimit.set("file", fileOf(1001));
    const response = await handler(upload(overLimit));
    expect(response.status).toBe(413);
    expect((await errorOf(response)).context).toEqual({
      reason: "file_too_large",
      field: "file",
      max_bytes: 1000,
    });
    expect(fake.calls).toHaveLength(1);
  });

  it("refuses a whole body over the multipart limit before parsing it", async () => {
    const { fake, handler } = handlerWithFake({
      maxUploadFileBytes: 1000,
      maxMultipartBytes: 1500,
    });
    const form = new FormData();
    form.set("file", fileOf(2000));
    const response = await handler(upload(form));
    expect(response.status).toBe(413);
    expect((await errorOf(response)).context).toEqual({
      reason: "body_too_large",
      max_bytes: 1500,
    });
    expect(fake.calls).toHaveLength(0);
  });

  it("leaves room for fields around a file of the limit by default", async () => {
    const { fake, handler } = handlerWithFake({ maxUploadFileBytes: 1000 });
    const form = new FormData();
    form.set("title", "t".repeat(5000));
    form.set("file", fileOf(1000));
    expect((await handler(upload(form))).status).toBe(200);
    expect(fake.calls).toHaveLength(1);
  });

  it("refuses a file on a field that takes none", async () => {
    const { fake, handler } = handlerWithFake();
    const form = new FormData();
    form.set("title", fileOf(10));
    const response = await handler(upload(form));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).context).toEqual({
      reason: "unexpected_file_field",
      field: "title",
      file_fields: ["file"],
    });
    expect(fake.calls).toHaveLength(0);
  });

  it("refuses two files on one field", async () => {
    const { handler } = handlerWithFake();
    const form = new FormData();
    form.append("file", fileOf(10));
    form.append("file", fileOf(10));
    const response = await handler(upload(form));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).context).toEqual({
      reason: "duplicate_file_field",
      field: "file",
    });
  });

  it("refuses a __proto__ field name", async () => {
    const { handler } = handlerWithFake();
    const form = new FormData();
    form.set("__proto__", "x");
    const response = await handler(upload(form));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).context).toEqual({ reason: "hostile_key", key: "__proto__" });
  });

  it.each([
    ["no boundary", "multipart/form-data", "--x\r\n"],
    ["a wrong boundary", "multipart/form-data; boundary=abc", "--other\r\n\r\n--other--\r\n"],
    [
      "a truncated body",
      "multipart/form-data; boundary=abc",
      '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    ],
  ])("refuses %s with 400 malformed_multipart", async (_, contentType, body) => {
    const { fake, handler } = handlerWithFake();
    const request = new Request(`${BASE}/editor/media`, {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    });
    const response = await handler(request);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).context).toEqual({ reason: "malformed_multipart" });
    expect(fake.calls).toHaveLength(0);
  });

  it("refuses multipart on an endpoint that declares JSON only, with 415", async () => {
    const { handler } = handlerWithFake();
    const form = new FormData();
    form.set("title", "x");
    const response = await handler(upload(form, "/editor/videos"));
    expect(response.status).toBe(415);
    expect((await errorOf(response)).context).toEqual({
      reason: "unsupported_media_type",
      accepted_content_types: ["application/json"],
    });
  });

  it("still takes JSON on the upload endpoint", async () => {
    const { fake, handler } = handlerWithFake();
    const body = { media: { filename: "a.png", content_type: "image/png", data: "iVBORw0KGgo=" } };
    const response = await handler(
      new Request(`${BASE}/editor/media`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(200);
    expect(fake.lastCall().request.body).toEqual(body);
    expect(fake.lastCall().request.bodyFormat).toBe("json");
    expect(fake.lastCall().request).not.toHaveProperty("files");
  });
});
