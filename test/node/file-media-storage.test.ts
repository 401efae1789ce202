import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createManualClock } from "../../src/clock.js";
import { collectBytes, streamOfBytes } from "../../src/media/byte-streams.js";
import {
  createFileMediaStorage,
  type FileMediaStorage,
  SIGNING_SECRET_FILE,
} from "../../src/node/file-media-storage.js";
import { readStored } from "../support/stored-object.js";

const BASE = "http://127.0.0.1:8787/files";
const directories: string[] = [];

async function newDirectory(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), "reelkit-files-"));
  directories.push(directory);
  return directory;
}

afterEach(async () => {
  for (const directory of directories.splice(0))
    await rm(directory, { recursive: true, force: true });
});

function bytesOf(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, index) => (index * 7) % 251);
}

function chunked(bytes: Uint8Array, chunkBytes: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkBytes));
      offset += chunkBytes;
    },
  });
}

async function read(
  storage: FileMediaStorage,
  key: string,
  range?: { start: number; end: number },
) {
  const reader = await storage.open(key);
  if (reader === undefined) return undefined;
  return [...((await collectBytes(reader.stream(range), Number.POSITIVE_INFINITY)) ?? [])];
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

describe("the filesystem media storage", () => {
  it("stores whole bytes and streams, and reads them back whole and by range", async () => {
    const storage = await createFileMediaStorage({
      directory: await newDirectory(),
      baseUrl: BASE,
    });
    const video = bytesOf(300_000);
    const stored = await storage.put("media/1/clip.mp4", chunked(video, 10_000), {
      contentType: "video/mp4",
      sizeBytes: video.length,
    });
    expect(stored).toEqual({
      objectKey: "media/1/clip.mp4",
      url: storage.urlOf("media/1/clip.mp4"),
      sizeBytes: 300_000,
      contentType: "video/mp4",
    });
    expect(await readStored(storage, "media/1/clip.mp4")).toEqual({
      bytes: video,
      contentType: "video/mp4",
    });
    expect(await read(storage, "media/1/clip.mp4", { start: 0, end: 3 })).toEqual([
      ...video.slice(0, 4),
    ]);
    expect(await read(storage, "media/1/clip.mp4", { start: 299_998, end: 299_999 })).toEqual([
      ...video.slice(299_998),
    ]);
    await storage.put("media/1/a.png", new Uint8Array([137, 80]), { contentType: "image/png" });
    expect(await readStored(storage, "media/1/a.png")).toEqual({
      bytes: new Uint8Array([137, 80]),
      contentType: "image/png",
    });
    expect((await storage.open("media/1/clip.mp4"))?.sizeBytes).toBe(300_000);
    expect(() => storage.open("media/1/a.png") as never).not.toThrow();
    const reader = await storage.open("media/1/a.png");
    expect(() => reader?.stream({ start: 1, end: 2 })).toThrow(RangeError);
  });

  it("answers undefined for an absent object and deletes idempotently", async () => {
    const storage = await createFileMediaStorage({
      directory: await newDirectory(),
      baseUrl: BASE,
    });
    expect(await storage.open("media/1/none.png")).toBeUndefined();
    expect(await storage.localPathOf("media/1/none.png")).toBeUndefined();
    await storage.put("media/1/a.png", new Uint8Array([1, 2, 3]), { contentType: "image/png" });
    await storage.delete("media/1/a.png");
    await storage.delete("media/1/a.png");
    expect(await storage.open("media/1/a.png")).toBeUndefined();
  });

  it("replaces an object, keeps its URL, and leaves only the new data file", async () => {
    const directory = await newDirectory();
    const storage = await createFileMediaStorage({ directory, baseUrl: BASE });
    const first = await storage.put("media/1/a.png", new Uint8Array([1]), {
      contentType: "image/png",
    });
    const oldReader = await storage.open("media/1/a.png");
    const second = await storage.put("media/1/a.png", new Uint8Array([2, 3]), {
      contentType: "image/webp",
    });
    expect(second.url).toBe(first.url);
    expect(await readStored(storage, "media/1/a.png")).toEqual({
      bytes: new Uint8Array([2, 3]),
      contentType: "image/webp",
    });
    expect(oldReader?.sizeBytes).toBe(1);
    const objects = (await filesUnder(directory)).filter((file) => file.startsWith("objects/"));
    expect(objects).toHaveLength(2);
    expect(objects.filter((file) => file.endsWith(".data"))).toHaveLength(1);
  });

  it("stores nothing, and keeps the earlier object, when the body stream fails", async () => {
    const directory = await newDirectory();
    const storage = await createFileMediaStorage({ directory, baseUrl: BASE });
    await storage.put("media/1/a.mp4", new Uint8Array([9, 9]), { contentType: "video/mp4" });
    let sent = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 3) controller.error(new Error("client went away"));
        else controller.enqueue(bytesOf(1000));
      },
    });
    await expect(
      storage.put("media/1/a.mp4", failing, { contentType: "video/mp4" }),
    ).rejects.toThrow("client went away");
    await expect(
      storage.put(
        "media/1/b.mp4",
        streamOfBytes(bytesOf(10)).pipeThrough(
          new TransformStream({
            transform: (_chunk, controller) => controller.error(new Error("broken")),
          }),
        ),
        { contentType: "video/mp4" },
      ),
    ).rejects.toThrow("broken");
    expect(await readStored(storage, "media/1/a.mp4")).toEqual({
      bytes: new Uint8Array([9, 9]),
      contentType: "video/mp4",
    });
    expect(await storage.open("media/1/b.mp4")).toBeUndefined();
    expect(await readdir(join(directory, "tmp"))).toEqual([]);
  });

  it("keeps every file inside its directory, whatever the key", async () => {
    const directory = await newDirectory();
    const storage = await createFileMediaStorage({ directory, baseUrl: BASE });
    const keys = [
      "../../escape.png",
      "/etc/passwd",
      "a/../../b",
      "..",
      "",
      "a\u0000b",
      "C:\\x",
      "ü/🎬.mp4",
    ];
    for (const [index, key] of keys.entries()) {
      await storage.put(key, new Uint8Array([index]), { contentType: "image/png" });
      expect(await read(storage, key)).toEqual([index]);
      const path = await storage.localPathOf(key);
      expect(path?.startsWith(join(directory, "objects") + sep)).toBe(true);
      expect(storage.objectKeyOf(storage.urlOf(key))).toBe(key);
    }
    const files = await filesUnder(directory);
    expect(
      files.every((file) => /^(objects\/[0-9a-f]{2}\/[0-9a-f]{64}\.|signing-secret$)/.test(file)),
    ).toBe(true);
  });

  it("serves the same objects at the same URLs after a restart, and refuses guessed ones", async () => {
    const directory = await newDirectory();
    const before = await createFileMediaStorage({ directory, baseUrl: BASE });
    const stored = await before.put("media/1/a b.png", new Uint8Array([137, 80, 78, 71]), {
      contentType: "image/png",
    });
    expect(stored.url).toMatch(
      /^http:\/\/127\.0\.0\.1:8787\/files\/[A-Za-z0-9_-]{22}\/media\/1\/a%20b\.png$/,
    );
    const after = await createFileMediaStorage({ directory, baseUrl: BASE });
    expect(after.urlOf("media/1/a b.png")).toBe(stored.url);
    expect(after.objectKeyOf(stored.url)).toBe("media/1/a b.png");
    expect(await after.resolveReadUrl(`${stored.url}?v=2`)).toEqual({
      ok: true,
      value: "media/1/a b.png",
    });
    expect(await readStored(after, "media/1/a b.png")).toEqual({
      bytes: new Uint8Array([137, 80, 78, 71]),
      contentType: "image/png",
    });
    expect(after.objectKeyOf(`${BASE}/media/1/a%20b.png`)).toBeUndefined();
    expect(
      after.objectKeyOf(stored.url.replace(/files\/[^/]+/, "files/AAAAAAAAAAAAAAAAAAAAAA")),
    ).toBeUndefined();
    // Another directory has another secret, so the same key has another URL.
    const other = await createFileMediaStorage({ directory: await newDirectory(), baseUrl: BASE });
    expect(other.urlOf("media/1/a b.png")).not.toBe(stored.url);
    const secret = await stat(join(directory, SIGNING_SECRET_FILE));
    expect(secret.size).toBe(32);
    expect(secret.mode & 0o777).toBe(0o600);
  });

  it("signs read URLs that work across a restart until they expire", async () => {
    const directory = await newDirectory();
    const clock = createManualClock(Date.UTC(2026, 10, 24, 12));
    const before = await createFileMediaStorage({ directory, baseUrl: BASE, clock });
    await before.put("exports/1/v.mp4", new Uint8Array([1]), { contentType: "video/mp4" });
    const url = await before.signedReadUrl("exports/1/v.mp4", { expiresInSeconds: 60 });
    expect(url).toMatch(
      /^http:\/\/127\.0\.0\.1:8787\/files\/signed\/exports\/1\/v\.mp4\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/,
    );
    const after = await createFileMediaStorage({ directory, baseUrl: BASE, clock });
    expect(await after.resolveReadUrl(url)).toEqual({ ok: true, value: "exports/1/v.mp4" });
    expect(await after.resolveReadUrl(url.replace("v.mp4", "w.mp4"))).toEqual({
      ok: false,
      error: "unknown_url",
    });
    clock.advance(60_000);
    expect(await after.resolveReadUrl(url)).toEqual({ ok: false, error: "expired" });
  });

  it("gives the data file's path, which holds the bytes", async () => {
    const storage = await createFileMediaStorage({
      directory: await newDirectory(),
      baseUrl: BASE,
    });
    await storage.put("media/1/a.png", new Uint8Array([4, 5]), { contentType: "image/png" });
    const path = await storage.localPathOf("media/1/a.png");
    expect([...(await readFile(path ?? ""))]).toEqual([4, 5]);
  });
});
