/**
 * Media storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph, ...).
 * Bodies stream to the bucket in parts, reads stream back by ranged GETs, and direct
 * uploads are presigned straight to the bucket. Objects keep the stable, unguessable
 * host URLs the in-memory storage hands out (the host may answer them with a redirect
 * to {@link S3MediaStorage.signedReadUrl}), so records that hold a URL keep working
 * whichever instance serves it.
 *
 * @module
 */

import { DeleteObjectCommand, S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type {
  MediaBody,
  MediaPutOptions,
  MediaStorage,
  PresignedUpload,
  StoredMediaReader,
  StoredObject,
  UploadPresigning,
} from "../ports/media-storage.js";
import { createHostUrls } from "./host-urls.js";
import { type ObjectLocation, openObject } from "./object-reader.js";
import { presignGet, presignPut } from "./presign.js";

/** Smallest part S3 accepts in a multipart upload (all but the last): 5 MiB. */
export const S3_PART_SIZE_MIN_BYTES = 5 * 1024 * 1024;

/** Part size of streamed uploads when the host does not say: 8 MiB. */
export const S3_PART_SIZE_BYTES_DEFAULT = 8 * 1024 * 1024;

/** Parts uploaded at once when the host does not say. */
export const S3_PARTS_IN_FLIGHT_DEFAULT = 2;

/** Longest key S3 stores, prefix included: 1,024 bytes of UTF-8. */
export const S3_KEY_MAX_BYTES = 1024;

/** Options of {@link createS3MediaStorage}; give exactly one of `client` and `clientConfig`. */
export interface S3MediaStorageOptions {
  /** A client the host made and owns (its checksum settings are used as they are). */
  readonly client?: S3Client;
  /**
   * Configuration of a client the storage makes and owns (closed by
   * {@link S3MediaStorage.close}). Unless it says otherwise, request and response
   * checksums are computed only where S3 requires them, which every S3-compatible
   * server understands.
   */
  readonly clientConfig?: S3ClientConfig;
  /** The bucket; it must exist. */
  readonly bucket: string;
  /** Folder inside the bucket that object keys live under (`reelkit` keeps `reelkit/<key>`). */
  readonly prefix?: string;
  /** The host URL prefix objects are served under, such as `https://api.example.com/files`. */
  readonly baseUrl: string;
  /**
   * HMAC key of the URL tokens, at least 32 bytes. Keep it stable and shared by every
   * instance: a URL handed out stays valid as long as the secret does.
   */
  readonly signingSecret: string | Uint8Array;
  /**
   * Size of each part of a streamed upload, at least {@link S3_PART_SIZE_MIN_BYTES};
   * {@link S3_PART_SIZE_BYTES_DEFAULT} when omitted. A body smaller than one part is
   * stored with a single PUT.
   */
  readonly partSizeBytes?: number;
  /**
   * Parts uploaded at once, {@link S3_PARTS_IN_FLIGHT_DEFAULT} when omitted. A put's
   * memory grows with `partsInFlight * partSizeBytes`, never with the body's size.
   */
  readonly partsInFlight?: number;
}

/** Media storage in an S3-compatible bucket. */
export interface S3MediaStorage extends MediaStorage {
  /**
   * Stores a body (whole bytes or a stream) under a key, replacing any earlier object;
   * streams are consumed once. The stored size is the count of bytes that arrived.
   */
  put(objectKey: string, body: MediaBody, options: MediaPutOptions): Promise<StoredObject>;
  /** The object opened for reading (one HEAD), or undefined when absent. */
  open(objectKey: string): Promise<StoredMediaReader | undefined>;
  /** Deletes the object; deleting an absent object is not an error. */
  delete(objectKey: string): Promise<void>;
  /** The stable host URL the object is served from (unguessable from the key). */
  urlOf(objectKey: string): string;
  /** The object key a host URL of this storage names, or undefined for any other URL. */
  objectKeyOf(url: string): string | undefined;
  /** A presigned GET of the object in the bucket, valid for `expiresInSeconds` (at most 7 days). */
  signedReadUrl(objectKey: string, options: { readonly expiresInSeconds: number }): Promise<string>;
  /**
   * A presigned PUT straight to the bucket, accepting exactly `sizeBytes` bytes of
   * `contentType` until it expires; S3 refuses any other length or type.
   */
  presignUpload(objectKey: string, options: UploadPresigning): Promise<PresignedUpload>;
  /** Closes the client if the storage made it from `clientConfig`; otherwise does nothing. */
  close(): void;
}

function ownClient(config: S3ClientConfig): S3Client {
  return new S3Client({
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...config,
  });
}

function resolveClient(options: S3MediaStorageOptions): { client: S3Client; owned: boolean } {
  if ((options.client === undefined) === (options.clientConfig === undefined)) {
    throw new TypeError("Pass exactly one of client and clientConfig.");
  }
  if (options.client !== undefined) return { client: options.client, owned: false };
  return { client: ownClient(options.clientConfig ?? {}), owned: true };
}

function checkPartOptions(partSizeBytes: number, partsInFlight: number): void {
  if (!Number.isSafeInteger(partSizeBytes) || partSizeBytes < S3_PART_SIZE_MIN_BYTES) {
    throw new RangeError(`partSizeBytes must be a whole number >= ${S3_PART_SIZE_MIN_BYTES}.`);
  }
  if (!Number.isSafeInteger(partsInFlight) || partsInFlight < 1) {
    throw new RangeError("partsInFlight must be a whole number >= 1.");
  }
}

function bucketKeyer(prefix: string | undefined): (objectKey: string) => string {
  const folder = (prefix ?? "").replace(/^\/+|\/+$/g, "");
  return (objectKey) => {
    const bucketKey = folder === "" ? objectKey : `${folder}/${objectKey}`;
    const valid =
      objectKey.length > 0 && new TextEncoder().encode(bucketKey).byteLength <= S3_KEY_MAX_BYTES;
    if (!valid) {
      throw new RangeError(`An object key is 1 to ${S3_KEY_MAX_BYTES} bytes, prefix included.`);
    }
    return bucketKey;
  };
}

interface CountedBody {
  /** The body to upload. */
  readonly body: MediaBody;
  /** Bytes read from the body so far. */
  sizeBytes(): number;
  /** The error the body's own stream failed with, if it did. */
  failure(): { readonly error: unknown } | undefined;
}

// Counts the bytes as they pass, so the stored size is what was sent, not what was
// declared, and keeps the body's own error: when a body fails, the SDK's attempt to
// abort the multipart upload may fail too and would otherwise hide the cause.
function counted(body: MediaBody): CountedBody {
  if (body instanceof Uint8Array) {
    return { body, sizeBytes: () => body.byteLength, failure: () => undefined };
  }
  const reader = body.getReader();
  let total = 0;
  let failure: { readonly error: unknown } | undefined;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await reader.read();
          if (next.done) controller.close();
          else {
            total += next.value.byteLength;
            controller.enqueue(next.value);
          }
        } catch (error) {
          failure = { error };
          controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return { body: stream, sizeBytes: () => total, failure: () => failure };
}

/**
 * Creates media storage in an S3-compatible bucket. Throws a RangeError or TypeError on
 * options that cannot work (both or neither of `client` and `clientConfig`, a secret
 * shorter than 32 bytes, a base URL that is not absolute http(s), parts below 5 MiB).
 *
 * @example
 * ```ts
 * import { createS3MediaStorage } from "reelkit/s3";
 *
 * const storage = createS3MediaStorage({
 *   clientConfig: { region: "eu-west-1" }, // credentials from the environment
 *   bucket: "acme-media",
 *   prefix: "reelkit",
 *   baseUrl: "https://api.example.com/files",
 *   signingSecret: process.env.MEDIA_URL_SECRET ?? "",
 * });
 * const stored = await storage.put("media/1/clip.mp4", fileStream, { contentType: "video/mp4" });
 * stored.url; // "https://api.example.com/files/8kq…/media/1/clip.mp4"
 * const reader = await storage.open("media/1/clip.mp4");
 * reader?.stream({ start: 0, end: 1023 }); // the first KiB, by a ranged GET
 * await storage.signedReadUrl("media/1/clip.mp4", { expiresInSeconds: 300 }); // presigned GET
 * await storage.presignUpload("uploads/1/a.png", {
 *   contentType: "image/png",
 *   sizeBytes: 48_213,
 *   expiresInSeconds: 3600,
 * }); // { method: "PUT", url: "https://acme-media.s3…", headers: { "Content-Type": "image/png" } }
 * ```
 */
export function createS3MediaStorage(options: S3MediaStorageOptions): S3MediaStorage {
  const partSizeBytes = options.partSizeBytes ?? S3_PART_SIZE_BYTES_DEFAULT;
  const partsInFlight = options.partsInFlight ?? S3_PARTS_IN_FLIGHT_DEFAULT;
  checkPartOptions(partSizeBytes, partsInFlight);
  const urls = createHostUrls(options.baseUrl, options.signingSecret);
  const { client, owned } = resolveClient(options);
  const { bucket } = options;
  const bucketKeyOf = bucketKeyer(options.prefix);
  const locate = (objectKey: string): ObjectLocation => ({
    client,
    bucket,
    bucketKey: bucketKeyOf(objectKey),
  });
  return {
    async put(objectKey, body, { contentType }) {
      const bucketKey = bucketKeyOf(objectKey);
      const source = counted(body);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: bucketKey, Body: source.body, ContentType: contentType },
        partSize: partSizeBytes,
        queueSize: partsInFlight,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        throw source.failure()?.error ?? error;
      }
      return { objectKey, url: urls.urlOf(objectKey), sizeBytes: source.sizeBytes(), contentType };
    },
    async open(objectKey) {
      return openObject(locate(objectKey));
    },
    async delete(objectKey) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: bucketKeyOf(objectKey) }));
    },
    urlOf: urls.urlOf,
    objectKeyOf: urls.objectKeyOf,
    async signedReadUrl(objectKey, { expiresInSeconds }) {
      return presignGet(locate(objectKey), expiresInSeconds);
    },
    async presignUpload(objectKey, { contentType, sizeBytes, expiresInSeconds }) {
      const url = await presignPut(locate(objectKey), { contentType, sizeBytes, expiresInSeconds });
      return { method: "PUT", url, headers: { "Content-Type": contentType } };
    },
    close() {
      if (owned) client.destroy();
    },
  };
}
