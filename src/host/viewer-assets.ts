/**
 * The timeline viewer: a few static files (`viewer/index.html`, one ES module, one style
 * sheet, an icon) that the host serves at `/` to browsers, under {@link VIEWER_PATH} and
 * at {@link FAVICON_PATH}. The page is a client of the public REST API like any other;
 * the host only hands out its files, with a Content-Security-Policy that lets them talk
 * to this origin and nothing else.
 *
 * @module
 */
import { readFile } from "node:fs/promises";
import Negotiator from "negotiator";

/** Where the viewer's script and style sheet are served. */
export const VIEWER_PATH = "/viewer";

/** Where the viewer's icon is served: the path browsers ask for when a page names none. */
export const FAVICON_PATH = "/favicon.ico";

/** The viewer's files, read once when the host starts. */
export interface ViewerAssets {
  /** The page served at `/` to clients that prefer HTML. */
  readonly page: Uint8Array;
  /** The files under {@link VIEWER_PATH}, by their path (such as `/viewer/viewer.js`). */
  readonly files: ReadonlyMap<string, ViewerFile>;
  /** The icon served at {@link FAVICON_PATH}: an SVG drawing of a timeline. */
  readonly icon: ViewerFile;
}

/** One static file of the viewer. */
export interface ViewerFile {
  /** The `Content-Type` it is served with. */
  readonly contentType: string;
  /** Its bytes. */
  readonly bytes: Uint8Array;
}

const PAGE_TYPE = "text/html; charset=utf-8";
const SERVED_FILES: readonly { readonly name: string; readonly contentType: string }[] = [
  { name: "viewer.js", contentType: "text/javascript; charset=utf-8" },
  { name: "viewer.css", contentType: "text/css; charset=utf-8" },
];
const ICON = { name: "favicon.svg", contentType: "image/svg+xml" } as const;
const NEGOTIATED_TYPES = ["application/json", "text/html"];
const VIEWER_DIRECTORY = new URL("./viewer/", import.meta.url);

/**
 * Reads the viewer's files from the `viewer/` folder next to this module, where
 * `npm start` (which runs the host from `src/` with tsx) finds them.
 *
 * @example
 * ```ts
 * const viewer = await loadViewerAssets();
 * const handler = createHostHandler({ api, mcp, storage, origin, viewer });
 * ```
 */
export async function loadViewerAssets(directory: URL = VIEWER_DIRECTORY): Promise<ViewerAssets> {
  const page = await readFile(new URL("index.html", directory));
  const files = new Map<string, ViewerFile>();
  for (const { name, contentType } of SERVED_FILES) {
    const bytes = await readFile(new URL(name, directory));
    files.set(`${VIEWER_PATH}/${name}`, { contentType, bytes: new Uint8Array(bytes) });
  }
  const icon = new Uint8Array(await readFile(new URL(ICON.name, directory)));
  return {
    page: new Uint8Array(page),
    files,
    icon: { contentType: ICON.contentType, bytes: icon },
  };
}

/**
 * The policy of the page: its own script and style sheet only, no inline code, API calls
 * and media from this origin (and the origin the host writes into file URLs, which
 * differs when the page is opened as `localhost` and the host names itself by address),
 * frame previews as `blob:` images, no framing, no form posts.
 */
export function viewerContentSecurityPolicy(origin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${origin}`,
    `img-src 'self' blob: ${origin}`,
    `media-src 'self' ${origin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Whether a request for `/` should get the page rather than the JSON index: only when
 * its `Accept` ranks `text/html` above `application/json`, as a browser's does. A missing
 * header, `*\/*` (curl, fetch) or `application/json` keep the JSON index that existing
 * clients read.
 */
export function prefersHtml(request: Request): boolean {
  const accept = request.headers.get("accept");
  if (accept === null) return false;
  // A tie goes to the first of the offered types, so JSON wins unless HTML ranks higher.
  return new Negotiator({ headers: { accept } }).mediaType(NEGOTIATED_TYPES) === "text/html";
}

function headersOf(contentType: string, length: number): Record<string, string> {
  return {
    "content-type": contentType,
    "content-length": String(length),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    // The files change with the host's version; a browser revalidates instead of guessing.
    "cache-control": "no-cache",
  };
}

/** The page, with its policy; `Vary: Accept` because `/` also answers JSON. */
export function viewerPageResponse(viewer: ViewerAssets, origin: string, method: string): Response {
  const headers = {
    ...headersOf(PAGE_TYPE, viewer.page.byteLength),
    "content-security-policy": viewerContentSecurityPolicy(origin),
    vary: "Accept",
  };
  return new Response(method === "HEAD" ? null : viewer.page.slice(), { status: 200, headers });
}

/**
 * The icon, with the caching of the other files and the page's policy: an SVG opened on
 * its own is a document, and may then run nothing and load nothing.
 */
export function viewerIconResponse(viewer: ViewerAssets, origin: string, method: string): Response {
  const { contentType, bytes } = viewer.icon;
  const headers = {
    ...headersOf(contentType, bytes.byteLength),
    "content-security-policy": viewerContentSecurityPolicy(origin),
  };
  return new Response(method === "HEAD" ? null : bytes.slice(), { status: 200, headers });
}

/** One of the viewer's files, or undefined when the path names none. */
export function viewerFileResponse(
  viewer: ViewerAssets,
  pathname: string,
  method: string,
): Response | undefined {
  const file = viewer.files.get(pathname);
  if (file === undefined) return undefined;
  const headers = headersOf(file.contentType, file.bytes.byteLength);
  return new Response(method === "HEAD" ? null : file.bytes.slice(), { status: 200, headers });
}
