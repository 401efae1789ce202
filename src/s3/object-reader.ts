/**
 * Reading a stored object: one HEAD for its metadata when it is opened, then one ranged
 * GET per stream, sent only when the stream is first read. Each GET carries the ETag the
 * HEAD saw (`If-Match`), so the bytes always belong to the metadata the reader reported:
 * an object replaced or deleted after it was opened errors the stream instead of mixing
 * two versions.
 *
 * @module
 */

import { GetObjectCommand, HeadObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import type { StoredMediaReader } from "../ports/media-storage.js";

/** Media type reported for an object stored without one. */
export const S3_DEFAULT_CONTENT_TYPE = "application/octet-stream";

/** One object in one bucket. */
export interface ObjectLocation {
  /** The client that reads it. */
  readonly client: S3Client;
  /** The bucket. */
  readonly bucket: string;
  /** The key in the bucket, prefix included. */
  readonly bucketKey: string;
}

/** An inclusive byte range. */
export interface ByteRange {
  /** First byte, from 0. */
  readonly start: number;
  /** Last byte, inclusive. */
  readonly end: number;
}

/** True when an S3 error says the object (or bucket) does not exist. */
export function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
  return status === 404;
}

function isPreconditionFailed(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
  return status === 412;
}

function checkRange(range: ByteRange): void {
  const valid =
    Number.isSafeInteger(range.start) &&
    Number.isSafeInteger(range.end) &&
    range.start >= 0 &&
    range.end >= range.start;
  if (!valid) {
    throw new RangeError(
      `A byte range needs whole numbers 0 <= start <= end, not ${range.start}-${range.end}.`,
    );
  }
}

function emptyStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.close();
    },
  });
}

// The request goes out on the first read, so a stream made and never read costs nothing.
function lazyStream(open: () => Promise<ReadableStream<Uint8Array>>): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= (await open()).getReader();
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel(reason) {
        await reader?.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

function readFailure(location: ObjectLocation, error: unknown): Error {
  if (isNotFound(error)) {
    return new Error(`The object ${location.bucketKey} was deleted after it was opened.`, {
      cause: error,
    });
  }
  if (isPreconditionFailed(error)) {
    return new Error(`The object ${location.bucketKey} was replaced after it was opened.`, {
      cause: error,
    });
  }
  return new Error(`Reading the object ${location.bucketKey} failed.`, { cause: error });
}

async function getBytes(
  location: ObjectLocation,
  eTag: string | undefined,
  range: ByteRange | undefined,
): Promise<ReadableStream<Uint8Array>> {
  const command = new GetObjectCommand({
    Bucket: location.bucket,
    Key: location.bucketKey,
    IfMatch: eTag,
    Range: range === undefined ? undefined : `bytes=${range.start}-${range.end}`,
  });
  try {
    const response = await location.client.send(command);
    return response.Body?.transformToWebStream() ?? emptyStream();
  } catch (error) {
    throw readFailure(location, error);
  }
}

/** Opens the object: its metadata by HEAD, or undefined when there is no such object. */
export async function openObject(location: ObjectLocation): Promise<StoredMediaReader | undefined> {
  const head = await location.client
    .send(new HeadObjectCommand({ Bucket: location.bucket, Key: location.bucketKey }))
    .catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
  if (head === undefined) return undefined;
  const sizeBytes = head.ContentLength ?? 0;
  return {
    contentType: head.ContentType ?? S3_DEFAULT_CONTENT_TYPE,
    sizeBytes,
    stream(range) {
      if (range === undefined) return lazyStream(() => getBytes(location, head.ETag, undefined));
      checkRange(range);
      // As slicing whole bytes would: a range past the end is cut to the end, or empty.
      if (range.start >= sizeBytes) return emptyStream();
      const end = Math.min(range.end, sizeBytes - 1);
      return lazyStream(() => getBytes(location, head.ETag, { start: range.start, end }));
    },
  };
}
