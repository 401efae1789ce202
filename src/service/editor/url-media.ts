/**
 * Media placed on a timeline by a direct `url` (spec 4.18) is read and probed before it
 * is placed, as an upload is: a file in this service's own media storage is opened
 * there, any other URL is downloaded through the SSRF-safe fetcher within the import
 * size limit of its kind. Media the service cannot read is refused, since a render could
 * not read it either: 400 on `url` when reading again would fail the same way, a
 * retryable 500 when it may pass (a timeout, a source answering 5xx). What the probe
 * found (length, size, streams) goes on the asset, so the item ends where its media ends.
 *
 * @module
 */
import type { MediaToPlace } from "../../editor/media.js";
import { fieldRefusal } from "../../errors/validation.js";
import { readHeadBytes } from "../../media/byte-streams.js";
import { fetchRefusalError } from "../../media/media-errors.js";
import type { MediaKind } from "../../media/media-types.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { ProbeSource } from "../../ports/media-prober.js";
import type { AddEditorMediaRequest } from "../../schemas/media.js";
import { kindFromExtension } from "../my-media/media-kind.js";
import { probeMetadata } from "../my-media/media-record.js";
import { type ProbedFile, probeReceivedFile } from "../my-media/probe-media.js";
import { checkImportSize, checkMediaBytes, SNIFF_HEAD_BYTES } from "../my-media/received-media.js";
import { checkNamedKinds, resolveMediaType } from "../my-media/store-media.js";
import { halt, proceed, type Step } from "../pipeline/results.js";

const FIELD = "url";

interface UrlBytes {
  /** The whole file, or the stored object read by ranges. */
  readonly content: Uint8Array | ProbeSource;
  /** Its first bytes, for sniffing. */
  readonly head: Uint8Array;
  readonly sizeBytes: number;
}

// The kind the request expects, which picks the download's size limit.
function expectedKind(body: AddEditorMediaRequest, url: string): MediaKind | undefined {
  if (body.media_type !== undefined) return body.media_type === "voice" ? "audio" : body.media_type;
  const named = kindFromExtension([body.filename, url]);
  return named === "gif" ? "image" : named === "voice" ? "audio" : named;
}

async function readUrl(
  deps: ServiceDependencies,
  url: string,
  kind: MediaKind | undefined,
): Promise<Step<UrlBytes>> {
  const objectKey = deps.mediaStorage.objectKeyOf?.(url);
  if (objectKey !== undefined) {
    const stored = await deps.mediaStorage.open(objectKey);
    if (stored === undefined) {
      return halt(
        fieldRefusal({
          field: FIELD,
          reason: "unknown_file",
          message: `No stored file has the URL ${url}.`,
        }),
      );
    }
    const end = Math.min(stored.sizeBytes, SNIFF_HEAD_BYTES) - 1;
    const head =
      end < 0 ? new Uint8Array(0) : await readHeadBytes(stored.stream({ start: 0, end }), end + 1);
    return proceed({ content: stored, head, sizeBytes: stored.sizeBytes });
  }
  const fetched = await deps.urlFetcher.fetch(url, kind === undefined ? {} : { kind });
  if (!fetched.ok) return halt(fetchRefusalError(fetched.error, FIELD));
  const { bytes } = fetched.value;
  return proceed({ content: bytes, head: bytes, sizeBytes: bytes.byteLength });
}

/**
 * Reads and probes the media at `url` for POST /editor/videos/{id}/media, and resolves
 * what it places: the kind (`media_type` when the bytes allow it, else what they are, a
 * GIF playing as a `gif` item), its length and size as probed (the body's `width` and
 * `height` only fill what the file does not tell), and its facts as asset metadata.
 */
export async function readUrlMedia(
  deps: ServiceDependencies,
  body: AddEditorMediaRequest,
  url: string,
): Promise<Step<MediaToPlace>> {
  const read = await readUrl(deps, url, expectedKind(body, url));
  if (!read.ok) return read;
  const sniffed = checkMediaBytes(read.value.head, FIELD, []);
  if (!sniffed.ok) return sniffed;
  const sized = checkImportSize(read.value.sizeBytes, sniffed.value, FIELD);
  if (!sized.ok) return sized;
  const probed = await probeReceivedFile(deps, {
    content: read.value.content,
    sniffed: sniffed.value,
    field: FIELD,
  });
  if (!probed.ok) return probed;
  const media = { sniffed: sniffed.value, probe: probed.value.probe };
  const named = checkNamedKinds(
    [
      { field: "filename", name: body.filename },
      { field: FIELD, name: url },
    ],
    media,
  );
  if (!named.ok) return named;
  const mediaType = resolveMediaType(body.media_type, undefined, media);
  if (!mediaType.ok) return mediaType;
  return proceed(
    placedMedia({
      body,
      url,
      mediaType: mediaType.value,
      probed: probed.value,
      sizeBytes: read.value.sizeBytes,
      sniffed: sniffed.value,
    }),
  );
}

interface PlacedFacts {
  readonly body: AddEditorMediaRequest;
  readonly url: string;
  readonly mediaType: MediaToPlace["kind"];
  readonly probed: ProbedFile;
  readonly sizeBytes: number;
  readonly sniffed: { readonly format: string; readonly mimeType: string };
}

function placedMedia({
  body,
  url,
  mediaType,
  probed,
  sizeBytes,
  sniffed,
}: PlacedFacts): MediaToPlace {
  const { probe } = probed;
  return {
    kind: mediaType === "image" && sniffed.format === "gif" ? "gif" : mediaType,
    url,
    name: body.filename ?? null,
    durationSeconds: probe.durationSeconds,
    width: probe.width ?? body.width ?? null,
    height: probe.height ?? body.height ?? null,
    mediaId: null,
    metadata: {
      content_type: sniffed.mimeType,
      size_bytes: sizeBytes,
      format: sniffed.format,
      ...probeMetadata(probe, probed.proberName),
    },
  };
}
