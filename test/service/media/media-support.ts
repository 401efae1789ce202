/**
 * Helpers of the My Media tests: a harness whose upload URLs are HTTPS (so the signed URL
 * can be imported as `source_url`), a handler that also serves direct uploads, the
 * media bytes of each format, and short ways to upload.
 */
import { type Clock, createUploadUrlSigner } from "reelkit";
import { createFetchHandler, type FetchHandler } from "reelkit/http";
import { bytesOf, MEDIA_FILES, SAMPLES } from "../../media/media-samples.js";
import {
  BASE_URL,
  createHarness,
  type Harness,
  type HarnessOptions,
  type HarnessResponse,
  KEYS,
  servedDocumentChecks,
} from "../support/harness.js";

/** Where the signer of these tests points: HTTPS, as `source_url` must be. */
export const UPLOAD_BASE_URL = "https://reelkit.test/v1/uploads";

/** One mebibyte. */
export const MIB = 1024 * 1024;

/** The bytes of a sample of the named format from the media primitives' tests. */
export function sample(format: string): Uint8Array {
  const found = SAMPLES.find(([name]) => name === format);
  if (found === undefined) throw new Error(`No sample ${format}`);
  return found[1];
}

/** A PNG, a JPEG, an MP4, an MP3, a WebM and a GIF: whole files, as encoders write them. */
export const BYTES = {
  png: MEDIA_FILES.png,
  jpeg: MEDIA_FILES.jpeg,
  mp4: MEDIA_FILES.mp4,
  mp3: MEDIA_FILES.mp3,
  webm: MEDIA_FILES.webm,
  gif: MEDIA_FILES.gif,
  text: bytesOf("<!doctype html><script>alert(1)</script>"),
} as const;

/** `bytes` padded with zeros to exactly `size` bytes: still sniffed as their format. */
export function padded(bytes: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const result = new Uint8Array(size);
  result.set(bytes.subarray(0, Math.min(bytes.length, size)));
  return result;
}

/** Base64 of the bytes. */
export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64");
}

/** A harness plus a handler that serves direct uploads. */
export interface MediaHarness extends Harness {
  /** The handler with `directUploads`. */
  readonly uploadHandler: FetchHandler;
  /** Sends a raw PUT (or another method) to an absolute upload URL, without an API key. */
  send(
    url: string,
    options?: { method?: string; body?: Uint8Array; contentType?: string },
  ): Promise<HarnessResponse>;
  /** POST /editor/media with a JSON body. */
  upload(body: Record<string, unknown>, key?: string): Promise<HarnessResponse>;
  /** GET /editor/media with a query string. */
  list(query?: string, key?: string): Promise<HarnessResponse>;
}

async function read(response: Response): Promise<HarnessResponse> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const isJson = response.headers.get("content-type")?.includes("json") ?? false;
  return {
    status: response.status,
    body: isJson && text !== "" ? JSON.parse(text) : text,
    bytes,
    headers: response.headers,
  };
}

/** Builds a harness whose signer is HTTPS and follows the harness clock. */
export async function createMediaHarness(options: HarnessOptions = {}): Promise<MediaHarness> {
  let harnessClock: Clock | undefined;
  const uploadUrls = createUploadUrlSigner({
    secret: "media-tests-secret-media-tests-secret-0123",
    baseUrl: UPLOAD_BASE_URL,
    clock: { now: () => harnessClock?.now() ?? 0 },
  });
  const harness = await createHarness({
    ...options,
    overrides: { uploadUrls, ...options.overrides },
  });
  harnessClock = harness.clock;
  const uploadHandler = servedDocumentChecks(
    createFetchHandler(harness.service.api, {
      directUploads: harness.service.directUploads,
      onError: (error) => harness.serverErrors.push(error),
    }),
  );
  return {
    ...harness,
    uploadHandler,
    async send(url, sendOptions = {}) {
      const headers = new Headers();
      if (sendOptions.contentType !== undefined)
        headers.set("content-type", sendOptions.contentType);
      const init: RequestInit = { method: sendOptions.method ?? "PUT", headers };
      if (sendOptions.body !== undefined) init.body = new Uint8Array(sendOptions.body);
      return read(await uploadHandler(new Request(url, init)));
    },
    upload: (body, key = KEYS.acme) => harness.call("POST", "/editor/media", { key, body }),
    list: (query = "", key = KEYS.acme) =>
      harness.call("GET", `/editor/media${query === "" ? "" : `?${query}`}`, { key }),
  };
}

/** An inline upload body of the bytes. */
export function inlineBody(
  bytes: Uint8Array,
  filename: string,
  contentType: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { media: { filename, content_type: contentType, data: base64(bytes) }, ...extra };
}

/** A multipart form with a file part and text fields. */
export function multipartForm(
  file: { bytes: Uint8Array; name: string; type: string } | undefined,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  if (file !== undefined) {
    form.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** POST /editor/media/upload-url; throws unless it answers 200. */
export async function prepareUpload(
  harness: MediaHarness,
  body: { filename: string; content_type: string; size_bytes: number },
  key: string = KEYS.acme,
) {
  const response = await harness.call("POST", "/editor/media/upload-url", { key, body });
  if (response.status !== 200)
    throw new Error(`upload-url failed: ${JSON.stringify(response.body)}`);
  return response.body as {
    object: string;
    upload: { method: string; url: string; headers: Record<string, string> };
    source_url: string;
    expires_at: string;
  };
}

/** Creates an editor project through the API and returns its id. */
export async function createProject(harness: Harness, key: string = KEYS.acme): Promise<number> {
  const response = await harness.call("POST", "/editor/videos", { key, body: { title: "Launch" } });
  if (response.status !== 200) throw new Error(`create failed: ${JSON.stringify(response.body)}`);
  return response.body.video.id as number;
}

export { BASE_URL, KEYS };
