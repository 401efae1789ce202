/**
 * Presigned GET and PUT URLs through `@aws-sdk/s3-request-presigner`, with the two
 * corrections a direct upload needs:
 *
 * - `Content-Type` is signed. The presigner leaves it unsigned by default, so a URL
 *   prepared for `image/png` would accept any type; signing it (and `Content-Length`,
 *   which the SDK signs once `ContentLength` is given) binds the upload to what was
 *   declared, and S3 refuses a PUT whose headers differ.
 * - No checksum is signed. Since 3.729 the SDK computes a CRC32 of the request body by
 *   default (`requestChecksumCalculation: "WHEN_SUPPORTED"`); a presigned PUT has no body
 *   yet, so the URL would carry the checksum of zero bytes and every real upload through
 *   it would fail. The checksum headers (and a GET's `x-amz-checksum-mode`) are dropped
 *   from the request before it is signed, whatever the client's setting, so a URL reads
 *   or writes the same with every client.
 *
 * @module
 */

import { GetObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";

/** Longest a SigV4 presigned URL may live: seven days. */
export const S3_PRESIGN_MAX_SECONDS = 604_800;

/** Largest object a single presigned PUT may carry: 5 GiB, S3's bound on one PutObject. */
export const S3_SINGLE_PUT_MAX_BYTES = 5 * 1024 ** 3;

const SIGNED_CONTENT_TYPE = new Set(["content-type"]);

function isChecksumHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("x-amz-checksum-") || lower === "x-amz-sdk-checksum-algorithm";
}

function dropChecksumHeaders(request: unknown): void {
  const headers = (request as { headers?: Record<string, string> }).headers ?? {};
  for (const name of Object.keys(headers)) {
    if (isChecksumHeader(name)) delete headers[name];
  }
}

// A build-step middleware: after the SDK's checksum middleware, before the presigner signs.
function withoutChecksums<Args extends { readonly request: unknown }, Result>(
  next: (args: Args) => Promise<Result>,
): (args: Args) => Promise<Result> {
  return async (args) => {
    dropChecksumHeaders(args.request);
    return next(args);
  };
}

const WITHOUT_CHECKSUMS = {
  step: "build",
  priority: "low",
  name: "reelkitWithoutChecksumHeaders",
} as const;

function checkExpiry(expiresInSeconds: number): void {
  const valid =
    Number.isSafeInteger(expiresInSeconds) &&
    expiresInSeconds > 0 &&
    expiresInSeconds <= S3_PRESIGN_MAX_SECONDS;
  if (!valid) {
    throw new RangeError(
      `A presigned URL lives 1 to ${S3_PRESIGN_MAX_SECONDS} whole seconds, not ${expiresInSeconds}.`,
    );
  }
}

/** Where a presigned request points: bucket and full bucket key. */
export interface PresignTarget {
  /** The client whose credentials and endpoint sign the URL. */
  readonly client: S3Client;
  /** The bucket. */
  readonly bucket: string;
  /** The key in the bucket, prefix included. */
  readonly bucketKey: string;
}

/** A presigned GET of the object, valid for `expiresInSeconds`. */
export function presignGet(target: PresignTarget, expiresInSeconds: number): Promise<string> {
  checkExpiry(expiresInSeconds);
  const command = new GetObjectCommand({ Bucket: target.bucket, Key: target.bucketKey });
  command.middlewareStack.add(withoutChecksums, WITHOUT_CHECKSUMS);
  return getSignedUrl(target.client, command, { expiresIn: expiresInSeconds });
}

/** What a presigned PUT allows. */
export interface PutGrant {
  /** The exact `Content-Type` the PUT must send. */
  readonly contentType: string;
  /** The exact size of the body. */
  readonly sizeBytes: number;
  /** How long the URL accepts the PUT. */
  readonly expiresInSeconds: number;
}

/**
 * A presigned PUT bound to one content type and one exact length. Throws a RangeError
 * on a size outside 1 to {@link S3_SINGLE_PUT_MAX_BYTES} or a lifetime outside 1 to
 * {@link S3_PRESIGN_MAX_SECONDS} seconds.
 */
export function presignPut(target: PresignTarget, grant: PutGrant): Promise<string> {
  checkExpiry(grant.expiresInSeconds);
  const { sizeBytes } = grant;
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes <= 0 || sizeBytes > S3_SINGLE_PUT_MAX_BYTES) {
    throw new RangeError(
      `A presigned upload carries 1 to ${S3_SINGLE_PUT_MAX_BYTES} bytes, not ${sizeBytes}.`,
    );
  }
  const command = new PutObjectCommand({
    Bucket: target.bucket,
    Key: target.bucketKey,
    ContentType: grant.contentType,
    ContentLength: sizeBytes,
  });
  command.middlewareStack.add(withoutChecksums, WITHOUT_CHECKSUMS);
  return getSignedUrl(target.client, command, {
    expiresIn: grant.expiresInSeconds,
    signableHeaders: SIGNED_CONTENT_TYPE,
  });
}
