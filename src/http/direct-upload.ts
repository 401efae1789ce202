/**
 * The HTTP end of direct uploads (spec 4.17): `PUT {basePath}/uploads?...` carries the
 * raw file bytes to a signed URL, without an API key. The URL is verified before a
 * single byte is read, and the body is read within the size the URL was signed for.
 *
 * @module
 */
import type { DirectUploadReceiver } from "../service/my-media/direct-upload.js";
import { bodyTooLarge, declaredBodyLength } from "./read-body.js";
import { rejectionResponse, toHttpResponse } from "./responses.js";

/** Path of the upload endpoint under the base path; the signer's base URL points here. */
export const DIRECT_UPLOAD_PATH = "/uploads";

const ALLOWED_METHODS = ["PUT", "OPTIONS"];
const ALLOW_HEADER = { allow: ALLOWED_METHODS.join(", ") };

/**
 * True for `{basePath}/uploads` and any path below it. Only the query of an upload URL
 * is signed, so a host may point its signer at a deeper path.
 */
export function isDirectUploadPath(basePath: string, pathname: string): boolean {
  const root = `${basePath}${DIRECT_UPLOAD_PATH}`;
  return pathname === root || pathname.startsWith(`${root}/`);
}

/**
 * Serves a request on the upload path: `PUT` is verified (403 for an altered or expired
 * URL, 400 for a wrong `Content-Type`) and streamed into storage up to the signed size
 * (413 past it: by `Content-Length` before reading, else counted while streaming, and
 * nothing stored); `OPTIONS` answers 204 with `Allow`; any other method 405.
 */
export async function answerDirectUpload(
  receiver: DirectUploadReceiver,
  request: Request,
): Promise<Response> {
  if (request.method === "OPTIONS")
    return new Response(null, { status: 204, headers: ALLOW_HEADER });
  if (request.method !== "PUT") {
    return rejectionResponse(
      {
        reason: "method_not_allowed",
        message: `The upload URL does not serve ${request.method}; send the file with PUT.`,
        details: { allowed_methods: ALLOWED_METHODS },
      },
      ALLOW_HEADER,
    );
  }
  const verified = await receiver.verify({
    url: request.url,
    method: request.method,
    contentType: request.headers.get("content-type"),
  });
  if (!verified.ok) {
    // Nothing of a refused upload is read.
    await request.body?.cancel().catch(() => undefined);
    return toHttpResponse(verified.error, false);
  }
  const claims = verified.value;
  const declared = declaredBodyLength(request);
  if (declared !== undefined && declared > claims.maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return rejectionResponse(bodyTooLarge(claims.maxBytes));
  }
  const body = request.body ?? new Uint8Array(0);
  return toHttpResponse(await receiver.store(claims, body), false);
}
