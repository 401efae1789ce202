/**
 * Safe media input for the service: strict decoding of inline uploads, format detection
 * by magic bytes, signed direct-upload URLs, and the SSRF-safe downloader of `source_url`.
 *
 * @module
 */
export * from "./address-policy.js";
export {
  type Base64Alphabet,
  type Base64DecodeResult,
  decodeBase64,
  encodeBase64Url,
} from "./base64.js";
export * from "./byte-limit.js";
export * from "./decode-inline.js";
export * from "./http-transport.js";
export * from "./ip-address.js";
export * from "./media-errors.js";
export * from "./media-formats.js";
export * from "./media-types.js";
export {
  createHeaderMediaProber,
  HEADER_PROBER_NAME,
  type HeaderMediaProber,
} from "./probe/header-prober.js";
export { probeSourceOfBytes } from "./probe/probe-reader.js";
export * from "./safe-fetch.js";
export * from "./signed-urls.js";
export * from "./sniff.js";
export * from "./static-fetcher.js";
export * from "./stored-media-urls.js";
export {
  OBJECT_KEY_MAX_LENGTH,
  UPLOAD_SIGNATURE_BYTES,
  type UploadClaims,
} from "./upload-url-claims.js";
export * from "./url-fetcher.js";
export * from "./url-policy.js";
