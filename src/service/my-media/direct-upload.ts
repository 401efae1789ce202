/**
 * The receiving end of a direct upload (spec 4.17 step 2): the client PUTs the raw bytes
 * to the signed URL without an API key, since the URL's signature is the permission. The
 * HTTP adapter verifies the URL first, reads the body within the signed size, then
 * stores it. Storing creates no My Media item; importing `source_url` does.
 *
 * @module
 */
import { apiError } from "../../errors/api-error.js";
import { uploadUrlError } from "../../media/media-errors.js";
import type { UploadRequestParts } from "../../media/signed-urls.js";
import type { UploadClaims } from "../../media/upload-url-claims.js";
import type { ServiceFailure, ServiceSuccess } from "../contract.js";
import type { ServiceDependencies } from "../dependencies.js";
import { failure, success } from "../pipeline/results.js";

/** Result of {@link DirectUploadReceiver.verify}. */
export type DirectUploadVerification =
  | {
      /** The URL grants the PUT. */
      readonly ok: true;
      /** What it grants: the object key, organization, content type and most bytes. */
      readonly claims: UploadClaims;
    }
  | {
      /** The PUT is refused. */
      readonly ok: false;
      /**
       * `forbidden` for an altered, forged or expired URL; `bad_request` for a wrong
       * method or type.
       */
      readonly refusal: ServiceFailure;
    };

/** Verifies and stores PUTs to signed direct-upload URLs. */
export interface DirectUploadReceiver {
  /** Checks the URL's signature and expiry, the method and the `Content-Type`. */
  verify(parts: UploadRequestParts): Promise<DirectUploadVerification>;
  /**
   * Stores the bytes under the claimed key with the claimed content type: `direct_upload`,
   * or `bad_request` for an empty body, and for more bytes than the claims allow with
   * `context.reason` `body_too_large` (413 over HTTP, as any body over its limit).
   */
  store(claims: UploadClaims, bytes: Uint8Array): Promise<ServiceSuccess | ServiceFailure>;
}

function tooLargeFailure(maxBytes: number): ServiceFailure {
  const error = apiError(
    "bad_request",
    `The upload is larger than the ${maxBytes} bytes it was prepared for.`,
    {
      context: { reason: "body_too_large", max_bytes: maxBytes },
    },
  );
  return failure(error);
}

/**
 * Creates the receiver over the ports: the signer checks URLs, media storage keeps the
 * bytes. A second PUT within the window replaces the first, so a failed upload can be
 * retried with the same URL.
 *
 * @example
 * ```ts
 * const receiver = createDirectUploadReceiver(deps);
 * const verified = await receiver.verify({ url: request.url, method: "PUT", contentType: "video/mp4" });
 * if (verified.ok) await receiver.store(verified.claims, bytes); // { kind: "ok", body: { object: "direct_upload", ... } }
 * ```
 */
export function createDirectUploadReceiver(deps: ServiceDependencies): DirectUploadReceiver {
  return {
    async verify(parts) {
      const verification = await deps.uploadUrls.verify(parts);
      if (verification.ok) return { ok: true, claims: verification.claims };
      return { ok: false, refusal: failure(uploadUrlError(verification)) };
    },
    async store(claims, bytes) {
      if (bytes.byteLength > claims.maxBytes) return tooLargeFailure(claims.maxBytes);
      if (bytes.byteLength === 0) {
        return failure(
          apiError("bad_request", "The upload has no bytes; PUT the file as the request body.", {
            context: { reason: "empty_body" },
          }),
        );
      }
      const stored = await deps.mediaStorage.put(claims.objectKey, bytes, claims.contentType);
      return success({
        object: "direct_upload",
        size_bytes: stored.sizeBytes,
        content_type: stored.contentType,
      });
    },
  };
}
