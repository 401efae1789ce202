/**
 * Media storage in a directory of the local filesystem, for a single host or hosts
 * sharing a mounted volume. Objects and their metadata survive a restart; so do their
 * URLs, since each URL's token is an HMAC of the key under a secret kept in the
 * directory.
 *
 * Layout (every name derived from the SHA-256 of the key, so no key, however strange,
 * can name a path outside the directory):
 *
 * - `signing-secret`: 32 random bytes, made on first use (mode 0600);
 * - `objects/<2 hex>/<sha256>.json`: the key, content type, size and data file name;
 * - `objects/<2 hex>/<sha256>.<nonce>.data`: the bytes;
 * - `tmp/`: bodies being written.
 *
 * A put streams the body into `tmp/`, flushes it to disk, renames it into place, and
 * then renames its metadata over the old one: that rename is the commit, so a crash
 * never leaves a half file under a key, and a reader that opened the old data keeps it.
 *
 * @module
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { link, mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { z } from "zod";
import { type Clock, systemClock } from "../clock.js";
import { encodeBase64Url } from "../media/base64.js";
import { assertByteRange, streamOfBody } from "../media/byte-streams.js";
import {
  createReadUrlSigner,
  parseTokenUrl,
  READ_URL_SECRET_MIN_BYTES,
  servedUrlMembers,
  tokenUrlOf,
  trimBaseUrl,
} from "../media/stored-media-urls.js";
import type { MediaBody, StoredMediaReader, StoredObject } from "../ports/media-storage.js";
import type { ServedMediaStorage } from "../ports/served-media-storage.js";

/** Bytes of an object URL's token: 128 bits of the key's HMAC. */
export const FILE_MEDIA_URL_TOKEN_BYTES = 16;

/** Name of the file in the storage directory holding the signing secret. */
export const SIGNING_SECRET_FILE = "signing-secret";

/** A media storage on the local filesystem; its objects have local paths. */
export interface FileMediaStorage extends ServedMediaStorage {
  /** The path of the file holding the object's bytes, or undefined when absent. */
  localPathOf(objectKey: string): Promise<string | undefined>;
}

/** Options of {@link createFileMediaStorage}. */
export interface FileMediaStorageOptions {
  /** The directory objects live in; created when missing. */
  readonly directory: string;
  /** URL prefix objects are served under, such as `https://media.example.com/files`. */
  readonly baseUrl: string;
  /**
   * The HMAC key of URL tokens and signed read URLs, at least 32 bytes (text is UTF-8
   * encoded); hosts sharing the directory behind one origin pass the same one. Default:
   * the secret in the directory's `signing-secret` file, made on first use.
   */
  readonly signingSecret?: string | Uint8Array;
  /** The clock signed read URLs expire by. Default: the system clock. */
  readonly clock?: Clock;
}

const metadataSchema = z.object({
  object_key: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int().nonnegative(),
  data_file: z.string().regex(/^[0-9a-f]{64}\.[0-9a-f]{16}\.data$/),
});

type Metadata = z.infer<typeof metadataSchema>;

function isMissing(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

function isTaken(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "EEXIST";
}

function secretOf(secret: string | Uint8Array): Uint8Array {
  const bytes = typeof secret === "string" ? new TextEncoder().encode(secret) : secret;
  if (bytes.byteLength < READ_URL_SECRET_MIN_BYTES) {
    throw new RangeError(`The signing secret must be at least ${READ_URL_SECRET_MIN_BYTES} bytes.`);
  }
  return bytes;
}

/**
 * The secret kept in the file `name` of `directory` (32 random bytes, mode 0600), made
 * on first use. It is written to a temporary file and linked into place, so two hosts
 * starting at once agree on one secret and a crash never leaves a short one.
 *
 * @example
 * ```ts
 * const secret = await loadDirectorySecret("/var/lib/reelkit", "upload-url-secret");
 * ```
 */
export async function loadDirectorySecret(directory: string, name: string): Promise<Uint8Array> {
  const path = join(directory, name);
  const tmpDirectory = join(directory, "tmp");
  await mkdir(tmpDirectory, { recursive: true });
  try {
    return secretOf(await readFile(path));
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  const candidate = join(tmpDirectory, `secret.${randomBytes(8).toString("hex")}`);
  await writeFile(candidate, randomBytes(READ_URL_SECRET_MIN_BYTES), { mode: 0o600 });
  try {
    await link(candidate, path);
  } catch (error) {
    if (!isTaken(error)) throw error;
  } finally {
    await rm(candidate, { force: true });
  }
  return secretOf(await readFile(path));
}

async function writeAll(body: MediaBody, path: string): Promise<number> {
  const handle = await open(path, "wx", 0o600);
  try {
    const reader = streamOfBody(body).getReader();
    let sizeBytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let offset = 0;
      while (offset < value.byteLength) {
        const { bytesWritten } = await handle.write(value, offset);
        offset += bytesWritten;
      }
      sizeBytes += value.byteLength;
    }
    // On disk before the rename that publishes it, so a crash cannot publish a hole.
    await handle.sync();
    return sizeBytes;
  } finally {
    await handle.close();
  }
}

function fileReader(path: string, metadata: Metadata): StoredMediaReader {
  return {
    contentType: metadata.content_type,
    sizeBytes: metadata.size_bytes,
    stream(range) {
      if (range !== undefined) assertByteRange(range, metadata.size_bytes);
      // An empty object has no byte range to ask `createReadStream` for.
      if (metadata.size_bytes === 0) return new ReadableStream({ start: (c) => c.close() });
      const file = createReadStream(path, range ?? {});
      return Readable.toWeb(file) as unknown as ReadableStream<Uint8Array>;
    },
  };
}

/**
 * Creates (or reopens) the storage in `directory`, serving objects under `baseUrl`.
 *
 * @example
 * ```ts
 * import { createFileMediaStorage } from "reelkit/node";
 *
 * const storage = await createFileMediaStorage({
 *   directory: "/var/lib/reelkit/media",
 *   baseUrl: "https://api.example.com/files",
 * });
 * const stored = await storage.put("media/1/a.mp4", request.body, { contentType: "video/mp4" });
 * const reader = await storage.open("media/1/a.mp4"); // survives a restart
 * reader?.stream({ start: 0, end: 1023 }); // the first KiB
 * ```
 */
export async function createFileMediaStorage(
  options: FileMediaStorageOptions,
): Promise<FileMediaStorage> {
  const base = trimBaseUrl(options.baseUrl);
  const objectsDirectory = join(options.directory, "objects");
  const tmpDirectory = join(options.directory, "tmp");
  await mkdir(objectsDirectory, { recursive: true });
  await mkdir(tmpDirectory, { recursive: true });
  const secret =
    options.signingSecret === undefined
      ? await loadDirectorySecret(options.directory, SIGNING_SECRET_FILE)
      : secretOf(options.signingSecret);
  const signer = createReadUrlSigner({
    baseUrl: base,
    secret,
    clock: options.clock ?? systemClock,
  });

  const hashOf = (objectKey: string) => createHash("sha256").update(objectKey).digest("hex");
  const folderOf = (hash: string) => join(objectsDirectory, hash.slice(0, 2));
  const metadataPathOf = (hash: string) => join(folderOf(hash), `${hash}.json`);
  const tokenOf = (objectKey: string): string =>
    encodeBase64Url(
      createHmac("sha256", secret)
        .update(`reelkit-token\n${objectKey}`)
        .digest()
        .subarray(0, FILE_MEDIA_URL_TOKEN_BYTES),
    );

  async function readMetadata(objectKey: string): Promise<Metadata | undefined> {
    const hash = hashOf(objectKey);
    let text: string;
    try {
      text = await readFile(metadataPathOf(hash), "utf8");
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    const metadata = metadataSchema.parse(JSON.parse(text));
    // Hashes do not collide in practice; a mismatch means a damaged directory.
    if (metadata.object_key !== objectKey)
      throw new Error(`Stored metadata of ${objectKey} names another key.`);
    return metadata;
  }

  // One write at a time per key, so two puts of one key never orphan a data file.
  const queues = new Map<string, Promise<unknown>>();
  function serialized<T>(objectKey: string, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(objectKey) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    queues.set(objectKey, settled);
    void settled.then(() => {
      if (queues.get(objectKey) === settled) queues.delete(objectKey);
    });
    return next;
  }

  async function put(
    objectKey: string,
    body: MediaBody,
    contentType: string,
  ): Promise<StoredObject> {
    const hash = hashOf(objectKey);
    const nonce = randomBytes(8).toString("hex");
    const partPath = join(tmpDirectory, `${nonce}.part`);
    let sizeBytes: number;
    try {
      sizeBytes = await writeAll(body, partPath);
    } catch (error) {
      await rm(partPath, { force: true });
      throw error;
    }
    return serialized(objectKey, async () => {
      const previous = await readMetadata(objectKey);
      const metadata: Metadata = {
        object_key: objectKey,
        content_type: contentType,
        size_bytes: sizeBytes,
        data_file: `${hash}.${nonce}.data`,
      };
      await mkdir(folderOf(hash), { recursive: true });
      await rename(partPath, join(folderOf(hash), metadata.data_file));
      const metadataPart = join(tmpDirectory, `${nonce}.json`);
      await writeFile(metadataPart, JSON.stringify(metadata), { mode: 0o600 });
      await rename(metadataPart, metadataPathOf(hash));
      if (previous !== undefined)
        await rm(join(folderOf(hash), previous.data_file), { force: true });
      return {
        objectKey,
        url: tokenUrlOf(base, tokenOf(objectKey), objectKey),
        sizeBytes,
        contentType,
      };
    });
  }

  const objectKeyOf = (url: string): string | undefined => {
    const parsed = parseTokenUrl(base, url);
    if (parsed === undefined) return undefined;
    const expected = Buffer.from(tokenOf(parsed.objectKey));
    const given = Buffer.from(parsed.token);
    // Compared in constant time, so timing does not tell how much of a guess was right.
    const matches = given.length === expected.length && timingSafeEqual(given, expected);
    return matches ? parsed.objectKey : undefined;
  };

  return {
    put: (objectKey, body, { contentType }) => put(objectKey, body, contentType),
    async open(objectKey) {
      const metadata = await readMetadata(objectKey);
      if (metadata === undefined) return undefined;
      return fileReader(join(folderOf(hashOf(objectKey)), metadata.data_file), metadata);
    },
    delete(objectKey) {
      return serialized(objectKey, async () => {
        const metadata = await readMetadata(objectKey);
        if (metadata === undefined) return;
        const hash = hashOf(objectKey);
        await rm(metadataPathOf(hash), { force: true });
        await rm(join(folderOf(hash), metadata.data_file), { force: true });
      });
    },
    urlOf: (objectKey) => tokenUrlOf(base, tokenOf(objectKey), objectKey),
    objectKeyOf,
    ...servedUrlMembers(signer, objectKeyOf),
    async localPathOf(objectKey) {
      const metadata = await readMetadata(objectKey);
      return metadata === undefined
        ? undefined
        : join(folderOf(hashOf(objectKey)), metadata.data_file);
    },
  };
}
