import { createHash } from "node:crypto";
import { HeadObjectCommand, S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";
import {
  createS3MediaStorage,
  S3_PART_SIZE_MIN_BYTES,
  S3_PRESIGN_MAX_SECONDS,
  S3_SINGLE_PUT_MAX_BYTES,
  type S3MediaStorage,
  type S3MediaStorageOptions,
} from "reelkit/s3";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { MediaStorage } from "../../src/ports/media-storage.js";
import {
  LOCAL_S3_BUCKET,
  LOCAL_S3_CREDENTIALS,
  LOCAL_S3_REGION,
  startLocalS3ForTests,
} from "./support/local-s3.js";

const server = await startLocalS3ForTests();
afterAll(async () => server?.close());

const SECRET = "a signing secret of at least 32 bytes, for tests";
const BASE_URL = "https://api.test/files";
const PREFIX = "tenant-a";
const MIB = 1024 * 1024;

function clientConfig(): S3ClientConfig {
  return {
    endpoint: server?.endpoint,
    region: LOCAL_S3_REGION,
    forcePathStyle: true,
    credentials: LOCAL_S3_CREDENTIALS,
  };
}

const opened: S3MediaStorage[] = [];
afterAll(() => {
  for (const storage of opened) storage.close();
});

function storageWith(options: Partial<S3MediaStorageOptions> = {}): S3MediaStorage {
  const storage = createS3MediaStorage({
    bucket: LOCAL_S3_BUCKET,
    prefix: PREFIX,
    baseUrl: BASE_URL,
    signingSecret: SECRET,
    partSizeBytes: S3_PART_SIZE_MIN_BYTES,
    ...(options.client === undefined ? { clientConfig: clientConfig() } : {}),
    ...options,
  });
  opened.push(storage);
  return storage;
}

interface SentRequest {
  readonly command: string;
  readonly headers: Record<string, string>;
}

// A client the host owns, with a middleware that records each request as it is sent.
function recordingClient(config: S3ClientConfig = clientConfig()): {
  client: S3Client;
  sent: SentRequest[];
} {
  const client = new S3Client(config);
  const sent: SentRequest[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const headers = (args.request as { headers?: Record<string, string> }).headers ?? {};
      sent.push({ command: context.commandName ?? "", headers: { ...headers } });
      return next(args);
    },
    { step: "finalizeRequest", name: "recordRequests" },
  );
  return { client, sent };
}

const text = (value: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(value);

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder().decode(await bytesOf(stream));
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

// Bytes that differ from their neighbours, so a misplaced part or range shows.
function patterned(sizeBytes: number): Uint8Array {
  const bytes = new Uint8Array(sizeBytes);
  for (let index = 0; index < sizeBytes; index += 1)
    bytes[index] = (index * 31 + (index >> 16)) & 255;
  return bytes;
}

function chunked(bytes: Uint8Array, chunkBytes = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunkBytes));
      offset += chunkBytes;
    },
  });
}

// Signs with the clock an hour back, so a URL valid for a minute expired on arrival.
async function signedAnHourAgo<T>(sign: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() - 3_600_000);
  try {
    return await sign();
  } finally {
    vi.useRealTimers();
  }
}

function signedHeadersOf(url: string): string[] {
  return (new URL(url).searchParams.get("X-Amz-SignedHeaders") ?? "").split(";");
}

describe.skipIf(server === undefined)("S3 media storage on a local S3 server", () => {
  it("implements the streaming MediaStorage port", () => {
    const port: MediaStorage = storageWith();
    expect(typeof port.presignUpload).toBe("function");
    expect(typeof port.objectKeyOf).toBe("function");
  });

  describe("put and open", () => {
    it("stores small bytes under the prefix and reads them back whole and by range", async () => {
      const storage = storageWith();
      const stored = await storage.put("media/1/hello.txt", text("hello"), {
        contentType: "text/plain",
      });
      expect(stored).toEqual({
        objectKey: "media/1/hello.txt",
        url: storage.urlOf("media/1/hello.txt"),
        sizeBytes: 5,
        contentType: "text/plain",
      });
      const reader = await storage.open("media/1/hello.txt");
      expect(reader?.contentType).toBe("text/plain");
      expect(reader?.sizeBytes).toBe(5);
      if (reader === undefined) return;
      expect(await textOf(reader.stream())).toBe("hello");
      expect(await textOf(reader.stream({ start: 1, end: 3 }))).toBe("ell");
      expect(await textOf(reader.stream({ start: 0, end: 1 }))).toBe("he");
      expect(await textOf(reader.stream({ start: 4, end: 4 }))).toBe("o");
      // Past the end, as slicing whole bytes would: cut to the end, or empty.
      expect(await textOf(reader.stream({ start: 3, end: 99 }))).toBe("lo");
      expect(await textOf(reader.stream({ start: 5, end: 9 }))).toBe("");
      // The bucket holds it under the prefix, with its type.
      const { client } = recordingClient();
      const head = await client.send(
        new HeadObjectCommand({ Bucket: LOCAL_S3_BUCKET, Key: `${PREFIX}/media/1/hello.txt` }),
      );
      expect([head.ContentLength, head.ContentType]).toEqual([5, "text/plain"]);
      client.destroy();
    });

    it("refuses a range that is not 0 <= start <= end in whole bytes", async () => {
      const storage = storageWith();
      await storage.put("media/1/range.txt", text("hello"), { contentType: "text/plain" });
      const reader = await storage.open("media/1/range.txt");
      for (const range of [
        { start: 2, end: 1 },
        { start: -1, end: 3 },
        { start: 0.5, end: 3 },
        { start: 0, end: Number.NaN },
      ]) {
        expect(() => reader?.stream(range), JSON.stringify(range)).toThrow(RangeError);
      }
    });

    it("streams a body larger than a part as a multipart upload, and reads it back", async () => {
      const { client, sent } = recordingClient();
      const storage = storageWith({ client });
      const bytes = patterned(2 * S3_PART_SIZE_MIN_BYTES + 7);
      const stored = await storage.put("media/1/big.bin", chunked(bytes), {
        contentType: "video/mp4",
        sizeBytes: bytes.byteLength,
      });
      expect(stored.sizeBytes).toBe(bytes.byteLength);
      expect(sent.map((request) => request.command)).toEqual([
        "CreateMultipartUploadCommand",
        "UploadPartCommand",
        "UploadPartCommand",
        "UploadPartCommand",
        "CompleteMultipartUploadCommand",
      ]);
      const reader = await storage.open("media/1/big.bin");
      expect([reader?.sizeBytes, reader?.contentType]).toEqual([bytes.byteLength, "video/mp4"]);
      if (reader === undefined) return;
      expect(sha256(await bytesOf(reader.stream()))).toBe(sha256(bytes));
      // A range across the first part boundary.
      const start = S3_PART_SIZE_MIN_BYTES - 2;
      const across = await bytesOf(reader.stream({ start, end: start + 3 }));
      expect([...across]).toEqual([...bytes.slice(start, start + 4)]);
      client.destroy();
    });

    it("stores a stream smaller than a part with one PUT and counts its bytes", async () => {
      const { client, sent } = recordingClient();
      const storage = storageWith({ client });
      const bytes = patterned(300_000);
      // The declared size is not trusted: the stored size is what arrived.
      const stored = await storage.put("media/1/small.bin", chunked(bytes, 1000), {
        contentType: "application/octet-stream",
        sizeBytes: 12,
      });
      expect(stored.sizeBytes).toBe(300_000);
      expect(sent.map((request) => request.command)).toEqual(["PutObjectCommand"]);
      expect((await storage.open("media/1/small.bin"))?.sizeBytes).toBe(300_000);
      client.destroy();
    });

    it("stores an empty body", async () => {
      const storage = storageWith();
      const stored = await storage.put("media/1/empty.bin", chunked(new Uint8Array(0)), {
        contentType: "application/octet-stream",
      });
      expect(stored.sizeBytes).toBe(0);
      const reader = await storage.open("media/1/empty.bin");
      expect(reader?.sizeBytes).toBe(0);
      expect(reader === undefined ? undefined : await bytesOf(reader.stream())).toEqual(
        new Uint8Array(0),
      );
    });

    it("replaces an object put again under the same key, keeping its URL", async () => {
      const storage = storageWith();
      const first = await storage.put("media/1/again.txt", text("first"), {
        contentType: "text/plain",
      });
      const second = await storage.put("media/1/again.txt", text("second!"), {
        contentType: "text/markdown",
      });
      expect(second.url).toBe(first.url);
      const reader = await storage.open("media/1/again.txt");
      expect([reader?.contentType, reader?.sizeBytes]).toEqual(["text/markdown", 7]);
      expect(reader === undefined ? "" : await textOf(reader.stream())).toBe("second!");
    });

    it("stores nothing when the body stream fails midway", async () => {
      const storage = storageWith();
      const bytes = patterned(S3_PART_SIZE_MIN_BYTES + 10);
      let sent = 0;
      const failing = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= S3_PART_SIZE_MIN_BYTES + 1) {
            controller.error(new Error("the client went away"));
            return;
          }
          controller.enqueue(bytes.slice(sent, sent + MIB));
          sent += MIB;
        },
      });
      await expect(
        storage.put("media/1/broken.bin", failing, { contentType: "video/mp4" }),
      ).rejects.toThrow("the client went away");
      expect(await storage.open("media/1/broken.bin")).toBeUndefined();
    });

    it("reads each stream with If-Match on the ETag it opened, so versions never mix", async () => {
      const { client, sent } = recordingClient();
      const storage = storageWith({ client });
      await storage.put("media/1/etag.txt", text("hello"), { contentType: "text/plain" });
      const reader = await storage.open("media/1/etag.txt");
      const stream = reader?.stream({ start: 0, end: 1 });
      expect(sent.map((request) => request.command)).toEqual([
        "PutObjectCommand",
        "HeadObjectCommand",
      ]);
      expect(stream === undefined ? "" : await textOf(stream)).toBe("he");
      const get = sent.find((request) => request.command === "GetObjectCommand");
      const head = await client.send(
        new HeadObjectCommand({ Bucket: LOCAL_S3_BUCKET, Key: `${PREFIX}/media/1/etag.txt` }),
      );
      expect(get?.headers["if-match"]).toBe(head.ETag);
      expect(get?.headers.range).toBe("bytes=0-1");
      client.destroy();
    });
  });

  describe("delete and missing objects", () => {
    it("opens a missing object as undefined", async () => {
      expect(await storageWith().open("media/1/never-stored.txt")).toBeUndefined();
    });

    it("deletes an object, and deleting it again is not an error", async () => {
      const storage = storageWith();
      await storage.put("media/1/gone.txt", text("bye"), { contentType: "text/plain" });
      const reader = await storage.open("media/1/gone.txt");
      await storage.delete("media/1/gone.txt");
      expect(await storage.open("media/1/gone.txt")).toBeUndefined();
      await expect(storage.delete("media/1/gone.txt")).resolves.toBeUndefined();
      // A reader opened before the delete says so when read.
      const stream = reader?.stream();
      await expect(stream === undefined ? Promise.resolve("") : textOf(stream)).rejects.toThrow(
        `The object ${PREFIX}/media/1/gone.txt was deleted after it was opened.`,
      );
    });

    it("answers 404 NoSuchKey to a signed read URL of a missing object", async () => {
      const url = await storageWith().signedReadUrl("media/1/never-stored.txt", {
        expiresInSeconds: 60,
      });
      const response = await fetch(url);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("<Code>NoSuchKey</Code>");
    });
  });

  describe("signed read URLs", () => {
    it("reads the bytes with a plain GET of the signed URL", async () => {
      const storage = storageWith();
      await storage.put("media/1/read.txt", text("read me"), { contentType: "text/plain" });
      const url = await storage.signedReadUrl("media/1/read.txt", { expiresInSeconds: 60 });
      expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe("60");
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain");
      expect(await response.text()).toBe("read me");
      // The URL reads that object only: an altered key fails its signature.
      const altered = url.replace("read.txt", "other.txt");
      expect((await fetch(altered)).status).toBe(403);
    });

    it("refuses an expired signed URL with 403 AccessDenied", async () => {
      await storageWith().put("media/1/old.txt", text("old"), { contentType: "text/plain" });
      const url = await signedAnHourAgo(() =>
        storageWith().signedReadUrl("media/1/old.txt", { expiresInSeconds: 60 }),
      );
      const response = await fetch(url);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("Request has expired");
    });

    it("signs for 1 to 7 days' worth of whole seconds", async () => {
      const storage = storageWith();
      const longest = await storage.signedReadUrl("media/1/read.txt", {
        expiresInSeconds: S3_PRESIGN_MAX_SECONDS,
      });
      expect(new URL(longest).searchParams.get("X-Amz-Expires")).toBe("604800");
      for (const expiresInSeconds of [0, -1, 1.5, S3_PRESIGN_MAX_SECONDS + 1, Number.NaN]) {
        await expect(
          storage.signedReadUrl("media/1/read.txt", { expiresInSeconds }),
        ).rejects.toThrow(RangeError);
      }
    });
  });

  describe("presigned direct uploads (spec 4.17)", () => {
    const upload = { contentType: "image/png", sizeBytes: 8, expiresInSeconds: 600 };
    const png = text("PNGbytes");

    it("accepts a plain PUT of the declared bytes with the returned headers, then opens them", async () => {
      const storage = storageWith();
      const presigned = await storage.presignUpload("uploads/1/direct.png", upload);
      expect(presigned.method).toBe("PUT");
      expect(presigned.headers).toEqual({ "Content-Type": "image/png" });
      expect(presigned.url.startsWith(`${server?.endpoint}/${LOCAL_S3_BUCKET}/${PREFIX}/`)).toBe(
        true,
      );
      const response = await fetch(presigned.url, {
        method: presigned.method,
        headers: presigned.headers,
        body: png,
      });
      expect(response.status).toBe(200);
      const reader = await storage.open("uploads/1/direct.png");
      expect([reader?.contentType, reader?.sizeBytes]).toEqual(["image/png", 8]);
      expect(reader === undefined ? "" : await textOf(reader.stream())).toBe("PNGbytes");
    });

    it("binds the URL to the declared type and exact length", async () => {
      const storage = storageWith();
      const presigned = await storage.presignUpload("uploads/1/bound.png", upload);
      expect(signedHeadersOf(presigned.url)).toEqual(["content-length", "content-type", "host"]);
      const put = (headers: Record<string, string>, body: Uint8Array<ArrayBuffer>) =>
        fetch(presigned.url, { method: "PUT", headers, body });
      expect((await put({ "Content-Type": "image/jpeg" }, png)).status).toBe(403);
      expect((await put(presigned.headers, text("PNGbytes!"))).status).toBe(403);
      expect((await put(presigned.headers, text("PNGbyte"))).status).toBe(403);
      expect(await storage.open("uploads/1/bound.png")).toBeUndefined();
    });

    it("signs no checksum, even for a client that computes them by default", async () => {
      // The SDK's default (WHEN_SUPPORTED) would sign the CRC32 of an empty body.
      const { client } = recordingClient();
      const storage = storageWith({ client });
      const presigned = await storage.presignUpload("uploads/1/checksum.png", upload);
      const names = [...new URL(presigned.url).searchParams.keys()].map((name) =>
        name.toLowerCase(),
      );
      expect(names.filter((name) => name.includes("checksum"))).toEqual([]);
      const response = await fetch(presigned.url, {
        method: "PUT",
        headers: presigned.headers,
        body: png,
      });
      expect(response.status).toBe(200);
      // Nor does a read URL ask for checksums (x-amz-checksum-mode) on this client.
      const read = await storage.signedReadUrl("uploads/1/checksum.png", { expiresInSeconds: 60 });
      expect(
        [...new URL(read).searchParams.keys()].filter((name) => /checksum/i.test(name)),
      ).toEqual([]);
      expect(await (await fetch(read)).text()).toBe("PNGbytes");
      client.destroy();
    });

    it("refuses a PUT to an expired upload URL", async () => {
      const storage = storageWith();
      const presigned = await signedAnHourAgo(() =>
        storage.presignUpload("uploads/1/late.png", upload),
      );
      const response = await fetch(presigned.url, {
        method: "PUT",
        headers: presigned.headers,
        body: png,
      });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("Request has expired");
      expect(await storage.open("uploads/1/late.png")).toBeUndefined();
    });

    it("signs uploads of 1 byte to 5 GiB only", async () => {
      const storage = storageWith();
      const largest = await storage.presignUpload("uploads/1/huge.mp4", {
        ...upload,
        sizeBytes: S3_SINGLE_PUT_MAX_BYTES,
      });
      expect(largest.url).toContain("X-Amz-SignedHeaders=content-length");
      for (const sizeBytes of [0, -1, 2.5, S3_SINGLE_PUT_MAX_BYTES + 1]) {
        await expect(
          storage.presignUpload("uploads/1/huge.mp4", { ...upload, sizeBytes }),
        ).rejects.toThrow(RangeError);
      }
    });
  });
});

describe("S3 media storage URLs and options (no server needed)", () => {
  const config = {
    endpoint: "http://127.0.0.1:9",
    region: LOCAL_S3_REGION,
    forcePathStyle: true,
    credentials: LOCAL_S3_CREDENTIALS,
  };
  const base = { bucket: "b", baseUrl: BASE_URL, signingSecret: SECRET, clientConfig: config };

  it("serves each key from a stable URL with a 128-bit token, the same on every instance", () => {
    const one = createS3MediaStorage(base);
    const other = createS3MediaStorage({ ...base, prefix: "elsewhere" });
    const url = one.urlOf("media/1/a b/clip ü.mp4");
    expect(url).toMatch(
      /^https:\/\/api\.test\/files\/[A-Za-z0-9_-]{22}\/media\/1\/a%20b\/clip%20%C3%BC\.mp4$/,
    );
    expect(other.urlOf("media/1/a b/clip ü.mp4")).toBe(url);
    expect(one.objectKeyOf(url)).toBe("media/1/a b/clip ü.mp4");
    expect(other.objectKeyOf(url)).toBe("media/1/a b/clip ü.mp4");
    one.close();
    other.close();
  });

  it("recognizes only its own URLs with the right token", () => {
    const storage = createS3MediaStorage(base);
    const url = storage.urlOf("media/1/a.png");
    const token = url.split("/")[4] ?? "";
    const stranger = createS3MediaStorage({ ...base, signingSecret: `${SECRET}, but another` });
    expect(stranger.objectKeyOf(url)).toBeUndefined();
    expect(storage.objectKeyOf(url.replace("a.png", "b.png"))).toBeUndefined();
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(storage.objectKeyOf(url.replace(token, flipped))).toBeUndefined();
    expect(storage.objectKeyOf(url.replace(`/${token}`, ""))).toBeUndefined();
    expect(storage.objectKeyOf(`${BASE_URL}/${token}`)).toBeUndefined();
    expect(storage.objectKeyOf(url.replace("https://api.test", "https://evil.test"))).toBe(
      undefined,
    );
    expect(storage.objectKeyOf(`${BASE_URL}/${token}/%E0%A4%A`)).toBeUndefined();
    storage.close();
    stranger.close();
  });

  it("refuses options that cannot work", () => {
    const client = new S3Client(config);
    const { clientConfig: _, ...withoutClient } = base;
    expect(() => createS3MediaStorage(withoutClient)).toThrow(TypeError);
    expect(() => createS3MediaStorage({ ...base, client })).toThrow(TypeError);
    expect(() => createS3MediaStorage({ ...base, signingSecret: "x".repeat(31) })).toThrow(
      RangeError,
    );
    expect(() =>
      createS3MediaStorage({ ...base, signingSecret: new Uint8Array(32) }).close(),
    ).not.toThrow();
    expect(() => createS3MediaStorage({ ...base, baseUrl: "/files" })).toThrow(RangeError);
    expect(() => createS3MediaStorage({ ...base, baseUrl: "ftp://host/files" })).toThrow(
      RangeError,
    );
    expect(() =>
      createS3MediaStorage({ ...base, partSizeBytes: S3_PART_SIZE_MIN_BYTES - 1 }),
    ).toThrow(RangeError);
    expect(() => createS3MediaStorage({ ...base, partsInFlight: 0 })).toThrow(RangeError);
    client.destroy();
  });

  it("refuses an empty key and one longer than S3 stores", async () => {
    const storage = createS3MediaStorage({ ...base, prefix: "/p/" });
    await expect(storage.open("")).rejects.toThrow(RangeError);
    await expect(storage.open("k".repeat(1023))).rejects.toThrow(RangeError);
    await expect(
      storage.signedReadUrl("k".repeat(1022), { expiresInSeconds: 1 }),
    ).resolves.toContain(`/b/p/${"k".repeat(1022)}?`);
    storage.close();
  });
});
