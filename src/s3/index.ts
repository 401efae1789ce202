/**
 * reelkit/s3: media storage in an S3-compatible bucket, for hosts that run more than one
 * instance or keep more media than a disk should.
 *
 * - {@link createS3MediaStorage}: streamed puts (multipart above one part), reads by
 *   HEAD and ranged GET, deletes, presigned read URLs, and presigned direct uploads
 *   bound to the declared type and exact size (spec 4.17), so upload bytes go straight
 *   to the bucket.
 * - Objects are served from stable host URLs with a token derived from the key under a
 *   shared secret: every instance computes the same URL, nobody can guess it from the
 *   key, and the host may answer it with a redirect to a presigned GET.
 *
 * The AWS SDK v3 packages `@aws-sdk/client-s3`, `@aws-sdk/s3-request-presigner` and
 * `@aws-sdk/lib-storage` are optional peer dependencies: install them to use this entry.
 * The URL tokens use `node:crypto` (Node, Bun, Deno, and Workers with `nodejs_compat`).
 *
 * @packageDocumentation
 */
export { S3_URL_TOKEN_BYTES } from "./host-urls.js";
export { S3_DEFAULT_CONTENT_TYPE } from "./object-reader.js";
export { S3_PRESIGN_MAX_SECONDS, S3_SINGLE_PUT_MAX_BYTES } from "./presign.js";
export {
  createS3MediaStorage,
  S3_KEY_MAX_BYTES,
  S3_PART_SIZE_BYTES_DEFAULT,
  S3_PART_SIZE_MIN_BYTES,
  S3_PARTS_IN_FLIGHT_DEFAULT,
  type S3MediaStorage,
  type S3MediaStorageOptions,
} from "./s3-media-storage.js";
