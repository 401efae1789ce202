import { directUploadDescriptorSchema } from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import { readStored } from "../../support/stored-object.js";
import { ORGS } from "../support/harness.js";
import {
  BYTES,
  createMediaHarness,
  createProject,
  KEYS,
  type MediaHarness,
  MIB,
  padded,
  prepareUpload,
  UPLOAD_BASE_URL,
} from "./media-support.js";

const VIDEO = padded(BYTES.mp4, 4 * MIB);

async function prepareVideo(harness: MediaHarness, key: string = KEYS.acme) {
  return prepareUpload(
    harness,
    { filename: "launch.mp4", content_type: "video/mp4", size_bytes: VIDEO.length },
    key,
  );
}

function tamper(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.href;
}

describe("POST /editor/media/upload-url", () => {
  it("signs a PUT URL whose source_url is the same URL, and creates no item", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareVideo(harness);
    expect(directUploadDescriptorSchema.safeParse(descriptor).success).toBe(true);
    expect(descriptor).toMatchObject({
      object: "editor_media_upload_url",
      upload: { method: "PUT", headers: { "Content-Type": "video/mp4" } },
      expires_at: "2026-11-22T10:00:00.000Z",
    });
    expect(descriptor.source_url).toBe(descriptor.upload.url);
    const url = new URL(descriptor.upload.url);
    expect(`${url.origin}${url.pathname}`).toBe(UPLOAD_BASE_URL);
    expect(url.searchParams.get("key")).toMatch(
      new RegExp(`^uploads/${ORGS.acme}/[0-9a-f-]+\\.mp4$`),
    );
    expect(url.searchParams.get("max")).toBe(String(VIDEO.length));
    expect((await harness.list()).body.media).toEqual([]);
  });

  it("enforces the limit of the kind: video 200 MiB, image and audio 50 MiB, others refused", async () => {
    const harness = await createMediaHarness();
    const call = (content_type: string, size_bytes: number) =>
      harness.call("POST", "/editor/media/upload-url", {
        key: KEYS.acme,
        body: { filename: "f", content_type, size_bytes },
      });
    expect((await call("video/mp4", 200 * MIB)).status).toBe(200);
    expect((await call("image/png", 50 * MIB)).status).toBe(200);
    expect((await call("audio/mpeg", 50 * MIB)).status).toBe(200);
    const overVideo = await call("video/mp4", 200 * MIB + 1);
    expect(overVideo.status).toBe(400);
    expect(overVideo.body.error.context.fields[0].path).toBe("size_bytes");
    expect((await call("image/png", 50 * MIB + 1)).status).toBe(400);
    expect((await call("audio/wav", 50 * MIB + 1)).status).toBe(400);
    const pdf = await call("application/pdf", 10);
    expect(pdf.status).toBe(400);
    expect(pdf.body.error.context.fields[0].path).toBe("content_type");
    expect((await call("video/mp4", 0)).status).toBe(400);
  });

  it("answers 401, 403 and 402 like every write endpoint", async () => {
    const harness = await createMediaHarness();
    const body = { filename: "a.png", content_type: "image/png", size_bytes: 10 };
    const as = (key?: string) => harness.call("POST", "/editor/media/upload-url", { key, body });
    expect((await as(undefined)).status).toBe(401);
    expect((await as(KEYS.revoked)).status).toBe(401);
    expect((await as(KEYS.acmeRead)).status).toBe(403);
    expect((await as(KEYS.lapsed)).status).toBe(402);
    expect((await as(KEYS.acmeWrite)).status).toBe(200);
  });
});

describe("the direct upload flow", () => {
  it("takes the PUT without an API key, then imports source_url as a usable item", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareVideo(harness);
    const put = await harness.send(descriptor.upload.url, {
      body: VIDEO,
      contentType: descriptor.upload.headers["Content-Type"],
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      object: "direct_upload",
      size_bytes: VIDEO.length,
      content_type: "video/mp4",
    });
    expect((await harness.list()).body.media).toEqual([]);

    const imported = await harness.upload({
      source_url: descriptor.source_url,
      filename: "launch.mp4",
      content_type: "video/mp4",
      media_type: "video",
      preserve_original: true,
    });
    expect(imported.status).toBe(200);
    const { media } = imported.body;
    expect(media).toMatchObject({
      media_type: "video",
      filename: "launch.mp4",
      status: "completed",
      url: harness.storage.urlOf(`media/${ORGS.acme}/${media.id}.mp4`),
      metadata: { source: "direct_upload", size_bytes: VIDEO.length, preserve_original: true },
    });
    expect(
      (await harness.list("media_type=video")).body.media.map((item: { id: string }) => item.id),
    ).toEqual([media.id]);
    const videoId = await createProject(harness);
    const added = await harness.call("POST", `/editor/videos/${videoId}/media`, {
      key: KEYS.acme,
      body: { media_id: media.id },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ object: "editor_media_addition", video_id: videoId });
    expect(harness.serverErrors).toEqual([]);
  });

  it("names an import without a filename after the item id", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareUpload(harness, {
      filename: "theme.mp3",
      content_type: "audio/mpeg",
      size_bytes: BYTES.mp3.length,
    });
    await harness.send(descriptor.upload.url, { body: BYTES.mp3, contentType: "audio/mpeg" });
    const imported = await harness.upload({ source_url: descriptor.source_url });
    expect(imported.status).toBe(200);
    expect(imported.body.media.filename).toBe(`${imported.body.media.id}.mp3`);
    expect(imported.body.media.media_type).toBe("audio");
  });

  it("accepts exactly size_bytes and answers 413 for one byte more", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareVideo(harness);
    const over = await harness.send(descriptor.upload.url, {
      body: padded(BYTES.mp4, VIDEO.length + 1),
      contentType: "video/mp4",
    });
    expect(over.status).toBe(413);
    expect(over.body.error).toMatchObject({
      code: "bad_request",
      context: { reason: "body_too_large", max_bytes: VIDEO.length },
    });
    expect(
      await readStored(
        harness.storage,
        new URL(descriptor.upload.url).searchParams.get("key") ?? "",
      ),
    ).toBeUndefined();
    const exact = await harness.send(descriptor.upload.url, {
      body: VIDEO,
      contentType: "video/mp4",
    });
    expect(exact.status).toBe(200);
  });

  it("stops reading a streamed PUT at the first byte past size_bytes", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareVideo(harness);
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(MIB));
      },
      cancel() {
        cancelled = true;
      },
    });
    const response = await harness.uploadHandler(
      new Request(descriptor.upload.url, {
        method: "PUT",
        headers: { "content-type": "video/mp4" },
        body: endless,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(VIDEO.length / MIB + 3);
  });

  it("refuses a declared Content-Length over size_bytes before reading", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareVideo(harness);
    const response = await harness.uploadHandler(
      new Request(descriptor.upload.url, {
        method: "PUT",
        headers: { "content-type": "video/mp4", "content-length": String(VIDEO.length + 1) },
        body: padded(BYTES.mp4, VIDEO.length + 1),
      }),
    );
    expect(response.status).toBe(413);
  });

  it("refuses an altered or expired URL with 403 and a wrong Content-Type with 400", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareVideo(harness);
    const url = descriptor.upload.url;
    const put = (target: string, contentType = "video/mp4") =>
      harness.send(target, { body: VIDEO, contentType });
    const larger = await put(tamper(url, "max", String(VIDEO.length * 2)));
    expect(larger.status).toBe(403);
    expect(larger.body.error).toMatchObject({
      code: "forbidden",
      context: { reason: "bad_signature" },
    });
    const otherKey = await put(tamper(url, "key", "uploads/2/stolen.mp4"));
    expect(otherKey.status).toBe(403);
    const forged = await put(tamper(url, "signature", "A".repeat(43)));
    expect(forged.body.error.context.reason).toBe("bad_signature");
    const bare = await put(UPLOAD_BASE_URL);
    expect(bare.status).toBe(403);
    expect(bare.body.error.context.reason).toBe("malformed");
    const wrongType = await put(url, "image/png");
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.context.reason).toBe("content_type_mismatch");
    harness.clock.advance(3600 * 1000);
    const expired = await put(url);
    expect(expired.status).toBe(403);
    expect(expired.body.error.context.reason).toBe("expired");
    expect(harness.serverErrors).toEqual([]);
  });

  it("answers 405 with Allow for other methods and 204 for OPTIONS on the upload path", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareVideo(harness);
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await harness.send(descriptor.upload.url, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("PUT, OPTIONS");
      expect(response.body.error.context.reason).toBe("method_not_allowed");
    }
    const options = await harness.send(descriptor.upload.url, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    // The default handler has no receiver: the path is unknown there.
    const unserved = await harness.handler(
      new Request(descriptor.upload.url, {
        method: "PUT",
        body: VIDEO,
        headers: { "content-type": "video/mp4" },
      }),
    );
    expect(unserved.status).toBe(404);
  });

  it("refuses to import before the PUT, and imports after the PUT window closed", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareVideo(harness);
    const early = await harness.upload({ source_url: descriptor.source_url });
    expect(early.status).toBe(400);
    expect(early.body.error.context).toMatchObject({
      field: "source_url",
      reason: "upload_not_received",
    });
    await harness.send(descriptor.upload.url, { body: VIDEO, contentType: "video/mp4" });
    harness.clock.advance(2 * 3600 * 1000);
    const late = await harness.upload({ source_url: descriptor.source_url });
    expect(late.status).toBe(200);
  });

  it("answers 404 to another organization importing acme's upload", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareVideo(harness);
    await harness.send(descriptor.upload.url, { body: VIDEO, contentType: "video/mp4" });
    const stolen = await harness.upload({ source_url: descriptor.source_url }, KEYS.other);
    expect(stolen.status).toBe(404);
    expect(stolen.body.error.code).toBe("not_found");
    expect((await harness.list("", KEYS.other)).body.media).toEqual([]);
    expect((await harness.upload({ source_url: descriptor.source_url })).status).toBe(200);
  });

  it("refuses an altered source_url without fetching it, and uploaded bytes that are not media", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareUpload(harness, {
      filename: "x.png",
      content_type: "image/png",
      size_bytes: BYTES.text.length,
    });
    const altered = await harness.upload({ source_url: tamper(descriptor.source_url, "org", "2") });
    expect(altered.status).toBe(400);
    expect(altered.body.error.context).toMatchObject({
      field: "source_url",
      reason: "bad_signature",
    });
    const put = await harness.send(descriptor.upload.url, {
      body: BYTES.text,
      contentType: "image/png",
    });
    expect(put.status).toBe(200);
    const imported = await harness.upload({ source_url: descriptor.source_url });
    expect(imported.status).toBe(400);
    expect(imported.body.error.context).toMatchObject({
      field: "source_url",
      reason: "unrecognized_content",
    });
  });

  it("keeps an imported item's bytes when the upload URL is PUT to again", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareUpload(harness, {
      filename: "a.png",
      content_type: "image/png",
      size_bytes: 1000,
    });
    await harness.send(descriptor.upload.url, { body: BYTES.png, contentType: "image/png" });
    const imported = await harness.upload({ source_url: descriptor.source_url });
    const again = await harness.send(descriptor.upload.url, {
      body: BYTES.text,
      contentType: "image/png",
    });
    expect(again.status).toBe(200);
    const stored = await readStored(
      harness.storage,
      `media/${ORGS.acme}/${imported.body.media.id}.png`,
    );
    expect(stored?.bytes).toEqual(BYTES.png);
  });

  it("refuses an empty PUT", async () => {
    const harness = await createMediaHarness();
    const descriptor = await prepareVideo(harness);
    const empty = await harness.send(descriptor.upload.url, { contentType: "video/mp4" });
    expect(empty.status).toBe(400);
    expect(empty.body.error.context.reason).toBe("empty_body");
  });
});
