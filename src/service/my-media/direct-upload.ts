/**
 * The receiving end of a direct upload (spec 4.17 step 2): the client PUTs the raw bytes
 * to the signed URL without an API key, since the URL's signature is the permission. The
 * HTTP adapter verifies the URL first, then the body streams into storage within the
 * signed size, so a large video is never held whole. Storing creates no My Media item;
 * importing `source_url` does.
 *
 * @module
 */
import { apiError } from "../../errors/api-error.js";
import { streamOfBody } from "../../media/byte-streams.js";
import { LimitedBodyError, type LimitedBodyFailure, limitBody } from "../../media/limited-body.js";
import { uploadUrlError } from "../../media/media-errors.js";
import type { UploadRequestParts } from "../../media/signed-urls.js";
import type { UploadClaims } from "../../media/upload-url-claims.js";
import type { ServiceFailure, ServiceSuccess } from "../../ports/contract.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { MediaBody } from "../../ports/media-storage.js";
import { err, ok, type Result } from "../../result.js";
import { failure, success } from "../pipeline/results.js";

/**
 * Result of {@link DirectUploadReceiver.verify}: what the URL grants (the object key,
 * organization, content type and most bytes), or the refusal of the PUT: `forbidden` for
 * an altered, forged or expired URL, `bad_request` for a wrong method or type.
 */
export type DirectUploadVerification = Result<UploadClaims, ServiceFailure>;

/** Verifies and stores PUTs to signed direct-upload URLs. */
export interface DirectUploadReceiver {
  /** Checks the URL's signature and expiry, the method and the `Content-Type`. */
  verify(parts: UploadRequestParts): Promise<DirectUploadVerification>;
  /**
   * Streams the body into storage under the claimed key with the claimed content type:
   * `direct_upload`, or `bad_request` with nothing stored for an empty body
   * (`empty_body`), a body that fails mid-way (`body_unreadable`), and the first byte
   * more than the claims allow (`body_too_large`, 413 over HTTP, as any body over its
   * limit).
   */
  store(claims: UploadClaims, body: MediaBody): Promise<ServiceSuccess | ServiceFailure>;
}

const BODY_FAILURE_MESSAGES: Readonly<Record<LimitedBodyFailure, (maxBytes: number) => string>> = {
  too_large: (maxBytes) => `The upload is larger than the ${maxBytes} bytes it was prepared for.`,
  empty: () => "The upload has no bytes; PUT the file as the request body.",
  unreadable: () => "The upload could not be read to its end; PUT the file again.",
};

// `body_too_large` is a 413 over HTTP, as any body over its limit; the others are 400s.
const BODY_FAILURE_REASONS: Readonly<Record<LimitedBodyFailure, string>> = {
  too_large: "body_too_large",
  empty: "empty_body",
  unreadable: "body_unreadable",
};

function bodyFailure(kind: LimitedBodyFailure, maxBytes: number): ServiceFailure {
  const reason = BODY_FAILURE_REASONS[kind];
  const context = kind === "too_large" ? { reason, max_bytes: maxBytes } : { reason };
  return failure(apiError("bad_request", BODY_FAILURE_MESSAGES[kind](maxBytes), { context }));
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
 * if (verified.ok) await receiver.store(verified.value, request.body); // { kind: "ok", body: { object: "direct_upload", ... } }
 * ```
 */
export function createDirectUploadReceiver(deps: ServiceDependencies): DirectUploadReceiver {
  return {
    async verify(parts) {
      const verification = await deps.uploadUrls.verify(parts);
      if (verification.ok) return ok(verification.value);
      return err(failure(uploadUrlError(verification.error)));
    },
    async store(claims, body) {
      const limited = limitBody(streamOfBody(body), claims.maxBytes);
      try {
        const stored = await deps.mediaStorage.put(claims.objectKey, limited, {
          contentType: claims.contentType,
        });
        return success({
          object: "direct_upload",
          size_bytes: stored.sizeBytes,
          content_type: stored.contentType,
        });
      } catch (error) {
        if (error instanceof LimitedBodyError) return bodyFailure(error.failure, claims.maxBytes);
        throw error;
      }
    },
  };
}
