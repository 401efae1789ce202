import { createS3MediaStorage, type S3MediaStorage } from "reelkit/s3";
import { afterAll, describe, expect, it } from "vitest";
import {
  BYTES,
  createMediaHarness,
  MIB,
  padded,
  prepareUpload,
} from "../service/media/media-support.js";
import {
  LOCAL_S3_BUCKET,
  LOCAL_S3_CREDENTIALS,
  LOCAL_S3_REGION,
  startLocalS3ForTests,
} from "./support/local-s3.js";

const server = await startLocalS3ForTests();
const opened: S3MediaStorage[] = [];
afterAll(async () => {
  for (const storage of opened) storage.close();
  await server?.close();
});

const VIDEO = padded(BYTES.mp4, 2 * MIB);

function bucketStorage(): S3MediaStorage {
  const storage = createS3MediaStorage({
    clientConfig: {
      endpoint: server?.endpoint,
      region: LOCAL_S3_REGION,
      forcePathStyle: true,
      credentials: LOCAL_S3_CREDENTIALS,
    },
    bucket: LOCAL_S3_BUCKET,
    prefix: "direct-uploads",
    baseUrl: "https://reelkit.test/files",
    signingSecret: "a signing secret of at least 32 bytes, for the service",
  });
  opened.push(storage);
  return storage;
}

async function bytesOf(storage: S3MediaStorage, url: string): Promise<Uint8Array> {
  const objectKey = storage.objectKeyOf(url);
  if (objectKey === undefined) throw new Error(`${url} is not a URL of the bucket storage.`);
  const reader = await storage.open(objectKey);
  if (reader === undefined) throw new Error(`Nothing is stored under ${objectKey}.`);
  return new Uint8Array(await new Response(reader.stream()).arrayBuffer());
}

// A service storing into the bucket, and a prepared direct upload of VIDEO.
async function preparedVideoUpload() {
  const storage = bucketStorage();
  const harness = await createMediaHarness({ overrides: { mediaStorage: storage } });
  const descriptor = await prepareUpload(harness, {
    filename: "launch.mp4",
    content_type: "video/mp4",
    size_bytes: VIDEO.length,
  });
  return { storage, harness, descriptor };
}

describe.skipIf(server === undefined)("direct uploads (spec 4.17) into an S3 bucket", () => {
  it("presigns the PUT straight to the bucket and imports the object from it", async () => {
    const { storage, harness, descriptor } = await preparedVideoUpload();
    // The bytes go to the bucket, not through the API; source_url stays the API's own.
    expect(new URL(descriptor.upload.url).origin).toBe(new URL(server?.endpoint ?? "").origin);
    expect(descriptor.upload.headers).toEqual({ "Content-Type": "video/mp4" });
    expect(new URL(descriptor.source_url).origin).toBe("https://reelkit.test");
    const early = await harness.upload({ source_url: descriptor.source_url });
    expect(early.status).toBe(400);
    expect(early.body.error.context.reason).toBe("upload_not_received");

    const put = await fetch(descriptor.upload.url, {
      method: "PUT",
      headers: descriptor.upload.headers,
      body: VIDEO,
    });
    expect(put.status).toBe(200);
    const imported = await harness.upload({
      source_url: descriptor.source_url,
      filename: "launch.mp4",
      content_type: "video/mp4",
      media_type: "video",
    });
    expect(imported.status).toBe(200);
    expect(imported.body.media).toMatchObject({
      media_type: "video",
      filename: "launch.mp4",
      status: "completed",
    });
    expect(await bytesOf(storage, imported.body.media.url)).toEqual(VIDEO);
  });

  it("lets the bucket refuse a file of another size than the one declared", async () => {
    const { harness, descriptor } = await preparedVideoUpload();
    const longer = await fetch(descriptor.upload.url, {
      method: "PUT",
      headers: descriptor.upload.headers,
      body: padded(BYTES.mp4, VIDEO.length + 1),
    });
    expect(longer.status).toBe(403);
    const imported = await harness.upload({ source_url: descriptor.source_url });
    expect(imported.status).toBe(400);
    expect(imported.body.error.context.reason).toBe("upload_not_received");
  });
});
