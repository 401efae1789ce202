import { describe, expect, it } from "vitest";
import { createManualClock } from "../../src/clock.js";
import { createUploadUrlSigner, UPLOAD_URL_TTL_SECONDS_DEFAULT } from "../../src/media/index.js";
import { toOrganizationId } from "../../src/organization-id.js";

const SECRET = "0123456789abcdef0123456789abcdef-test-secret";
const START = Date.UTC(2026, 0, 1, 12, 0, 0);
const BASE_URL = "https://api.example.com/v1/uploads";
const REQUEST = {
  organizationId: toOrganizationId(42),
  objectKey: "org-42/uploads/clip one&two.mp4",
  contentType: "Video/MP4",
  maxBytes: 52_428_800,
};

function setup(ttlSeconds?: number) {
  const clock = createManualClock(START);
  const signer = createUploadUrlSigner({ secret: SECRET, baseUrl: BASE_URL, clock, ttlSeconds });
  return { clock, signer };
}

function withParameter(url: string, name: string, value: string): string {
  const changed = new URL(url);
  changed.searchParams.set(name, value);
  return changed.href;
}

describe("createUploadUrlSigner: sign", () => {
  it("returns the PUT descriptor with the claims in the query and the expiry", async () => {
    const { signer } = setup();
    const upload = await signer.sign(REQUEST);
    const url = new URL(upload.url);
    expect(upload.method).toBe("PUT");
    expect(upload.headers).toEqual({ "Content-Type": "video/mp4" });
    expect(upload.expiresAt).toBe("2026-01-01T13:00:00.000Z");
    expect(`${url.origin}${url.pathname}`).toBe(BASE_URL);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      org: "42",
      key: REQUEST.objectKey,
      type: "video/mp4",
      max: "52428800",
      expires: String(START / 1000 + UPLOAD_URL_TTL_SECONDS_DEFAULT),
    });
    expect(url.searchParams.get("signature")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("signs deterministically: same claims and time, same URL", async () => {
    const { signer } = setup();
    expect((await signer.sign(REQUEST)).url).toBe((await signer.sign(REQUEST)).url);
  });

  it("throws on claims the service should never pass", async () => {
    const { signer } = setup();
    await expect(signer.sign({ ...REQUEST, organizationId: toOrganizationId(0) })).rejects.toThrow(
      RangeError,
    );
    await expect(signer.sign({ ...REQUEST, maxBytes: 1.5 })).rejects.toThrow(RangeError);
    await expect(signer.sign({ ...REQUEST, objectKey: "" })).rejects.toThrow(RangeError);
    await expect(signer.sign({ ...REQUEST, contentType: "not a type" })).rejects.toThrow(
      RangeError,
    );
  });

  it("refuses a weak secret, a relative base URL and a bad lifetime at creation", () => {
    const clock = createManualClock(START);
    expect(() => createUploadUrlSigner({ secret: "short", baseUrl: BASE_URL, clock })).toThrow(
      RangeError,
    );
    expect(() => createUploadUrlSigner({ secret: SECRET, baseUrl: "/v1/uploads", clock })).toThrow(
      RangeError,
    );
    expect(() =>
      createUploadUrlSigner({ secret: SECRET, baseUrl: `${BASE_URL}?a=1`, clock }),
    ).toThrow(RangeError);
    expect(() =>
      createUploadUrlSigner({ secret: SECRET, baseUrl: BASE_URL, clock, ttlSeconds: 0 }),
    ).toThrow(RangeError);
  });
});

describe("createUploadUrlSigner: verify", () => {
  it("accepts the PUT it signed and returns the claims", async () => {
    const { signer } = setup();
    const upload = await signer.sign(REQUEST);
    expect(
      await signer.verify({ url: upload.url, method: "PUT", contentType: "video/mp4" }),
    ).toEqual({
      ok: true,
      value: {
        organizationId: toOrganizationId(42),
        objectKey: REQUEST.objectKey,
        contentType: "video/mp4",
        maxBytes: 52_428_800,
        expiresAtEpochSeconds: START / 1000 + 3600,
      },
    });
  });

  it("reads only the query, so a proxy that rewrites host or path does not matter", async () => {
    const { signer } = setup();
    const upload = await signer.sign(REQUEST);
    const internal = `http://10.0.0.3:8787/uploads${new URL(upload.url).search}`;
    const check = await signer.verify({
      url: new URL(internal),
      method: "put",
      contentType: "video/mp4; x=1",
    });
    expect(check.ok).toBe(true);
  });

  it("expires at exactly the signed second", async () => {
    const { signer, clock } = setup(60);
    const upload = await signer.sign(REQUEST);
    clock.advance(59_999);
    expect(
      (await signer.verify({ url: upload.url, method: "PUT", contentType: "video/mp4" })).ok,
    ).toBe(true);
    clock.advance(1);
    expect(
      await signer.verify({ url: upload.url, method: "PUT", contentType: "video/mp4" }),
    ).toEqual({
      ok: false,
      error: {
        reason: "expired",
        message: "The upload URL has expired; request a new one.",
      },
    });
  });

  it.each([
    ["org", "43"],
    ["key", "org-43/uploads/other.mp4"],
    ["type", "image/png"],
    ["max", "999999999"],
    ["expires", "9999999999"],
    ["signature", "A".repeat(43)],
  ])("refuses a URL whose %s was changed as bad_signature", async (name, value) => {
    const { signer } = setup();
    const upload = await signer.sign(REQUEST);
    const tampered = withParameter(upload.url, name, value);
    const contentType = name === "type" ? value : "video/mp4";
    expect(await signer.verify({ url: tampered, method: "PUT", contentType })).toMatchObject({
      ok: false,
      error: {
        reason: "bad_signature",
      },
    });
  });

  it("refuses a URL signed with another secret", async () => {
    const other = createUploadUrlSigner({
      secret: `${SECRET}-other`,
      baseUrl: BASE_URL,
      clock: createManualClock(START),
    });
    const forged = await other.sign(REQUEST);
    const { signer } = setup();
    expect(
      await signer.verify({ url: forged.url, method: "PUT", contentType: "video/mp4" }),
    ).toMatchObject({
      error: {
        reason: "bad_signature",
      },
    });
  });

  it("checks the signature before the expiry, so forged URLs learn nothing about time", async () => {
    const { signer, clock } = setup(60);
    const upload = await signer.sign(REQUEST);
    clock.advance(3_600_000);
    const tampered = withParameter(upload.url, "org", "7");
    expect(
      await signer.verify({ url: tampered, method: "PUT", contentType: "video/mp4" }),
    ).toMatchObject({
      error: {
        reason: "bad_signature",
      },
    });
  });

  it("refuses other methods and other content types", async () => {
    const { signer } = setup();
    const upload = await signer.sign(REQUEST);
    expect(
      await signer.verify({ url: upload.url, method: "POST", contentType: "video/mp4" }),
    ).toMatchObject({
      error: {
        reason: "method_not_allowed",
      },
    });
    expect(
      await signer.verify({ url: upload.url, method: "PUT", contentType: "text/html" }),
    ).toEqual({
      ok: false,
      error: {
        reason: "content_type_mismatch",
        message: "The upload must be sent with Content-Type: video/mp4.",
      },
    });
    expect(
      await signer.verify({ url: upload.url, method: "PUT", contentType: null }),
    ).toMatchObject({
      error: {
        reason: "content_type_mismatch",
      },
    });
  });

  it.each([
    [
      "no query",
      (query: URLSearchParams) => {
        for (const name of [...query.keys()]) query.delete(name);
      },
    ],
    ["a missing claim", (query: URLSearchParams) => query.delete("max")],
    ["a repeated claim", (query: URLSearchParams) => query.append("org", "42")],
    ["an extra parameter", (query: URLSearchParams) => query.set("cache", "1")],
    ["a non-numeric org", (query: URLSearchParams) => query.set("org", "4e1")],
    ["a negative max", (query: URLSearchParams) => query.set("max", "-5")],
    ["a short signature", (query: URLSearchParams) => query.set("signature", "abc")],
    [
      "a padded signature",
      (query: URLSearchParams) => query.set("signature", `${"A".repeat(42)}=`),
    ],
    ["an invalid content type", (query: URLSearchParams) => query.set("type", "Video/MP4")],
  ])("refuses a URL with %s as malformed", async (_label, mutate) => {
    const { signer } = setup();
    const upload = await signer.sign(REQUEST);
    const url = new URL(upload.url);
    mutate(url.searchParams);
    expect(await signer.verify({ url, method: "PUT", contentType: "video/mp4" })).toMatchObject({
      ok: false,
      error: {
        reason: "malformed",
      },
    });
  });

  it("refuses text that is not a URL as malformed", async () => {
    const { signer } = setup();
    expect(
      await signer.verify({ url: "::::", method: "PUT", contentType: "video/mp4" }),
    ).toMatchObject({
      error: {
        reason: "malformed",
      },
    });
  });
});

describe("createUploadUrlSigner: recognize", () => {
  it("recognizes its own URL and says whether the PUT window has closed", async () => {
    const { signer, clock } = setup(60);
    const upload = await signer.sign(REQUEST);
    expect(await signer.recognize(upload.url)).toEqual({
      ok: true,
      value: {
        claims: upload.claims,
        expired: false,
      },
    });
    clock.advance(60_000);
    expect(await signer.recognize(new URL(upload.url))).toEqual({
      ok: true,
      value: {
        claims: upload.claims,
        expired: true,
      },
    });
  });

  it("refuses a genuine query moved to another host, so it cannot open an SSRF hole", async () => {
    const { signer } = setup();
    const upload = await signer.sign(REQUEST);
    const moved = `http://169.254.169.254/v1/uploads${new URL(upload.url).search}`;
    expect(await signer.recognize(moved)).toMatchObject({
      ok: false,
      error: { reason: "foreign_url" },
    });
    const otherPath = `https://api.example.com/v1/other${new URL(upload.url).search}`;
    expect(await signer.recognize(otherPath)).toMatchObject({ error: { reason: "foreign_url" } });
  });

  it("refuses forged and malformed URLs on its own path", async () => {
    const { signer } = setup();
    const upload = await signer.sign(REQUEST);
    expect(await signer.recognize(withParameter(upload.url, "org", "1"))).toMatchObject({
      error: {
        reason: "bad_signature",
      },
    });
    expect(await signer.recognize(`${BASE_URL}?org=1`)).toMatchObject({
      error: { reason: "malformed" },
    });
    expect(await signer.recognize("not a url")).toMatchObject({ error: { reason: "malformed" } });
  });
});
