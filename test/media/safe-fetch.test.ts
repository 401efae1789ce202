import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostResolver, type HttpTransport, MAX_REDIRECTS } from "../../src/media/index.js";
import { createNodeUrlFetcher, type NodeUrlFetcherOptions } from "../../src/node/index.js";
import { IMAGE_AUDIO_IMPORT_MAX_BYTES } from "../../src/schemas/limits.js";
import { type LocalServer, startHttpServer, startRawServer } from "./local-server.js";
import { PNG_BYTES } from "./media-samples.js";

const LIMIT = 1000;
const MEDIA_HOST = "media.test";
let server: LocalServer;
let streamClosed: Promise<number>;
let markStreamClosed: (bytesWritten: number) => void;

const resolveTestHosts: HostResolver = async (hostname) => {
  if (hostname === MEDIA_HOST) return ["127.0.0.1"];
  if (hostname === "internal.test") return ["10.0.0.8"];
  throw new Error(`ENOTFOUND ${hostname}`);
};

// The guard stays on for everything but this machine's loopback and plain http.
const LOCAL_TEST_OPTIONS: NodeUrlFetcherOptions = {
  dangerouslyAllowHttp: true,
  dangerouslyAllowLoopback: true,
  resolveHost: resolveTestHosts,
};

function fetcher(options: NodeUrlFetcherOptions = {}) {
  return createNodeUrlFetcher({ ...LOCAL_TEST_OPTIONS, ...options });
}

const url = (path: string) => `http://${MEDIA_HOST}:${server.port}${path}`;

function sendBytes(size: number, chunked: boolean, contentType = "application/octet-stream") {
  return (_request: unknown, response: import("node:http").ServerResponse) => {
    const headers: Record<string, string | number> = { "content-type": contentType };
    if (!chunked) headers["content-length"] = size;
    response.writeHead(200, headers);
    response.end(Buffer.alloc(size, 1));
  };
}

function redirectTo(location: string | (() => string), status = 302) {
  return (_request: unknown, response: import("node:http").ServerResponse) => {
    response
      .writeHead(status, { location: typeof location === "string" ? location : location() })
      .end();
  };
}

beforeAll(async () => {
  streamClosed = new Promise((resolve) => {
    markStreamClosed = resolve;
  });
  server = await startHttpServer({
    "/image.png": (_request, response) => {
      response.writeHead(200, { "content-type": "image/png", "content-length": PNG_BYTES.length });
      response.end(PNG_BYTES);
    },
    "/exact": sendBytes(LIMIT, false),
    "/over": sendBytes(LIMIT + 1, false),
    "/exact-chunked": sendBytes(LIMIT, true),
    "/over-chunked": sendBytes(LIMIT + 1, true),
    "/audio": sendBytes(10, false, "audio/mpeg"),
    "/endless": (_request, response) => {
      response.writeHead(200, { "content-type": "video/mp4" });
      let written = 0;
      const timer = setInterval(() => {
        response.write(Buffer.alloc(16 * 1024, 2));
        written += 16 * 1024;
      }, 5);
      response.on("close", () => {
        clearInterval(timer);
        markStreamClosed(written);
      });
    },
    "/html": (_request, response) =>
      response.writeHead(200, { "content-type": "text/html" }).end("<html>"),
    "/gzip": (_request, response) =>
      response.writeHead(200, { "content-type": "image/png", "content-encoding": "gzip" }).end("x"),
    "/no-type": (_request, response) => response.writeHead(200).end("abc"),
    "/missing": (_request, response) => response.writeHead(404).end("not here"),
    "/broken": (_request, response) => response.writeHead(503).end(),
    "/redirect-once": redirectTo("/image.png"),
    "/redirect-absolute": redirectTo(() => url("/image.png"), 301),
    "/hop-1": redirectTo("/hop-2", 307),
    "/hop-2": redirectTo("/hop-3", 308),
    "/hop-3": redirectTo("/image.png", 303),
    "/hop-0": redirectTo("/hop-1"),
    "/loop": redirectTo("/loop"),
    "/to-metadata": redirectTo("http://169.254.169.254/latest/meta-data/iam"),
    "/to-metadata-https": redirectTo("https://169.254.169.254/latest/meta-data/iam"),
    "/to-private": redirectTo("http://192.168.1.1/admin"),
    "/to-mapped": redirectTo("http://[::ffff:10.0.0.1]/"),
    "/to-internal-name": redirectTo("http://internal.test/"),
    "/to-credentials": redirectTo("http://user:pw@media.test/"),
    "/to-file": redirectTo("file:///etc/passwd"),
    "/no-location": (_request, response) => response.writeHead(302).end(),
    "/silent": () => undefined,
    "/trickle": (_request, response) => {
      response.writeHead(200, { "content-type": "audio/mpeg" });
      const timer = setInterval(() => response.write("x"), 50);
      response.on("close", () => clearInterval(timer));
    },
  });
});

afterAll(async () => {
  await server.close();
});

describe("createSafeUrlFetcher against a local server", () => {
  it("downloads a file, reporting its type, kind and final URL", async () => {
    const result = await fetcher().fetch(url("/image.png"));
    expect(result).toEqual({
      ok: true,
      value: {
        url: url("/image.png"),
        bytes: PNG_BYTES,
        contentType: "image/png",
        kind: "image",
        redirectCount: 0,
      },
    });
  });

  it("connects to the vetted address while keeping the host name and asking for no compression", async () => {
    let lookups = 0;
    const counting: HostResolver = async (hostname) => {
      lookups += 1;
      return resolveTestHosts(hostname);
    };
    await fetcher({ resolveHost: counting }).fetch(url("/image.png"));
    const request = server.requests.at(-1);
    expect(request?.headers.host).toBe(`${MEDIA_HOST}:${server.port}`);
    expect(request?.headers["accept-encoding"]).toBe("identity");
    expect(lookups).toBe(1);
  });

  it.each([
    ["/exact", true],
    ["/over", false],
    ["/exact-chunked", true],
    ["/over-chunked", false],
  ])("holds %s to the limit of N bytes", async (path, accepted) => {
    const result = await fetcher().fetch(url(path), { maxBytes: LIMIT });
    if (accepted) expect(result.ok && result.value.bytes.length).toBe(LIMIT);
    else
      expect(result).toEqual({
        ok: false,
        error: {
          reason: "too_large",
          message: `The file is larger than the limit of ${LIMIT} bytes.`,
          maxBytes: LIMIT,
        },
      });
  });

  it("cuts an endless stream as soon as the limit is passed", async () => {
    const result = await fetcher().fetch(url("/endless"), { maxBytes: 64 * 1024 });
    expect(result).toMatchObject({
      ok: false,
      error: { reason: "too_large", maxBytes: 64 * 1024 },
    });
    const written = await streamClosed;
    expect(written).toBeLessThan(1024 * 1024);
  });

  it("picks the per-kind limit from the response type, or from the caller's kind", async () => {
    const audio = await fetcher().fetch(url("/audio"));
    expect(audio).toMatchObject({ ok: true, value: { kind: "audio", contentType: "audio/mpeg" } });
    const declared = await fetcher().fetch(url("/no-type"), { kind: "video" });
    expect(declared).toMatchObject({ ok: true, value: { kind: "video", contentType: undefined } });
    const generic = await fetcher().fetch(url("/no-type"));
    expect(generic).toMatchObject({ ok: true, value: { kind: undefined } });
  });

  it("refuses responses that are not media", async () => {
    expect(await fetcher().fetch(url("/html"), { kind: "image" })).toMatchObject({
      ok: false,
      error: {
        reason: "unsupported_content_type",
        contentType: "text/html",
      },
    });
    expect(await fetcher().fetch(url("/gzip"))).toMatchObject({
      error: {
        reason: "unsupported_content_type",
      },
    });
  });

  it("reports error statuses with the status", async () => {
    expect(await fetcher().fetch(url("/missing"))).toEqual({
      ok: false,
      error: {
        reason: "http_status",
        message: "The URL answered with HTTP status 404.",
        status: 404,
      },
    });
    expect(await fetcher().fetch(url("/broken"))).toMatchObject({
      error: {
        reason: "http_status",
        status: 503,
      },
    });
  });
});

describe("redirects", () => {
  it("follows relative and absolute redirects and counts them", async () => {
    expect(await fetcher().fetch(url("/redirect-once"))).toMatchObject({
      ok: true,
      value: {
        url: url("/image.png"),
        redirectCount: 1,
      },
    });
    expect(await fetcher().fetch(url("/redirect-absolute"))).toMatchObject({
      ok: true,
      value: {
        redirectCount: 1,
      },
    });
  });

  it(`follows exactly ${MAX_REDIRECTS} redirects and refuses one more`, async () => {
    expect(await fetcher().fetch(url("/hop-1"))).toMatchObject({
      ok: true,
      value: {
        redirectCount: MAX_REDIRECTS,
      },
    });
    expect(await fetcher().fetch(url("/hop-0"))).toEqual({
      ok: false,
      error: {
        reason: "too_many_redirects",
        message: `The URL redirected more than ${MAX_REDIRECTS} times.`,
      },
    });
  });

  it("stops a redirect loop", async () => {
    const before = server.requests.length;
    expect(await fetcher().fetch(url("/loop"))).toMatchObject({
      error: { reason: "too_many_redirects" },
    });
    expect(server.requests.length - before).toBe(MAX_REDIRECTS + 1);
  });

  it.each([
    ["/to-metadata", "blocked_address", { address: "169.254.169.254", category: "link_local" }],
    ["/to-private", "blocked_address", { address: "192.168.1.1", category: "private" }],
    [
      "/to-mapped",
      "blocked_address",
      { address: "::ffff:a00:1", category: "private", embeddedIn: "ipv4_mapped" },
    ],
    ["/to-internal-name", "blocked_address", { hostname: "internal.test", address: "10.0.0.8" }],
    ["/to-credentials", "credentials_in_url", {}],
    ["/to-file", "scheme_not_allowed", {}],
    ["/no-location", "invalid_url", {}],
  ])("checks every hop: %s is refused as %s", async (path, reason, details) => {
    expect(await fetcher().fetch(url(path))).toMatchObject({
      ok: false,
      error: { reason, ...details },
    });
  });
});

describe("time limits", () => {
  it("gives up when no response headers arrive in time", async () => {
    const result = await fetcher({ responseTimeoutMilliseconds: 150 }).fetch(url("/silent"));
    expect(result).toEqual({
      ok: false,
      error: {
        reason: "timeout",
        message: "The URL did not answer within 150 ms.",
        phase: "response",
        timeoutMilliseconds: 150,
      },
    });
  });

  it("gives up on a transfer that trickles past the whole-download limit", async () => {
    const result = await fetcher({ transferTimeoutMilliseconds: 300 }).fetch(url("/trickle"));
    expect(result).toMatchObject({
      ok: false,
      error: {
        reason: "timeout",
        phase: "transfer",
        timeoutMilliseconds: 300,
      },
    });
  });

  it("bounds a resolver that never answers by the response limit", async () => {
    const hanging: HostResolver = () => new Promise(() => undefined);
    const result = await fetcher({ resolveHost: hanging, responseTimeoutMilliseconds: 100 }).fetch(
      url("/image.png"),
    );
    expect(result).toMatchObject({ error: { reason: "timeout", phase: "response" } });
  });

  it("closes the late answer of a transport that ignores the signal", async () => {
    let cancelled = false;
    const late: HttpTransport = () =>
      new Promise((resolve) => {
        setTimeout(
          () =>
            resolve({
              status: 200,
              header: () => undefined,
              body: (async function* () {})(),
              cancel: () => {
                cancelled = true;
              },
            }),
          150,
        );
      });
    const result = await fetcher({ transport: late, responseTimeoutMilliseconds: 30 }).fetch(
      url("/x"),
    );
    expect(result).toMatchObject({
      error: { reason: "timeout", phase: "response", timeoutMilliseconds: 30 },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cancelled).toBe(true);
  });

  it("refuses negative or fractional limits at creation", () => {
    expect(() => createNodeUrlFetcher({ maxRedirects: -1 })).toThrow(RangeError);
    expect(() => createNodeUrlFetcher({ transferTimeoutMilliseconds: 1.5 })).toThrow(RangeError);
  });
});

describe("network failures", () => {
  it("reports an unresolvable host as dns_failure", async () => {
    expect(await fetcher().fetch("http://nowhere.test/a.png")).toMatchObject({
      ok: false,
      error: {
        reason: "dns_failure",
      },
    });
  });

  it("reports a refused connection as network_error", async () => {
    const closed = await startHttpServer({});
    const port = closed.port;
    await closed.close();
    expect(await fetcher().fetch(`http://127.0.0.1:${port}/a.png`)).toMatchObject({
      error: {
        reason: "network_error",
      },
    });
  });

  it("reports a body shorter than its Content-Length as network_error", async () => {
    const raw = await startRawServer((socket) => {
      socket.end(
        "HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 100\r\n\r\nonly-ten!!",
      );
    });
    const result = await fetcher().fetch(`http://127.0.0.1:${raw.port}/a.png`);
    await raw.close();
    expect(result).toMatchObject({ ok: false, error: { reason: "network_error" } });
  });

  it("never reads past a Content-Length that understates the body", async () => {
    const raw = await startRawServer((socket) => {
      socket.end(
        `HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 5\r\n\r\n${"y".repeat(5000)}`,
      );
    });
    const result = await fetcher().fetch(`http://127.0.0.1:${raw.port}/a.png`, { maxBytes: 100 });
    await raw.close();
    expect(result.ok && new TextDecoder().decode(result.value.bytes)).toBe("yyyyy");
  });

  it("refuses a declared length above the kind's limit before reading the body", async () => {
    const raw = await startRawServer((socket) => {
      socket.write(
        `HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: ${IMAGE_AUDIO_IMPORT_MAX_BYTES + 1}\r\n\r\n`,
      );
    });
    const result = await fetcher({ transferTimeoutMilliseconds: 5000 }).fetch(
      `http://127.0.0.1:${raw.port}/big.png`,
    );
    await raw.close();
    expect(result).toMatchObject({
      ok: false,
      error: {
        reason: "too_large",
        maxBytes: IMAGE_AUDIO_IMPORT_MAX_BYTES,
      },
    });
  });
});

describe("the guard without test overrides", () => {
  it("refuses this machine and plain http before connecting", async () => {
    const before = server.requests.length;
    const strict = createNodeUrlFetcher({ resolveHost: resolveTestHosts });
    expect(await strict.fetch(url("/image.png"))).toMatchObject({
      error: { reason: "scheme_not_allowed" },
    });
    expect(await strict.fetch(`https://${MEDIA_HOST}:${server.port}/image.png`)).toMatchObject({
      error: {
        reason: "blocked_address",
        address: "127.0.0.1",
        category: "loopback",
      },
    });
    expect(await strict.fetch(`https://2130706433:${server.port}/`)).toMatchObject({
      error: {
        reason: "blocked_address",
      },
    });
    expect(server.requests.length).toBe(before);
  });

  it("fetches a URL the host vouches for, and still checks where it redirects", async () => {
    const trusted = createNodeUrlFetcher({
      resolveHost: resolveTestHosts,
      isTrustedUrl: (candidate) =>
        ["/image.png", "/redirect-absolute", "/to-metadata-https", "/to-private"].includes(
          candidate.pathname,
        ),
    });
    expect(await trusted.fetch(url("/image.png"))).toMatchObject({
      ok: true,
      value: { bytes: PNG_BYTES },
    });
    expect(await trusted.fetch(url("/redirect-absolute"))).toMatchObject({ ok: true });
    expect(await trusted.fetch(url("/to-metadata-https"))).toMatchObject({
      error: {
        reason: "blocked_address",
        address: "169.254.169.254",
      },
    });
    expect(await trusted.fetch(url("/to-private"))).toMatchObject({
      error: { reason: "scheme_not_allowed" },
    });
    expect(await trusted.fetch(url("/exact"))).toMatchObject({
      error: { reason: "scheme_not_allowed" },
    });
  });

  it("uses the operating system's resolver and Node's transport by default", async () => {
    const defaults = createNodeUrlFetcher({
      dangerouslyAllowHttp: true,
      dangerouslyAllowLoopback: true,
    });
    expect(await defaults.fetch(`http://localhost:${server.port}/image.png`)).toMatchObject({
      ok: true,
      value: {
        bytes: PNG_BYTES,
      },
    });
  });
});
