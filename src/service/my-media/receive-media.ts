/**
 * Receiving the bytes of an upload from whichever source the request names.
 *
 * @module
 */
import type { ServiceDependencies } from "../dependencies.js";
import type { Caller } from "../pipeline/authorize.js";
import type { Step } from "../pipeline/responses.js";
import { receiveInline } from "./inline-intake.js";
import { receiveMultipartFile } from "./multipart-intake.js";
import type { ReceivedMedia } from "./received-media.js";
import { receiveSourceUrl } from "./source-url-intake.js";
import type { UploadRequest } from "./upload-request.js";

/** The upload's bytes, sniffed and checked, or the 400/404 that refuses them. */
export async function receiveMedia(
  deps: ServiceDependencies,
  caller: Caller,
  upload: UploadRequest,
): Promise<Step<ReceivedMedia>> {
  const { source, contentType, mediaType } = upload;
  switch (source.kind) {
    case "inline":
      return receiveInline(source.media, contentType);
    case "multipart":
      return receiveMultipartFile(source.file, contentType);
    case "source_url":
      return receiveSourceUrl(deps, caller, source.url, { contentType, mediaType });
  }
}
