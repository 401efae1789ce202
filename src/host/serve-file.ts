/**
 * Serving a stored file at `GET/HEAD /files/**`: the URL's token or signature is checked
 * by the storage, the bytes stream from it, and a single `Range` is honoured (206), as a
 * `<video>` element seeking through a long file asks for.
 *
 * @module
 */
import { apiError, errorBody } from "../errors/api-error.js";
import { jsonResponse } from "../http/responses.js";
import type { ServedMediaStorage } from "../ports/served-media-storage.js";

/** An inclusive byte range within a file. */
export interface ByteRange {
  /** First byte. */
  readonly start: number;
  /** Last byte. */
  readonly end: number;
}

/**
 * The range a `Range` header asks of a file of `sizeBytes`: `undefined` for the whole
 * file (no header, or a form this host does not serve, such as several ranges, which
 * RFC 9110 lets a server answer whole), or `unsatisfiable` when it lies past the end.
 *
 * @example
 * ```ts
 * parseRange("bytes=0-99", 1000); // { start: 0, end: 99 }
 * parseRange("bytes=-100", 1000); // { start: 900, end: 999 }
 * parseRange("bytes=2000-", 1000); // "unsatisfiable"
 * ```
 */
export function parseRange(
  header: string | null,
  sizeBytes: number,
): ByteRange | "unsatisfiable" | undefined {
  const match = header === null ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || sizeBytes === 0) return "unsatisfiable";
    return { start: Math.max(0, sizeBytes - suffix), end: sizeBytes - 1 };
  }
  const start = Number(first);
  const end = last === "" ? sizeBytes - 1 : Math.min(Number(last), sizeBytes - 1);
  if (start >= sizeBytes) return "unsatisfiable";
  return start <= end ? { start, end } : undefined;
}

function fileNotFound(): Response {
  const error = apiError("not_found", "No stored file has this URL.", {
    context: { reason: "unknown_file" },
  });
  return jsonResponse(404, errorBody(error));
}

function urlExpired(): Response {
  const error = apiError("forbidden", "This signed URL has expired; ask for a new one.", {
    context: { reason: "url_expired" },
  });
  return jsonResponse(403, errorBody(error));
}

function rangeNotSatisfiable(sizeBytes: number): Response {
  const error = apiError("bad_request", `The range lies outside the file's ${sizeBytes} bytes.`, {
    context: { reason: "range_not_satisfiable", size_bytes: sizeBytes },
  });
  const response = jsonResponse(416, errorBody(error));
  response.headers.set("content-range", `bytes */${sizeBytes}`);
  return response;
}

/**
 * Answers a read of a stored file: 200 with the whole file, 206 with one range, 404
 * (`unknown_file`) for a URL naming nothing, 403 (`url_expired`) for a signed URL past
 * its expiry, 416 for a range past the end. `url` is the request URL joined to the
 * storage's own base, so the key does not depend on the Host header sent.
 */
export async function serveStoredFile(
  storage: ServedMediaStorage,
  url: string,
  request: Request,
): Promise<Response> {
  const resolved = await storage.resolveReadUrl(url);
  if (!resolved.ok) return resolved.error === "expired" ? urlExpired() : fileNotFound();
  const stored = await storage.open(resolved.value);
  if (stored === undefined) return fileNotFound();
  const range = parseRange(request.headers.get("range"), stored.sizeBytes);
  if (range === "unsatisfiable") return rangeNotSatisfiable(stored.sizeBytes);
  const headers = new Headers({
    "content-type": stored.contentType,
    "accept-ranges": "bytes",
    // Stored types come from magic bytes; the browser must not guess another one.
    "x-content-type-options": "nosniff",
  });
  const length = range === undefined ? stored.sizeBytes : range.end - range.start + 1;
  headers.set("content-length", String(length));
  if (range !== undefined) {
    headers.set("content-range", `bytes ${range.start}-${range.end}/${stored.sizeBytes}`);
  }
  const status = range === undefined ? 200 : 206;
  // HEAD opens no stream, so no file is read for it.
  const body = request.method === "HEAD" ? null : stored.stream(range);
  return new Response(body, { status, headers });
}
