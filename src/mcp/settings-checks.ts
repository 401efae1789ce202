/**
 * Checks and defaults the MCP handler's and the authorization server's settings share.
 *
 * @module
 */

/** Parses an option that must be an absolute http(s) URL; throws a `TypeError` naming it. */
export function absoluteHttpUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${name} must be an absolute URL, got ${JSON.stringify(value)}.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new TypeError(`${name} must be an http or https URL, got ${JSON.stringify(value)}.`);
  }
  return url;
}

/** The default `onError`: logs the failed request's method and path under a prefix. */
export function logFailuresAs(prefix: string): (error: unknown, request: Request) => void {
  return (error, request) => {
    console.error(`${prefix}: ${request.method} ${new URL(request.url).pathname} failed:`, error);
  };
}
