import {
  createSafeUrlFetcher,
  FETCH_REFUSAL_REASONS,
  type FetchRefusal,
  type HopRequest,
  type HostResolver,
  type HttpTransport,
} from "reelkit";
import { describe, expect, it } from "vitest";
import { BYTES, createMediaHarness, MIB, padded } from "./media-support.js";

const CDN = "https://cdn.example.com";

describe("POST /editor/media with source_url (static fetcher)", () => {
  it("downloads an MP4 and names it after the URL path", async () => {
    const harness = await createMediaHarness({
      urls: {
        [`${CDN}/broll/city%20night.mp4?sig=1`]: { body: BYTES.mp4, contentType: "video/mp4" },
      },
    });
    const response = await harness.upload({
      source_url: `${CDN}/broll/city%20night.mp4?sig=1`,
      preserve_original: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.media).toMatchObject({
      media_type: "video",
      filename: "city night.mp4",
      metadata: { content_type: "video/mp4", source: "source_url", preserve_original: true },
    });
    expect(harness.serverErrors).toEqual([]);
  });

  it("honours filename, content_type and media_type hints, and records preserve_original false", async () => {
    const harness = await createMediaHarness({
      urls: { [`${CDN}/v`]: { body: BYTES.webm, contentType: "application/octet-stream" } },
    });
    const response = await harness.upload({
      source_url: `${CDN}/v`,
      filename: "loop.webm",
      content_type: "video/webm",
      media_type: "video",
      preserve_original: false,
    });
    expect(response.status).toBe(200);
    expect(response.body.media).toMatchObject({
      filename: "loop.webm",
      metadata: { format: "webm", preserve_original: false },
    });
  });

  it("refuses preserve_original for anything but MP4 or WebM", async () => {
    const harness = await createMediaHarness({
      urls: { [`${CDN}/a.png`]: { body: BYTES.png, contentType: "image/png" } },
    });
    const response = await harness.upload({ source_url: `${CDN}/a.png`, preserve_original: true });
    expect(response.status).toBe(400);
    expect(response.body.error.context).toMatchObject({
      field: "preserve_original",
      reason: "not_preservable",
    });
    expect((await harness.list()).body.media).toEqual([]);
  });

  it("refuses a content_type hint the bytes contradict, HTML, and a missing file", async () => {
    const harness = await createMediaHarness({
      urls: {
        [`${CDN}/a.png`]: { body: BYTES.png, contentType: "image/png" },
        [`${CDN}/page`]: { body: "<html></html>", contentType: "text/html" },
        [`${CDN}/fake.png`]: { body: BYTES.text, contentType: "image/png" },
      },
    });
    const hint = await harness.upload({ source_url: `${CDN}/a.png`, content_type: "video/mp4" });
    expect(hint.body.error.context).toMatchObject({
      field: "content_type",
      reason: "declared_type_differs",
    });
    const html = await harness.upload({ source_url: `${CDN}/page` });
    expect(html.status).toBe(400);
    expect(html.body.error.context).toMatchObject({
      field: "source_url",
      reason: "unsupported_content_type",
    });
    const fake = await harness.upload({ source_url: `${CDN}/fake.png` });
    expect(fake.body.error.context).toMatchObject({
      field: "source_url",
      reason: "unrecognized_content",
    });
    const missing = await harness.upload({ source_url: `${CDN}/nothing.mp4` });
    expect(missing.status).toBe(400);
    expect(missing.body.error.context).toMatchObject({ reason: "http_status", status: 404 });
    expect((await harness.list()).body.media).toEqual([]);
  });

  it("refuses an image over 50 MiB, whether the type or the bytes tell it is an image", async () => {
    const big = padded(BYTES.png, 50 * MIB + 1);
    const harness = await createMediaHarness({
      urls: {
        [`${CDN}/labelled.png`]: { body: big, contentType: "image/png" },
        [`${CDN}/unlabelled`]: { body: big, contentType: "application/octet-stream" },
      },
    });
    const labelled = await harness.upload({ source_url: `${CDN}/labelled.png` });
    expect(labelled.status).toBe(400);
    expect(labelled.body.error.context).toMatchObject({
      field: "source_url",
      reason: "too_large",
      max_bytes: 50 * MIB,
    });
    const unlabelled = await harness.upload({ source_url: `${CDN}/unlabelled` });
    expect(unlabelled.status).toBe(400);
    expect(unlabelled.body.error.context).toMatchObject({
      reason: "too_large",
      max_bytes: 50 * MIB,
    });
  });

  it("refuses non-http URLs as invalid input", async () => {
    const harness = await createMediaHarness();
    for (const url of ["file:///etc/passwd", "ftp://cdn.example.com/a.png", "not a url"]) {
      const response = await harness.upload({ source_url: url });
      expect(response.status).toBe(400);
      expect(response.body.error.context.fields[0].path).toBe("source_url");
    }
  });

  it("refuses plain http that is not one of its own upload URLs", async () => {
    const harness = await createMediaHarness();
    const response = await harness.upload({ source_url: "http://cdn.example.com/a.png" });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("bad_request");
    expect(response.body.error.context).toMatchObject({
      field: "source_url",
      reason: "scheme_not_allowed",
    });
  });
});

describe("POST /editor/media with source_url through the SSRF-safe fetcher", () => {
  const resolveHost: HostResolver = async (hostname) => {
    const table: Record<string, string[]> = {
      "cdn.test": ["93.184.216.34"],
      "loopback.test": ["127.0.0.1"],
      "private.test": ["10.1.2.3"],
      "rebind.test": ["93.184.216.35", "192.168.0.10"],
    };
    const addresses = table[hostname];
    if (addresses === undefined) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses;
  };

  function fakeTransport(hops: HopRequest[]): HttpTransport {
    return async (request) => {
      hops.push(request);
      return {
        status: 200,
        header: (name) =>
          ({ "content-type": "image/png", "content-length": String(BYTES.png.length) })[
            name.toLowerCase()
          ],
        body: (async function* () {
          yield BYTES.png;
        })(),
        cancel: () => undefined,
      };
    };
  }

  async function safeHarness(transport?: HttpTransport) {
    const hops: HopRequest[] = [];
    const urlFetcher = createSafeUrlFetcher({
      resolveHost,
      transport: transport ?? fakeTransport(hops),
      responseTimeoutMilliseconds: 50,
    });
    return { harness: await createMediaHarness({ urlFetcher }), hops };
  }

  it("downloads from a public address", async () => {
    const { harness, hops } = await safeHarness();
    const response = await harness.upload({ source_url: "https://cdn.test/logo.png" });
    expect(response.status).toBe(200);
    expect(response.body.media).toMatchObject({ media_type: "image", filename: "logo.png" });
    expect(hops.map((hop) => hop.addresses[0]?.address)).toEqual(["93.184.216.34"]);
  });

  it.each([
    ["https://127.0.0.1/a.png", "loopback"],
    ["https://localhost/a.png", "loopback"],
    ["https://loopback.test/a.png", "loopback"],
    ["https://10.0.0.5/a.png", "private"],
    ["https://private.test/a.png", "private"],
    ["https://rebind.test/a.png", "private"],
    ["https://169.254.169.254/latest/meta-data/iam", "link_local"],
  ])("refuses %s (%s) without connecting", async (url, category) => {
    const { harness, hops } = await safeHarness();
    const response = await harness.upload({ source_url: url });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("bad_request");
    expect(response.body.error.context).toMatchObject({
      field: "source_url",
      reason: "blocked_address",
      category,
    });
    expect(response.body.error.message).toMatch(/^source_url: /);
    expect(hops).toEqual([]);
    expect((await harness.list()).body.media).toEqual([]);
  });

  it("answers a source that does not respond in time with a retryable 500", async () => {
    const hanging: HttpTransport = () => new Promise(() => undefined);
    const { harness } = await safeHarness(hanging);
    const response = await harness.upload({ source_url: "https://cdn.test/slow.png" });
    expect(response.status).toBe(500);
    expect(response.body.error).toMatchObject({
      code: "server_error",
      retryable: true,
      context: { field: "source_url", reason: "timeout", phase: "response" },
    });
  });

  it("answers a host that does not exist with a 400 that is not retryable", async () => {
    const { harness, hops } = await safeHarness();
    const response = await harness.upload({ source_url: "https://no-such-host.test/a.png" });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: "bad_request",
      retryable: false,
      context: { field: "source_url", reason: "dns_failure" },
    });
    expect(hops).toEqual([]);
  });

  it("answers a resolver that fails for now with a retryable 500", async () => {
    const hops: HopRequest[] = [];
    const urlFetcher = createSafeUrlFetcher({
      resolveHost: async () => {
        throw Object.assign(new Error("getaddrinfo EAI_AGAIN cdn.test"), { code: "EAI_AGAIN" });
      },
      transport: fakeTransport(hops),
    });
    const harness = await createMediaHarness({ urlFetcher });
    const response = await harness.upload({ source_url: "https://cdn.test/a.png" });
    expect(response.status).toBe(500);
    expect(response.body.error).toMatchObject({
      code: "server_error",
      retryable: true,
      context: { field: "source_url", reason: "network_error" },
    });
  });
});

describe("every kind of download failure gets one consistent answer", () => {
  const URL = "https://cdn.example.com/a.png";
  const base = { message: "m" };
  it.each<[string, FetchRefusal, number]>([
    ["invalid_url", { ...base, reason: "invalid_url" }, 400],
    ["scheme_not_allowed", { ...base, reason: "scheme_not_allowed" }, 400],
    ["credentials_in_url", { ...base, reason: "credentials_in_url" }, 400],
    [
      "blocked_address",
      {
        ...base,
        reason: "blocked_address",
        hostname: "h",
        address: "10.0.0.1",
        category: "private",
      },
      400,
    ],
    ["dns_failure", { ...base, reason: "dns_failure" }, 400],
    ["too_many_redirects", { ...base, reason: "too_many_redirects" }, 400],
    ["http_status 404", { ...base, reason: "http_status", status: 404 }, 400],
    ["http_status 403", { ...base, reason: "http_status", status: 403 }, 400],
    ["http_status 408", { ...base, reason: "http_status", status: 408 }, 500],
    ["http_status 429", { ...base, reason: "http_status", status: 429 }, 500],
    ["http_status 503", { ...base, reason: "http_status", status: 503 }, 500],
    ["too_large", { ...base, reason: "too_large", maxBytes: 5 }, 400],
    ["timeout", { ...base, reason: "timeout", phase: "transfer", timeoutMilliseconds: 1 }, 500],
    ["network_error", { ...base, reason: "network_error" }, 500],
    [
      "unsupported_content_type",
      { ...base, reason: "unsupported_content_type", contentType: "text/html" },
      400,
    ],
  ])(
    "%s is answered consistently: retryable exactly when 5xx, nothing stored",
    async (_name, refusal, status) => {
      const harness = await createMediaHarness({
        urlFetcher: { fetch: async () => ({ ok: false, error: refusal }) },
      });
      const response = await harness.upload({ source_url: URL });
      expect(response.status).toBe(status);
      expect(response.body.error).toMatchObject({
        code: status === 500 ? "server_error" : "bad_request",
        retryable: status >= 500,
        context: { field: "source_url", reason: refusal.reason },
      });
      expect((await harness.list()).body.media).toEqual([]);
    },
  );

  it("covers every reason of the closed set", () => {
    expect(FETCH_REFUSAL_REASONS).toHaveLength(11);
  });
});
