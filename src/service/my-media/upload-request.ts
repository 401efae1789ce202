/**
 * POST /editor/media arrives as JSON (an inline file or a `source_url`) or as multipart
 * (a `file` part). Both are parsed with their schemas and brought to one shape, so the
 * rest of the upload does not care how the request was sent.
 *
 * @module
 */

import { fieldRefusal } from "../../errors/validation.js";
import type { ServiceRequest, UploadedFile } from "../../ports/contract.js";
import {
  type InlineMedia,
  type Placement,
  uploadMediaMultipartFieldsSchema,
  uploadMediaRequestSchema,
} from "../../schemas/media.js";
import { parseInput } from "../pipeline/input.js";
import { halt, proceed, type Step } from "../pipeline/results.js";

/** Where the bytes of an upload come from: exactly one source per request. */
export type UploadSource =
  | { readonly kind: "inline"; readonly media: InlineMedia }
  | { readonly kind: "multipart"; readonly file: UploadedFile }
  | { readonly kind: "source_url"; readonly url: string };

/** The editor project an upload is also added to, and where on its timeline. */
export interface EditorTarget {
  /** The editor video id. */
  readonly videoId: number;
  /** The placement; the engine's defaults apply when omitted. */
  readonly placement: Placement | undefined;
}

/** A parsed upload, whichever way it was sent. */
export interface UploadRequest {
  /** The one source of the bytes. */
  readonly source: UploadSource;
  /** File name to store, overriding the source's own. */
  readonly filename: string | undefined;
  /** MIME type the client declared besides the source's own label (a hint for imports). */
  readonly contentType: string | undefined;
  /** The media type the client asked for; inferred from the bytes when undefined. */
  readonly mediaType: "image" | "video" | "audio" | undefined;
  /** Display title. */
  readonly title: string | undefined;
  /** `preserve_original` of a `source_url` import. */
  readonly preserveOriginal: boolean | undefined;
  /** Set when `add_to_editor` is true. */
  readonly editorTarget: EditorTarget | undefined;
}

function editorTargetOf(
  addToEditor: boolean,
  videoId: number | undefined,
  placement: Placement | undefined,
): EditorTarget | undefined {
  // The schemas refuse add_to_editor without video_id, so a missing id means "do not add".
  return addToEditor && videoId !== undefined ? { videoId, placement } : undefined;
}

function parseJsonUpload(request: ServiceRequest): Step<UploadRequest> {
  const parsed = parseInput(uploadMediaRequestSchema, request.body, "body");
  if (!parsed.ok) return parsed;
  const body = parsed.value;
  const source: UploadSource =
    body.media === undefined
      ? { kind: "source_url", url: body.source_url ?? "" }
      : { kind: "inline", media: body.media };
  return proceed({
    source,
    filename: body.filename,
    contentType: body.content_type,
    mediaType: body.media_type,
    title: body.title,
    preserveOriginal: body.preserve_original,
    editorTarget: editorTargetOf(body.add_to_editor, body.video_id, body.placement),
  });
}

function parseMultipartUpload(request: ServiceRequest): Step<UploadRequest> {
  const parsed = parseInput(uploadMediaMultipartFieldsSchema, request.body ?? {}, "body");
  if (!parsed.ok) return parsed;
  const file = request.files?.file;
  if (file === undefined) {
    return halt(
      fieldRefusal({
        field: "file",
        reason: "missing_file",
        message: "A multipart upload needs a file part named file.",
      }),
    );
  }
  const fields = parsed.value;
  return proceed({
    source: { kind: "multipart", file },
    filename: fields.filename,
    contentType: fields.content_type,
    mediaType: fields.media_type,
    title: fields.title,
    preserveOriginal: undefined,
    editorTarget: editorTargetOf(fields.add_to_editor, fields.video_id, fields.placement),
  });
}

/** Parses the body of POST /editor/media by how it arrived; 400 listing bad fields. */
export function parseUploadRequest(request: ServiceRequest): Step<UploadRequest> {
  return request.bodyFormat === "multipart"
    ? parseMultipartUpload(request)
    : parseJsonUpload(request);
}
