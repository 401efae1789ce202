import { describe, expect, it } from "vitest";
import {
  checkSourceUrl,
  type HostResolver,
  resolveTrustedAddresses,
  resolveVettedAddresses,
} from "../../src/media/index.js";

const resolverFor =
  (table: Record<string, readonly string[]>): HostResolver =>
  async (hostname) => {
    const addresses = table[hostname];
    if (addresses === undefined) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses;
  };

describe("checkSourceUrl", () => {
  it("accepts a plain https URL and normalizes it", () => {
    const result = checkSourceUrl("HTTPS://CDN.Example.com/clip.mp4?x=1");
    expect(result.ok && result.value.href).toBe("https://cdn.example.com/clip.mp4?x=1");
  });

  it.each([
    ["not a url", "invalid_url"],
    ["https://", "invalid_url"],
    ["/relative/path.png", "invalid_url"],
    ["http://cdn.example.com/a.png", "scheme_not_allowed"],
    ["file:///etc/passwd", "scheme_not_allowed"],
    ["ftp://cdn.example.com/a.png", "scheme_not_allowed"],
    ["data:image/png;base64,aGk=", "scheme_not_allowed"],
    ["gopher://127.0.0.1:6379/_", "scheme_not_allowed"],
    ["https://user:secret@cdn.example.com/a.png", "credentials_in_url"],
    ["https://user@cdn.example.com/a.png", "credentials_in_url"],
    ["https://:secret@cdn.example.com/a.png", "credentials_in_url"],
  ])("refuses %s as %s", (url, reason) => {
    expect(checkSourceUrl(url)).toMatchObject({ ok: false, error: { reason } });
  });

  it.each([
    ["https://127.0.0.1/", "127.0.0.1", "loopback"],
    ["https://2130706433/", "127.0.0.1", "loopback"],
    ["https://0177.0.0.1/", "127.0.0.1", "loopback"],
    ["https://0x7f.0.0.1/", "127.0.0.1", "loopback"],
    ["https://0x7f000001/", "127.0.0.1", "loopback"],
    ["https://127.1/", "127.0.0.1", "loopback"],
    ["https://%31%32%37.0.0.1/", "127.0.0.1", "loopback"],
    ["https://[::1]/", "::1", "loopback"],
    ["https://[0:0:0:0:0:0:0:1]:8443/", "::1", "loopback"],
    ["https://[::ffff:127.0.0.1]/", "::ffff:7f00:1", "loopback"],
    ["https://localhost/", "localhost", "loopback"],
    ["https://LOCALHOST./", "localhost.", "loopback"],
    ["https://api.localhost/", "api.localhost", "loopback"],
    ["https://169.254.169.254/latest/meta-data/", "169.254.169.254", "link_local"],
    ["https://2852039166/", "169.254.169.254", "link_local"],
    ["https://[fd00:ec2::254]/", "fd00:ec2::254", "private"],
    ["https://0/", "0.0.0.0", "unspecified"],
    ["https://10.0.0.1:8080/", "10.0.0.1", "private"],
    ["https://[fe80::1]/", "fe80::1", "link_local"],
  ])("refuses %s before any lookup as %s (%s)", (url, address, category) => {
    expect(checkSourceUrl(url)).toMatchObject({
      ok: false,
      error: {
        reason: "blocked_address",
        address,
        category,
      },
    });
  });

  it("allows http and loopback only with the explicit test overrides", () => {
    expect(
      checkSourceUrl("http://127.0.0.1:8080/a.png", { dangerouslyAllowHttp: true }),
    ).toMatchObject({
      error: {
        reason: "blocked_address",
      },
    });
    const local = checkSourceUrl("http://127.0.0.1:8080/a.png", {
      dangerouslyAllowHttp: true,
      dangerouslyAllowLoopback: true,
    });
    expect(local.ok).toBe(true);
    expect(checkSourceUrl("https://localhost/", { dangerouslyAllowLoopback: true }).ok).toBe(true);
  });
});

describe("resolveVettedAddresses", () => {
  const resolver = resolverFor({
    "cdn.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    "rebind.example.com": ["93.184.215.14", "10.0.0.5"],
    "metadata.example.com": ["169.254.169.254"],
    "mapped.example.com": ["::ffff:127.0.0.1"],
    "empty.example.com": [],
    "garbage.example.com": ["not-an-address"],
  });
  const url = (host: string) => new URL(`https://${host}/file.mp4`);

  it("returns every address with its family when all are allowed", async () => {
    expect(await resolveVettedAddresses(url("cdn.example.com"), resolver)).toEqual({
      ok: true,
      value: [
        { address: "93.184.215.14", family: 4 },
        { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
      ],
    });
  });

  it("refuses the host when any one address is blocked", async () => {
    expect(await resolveVettedAddresses(url("rebind.example.com"), resolver)).toEqual({
      ok: false,
      error: {
        message:
          "The URL's host rebind.example.com points to 10.0.0.5 (private), which the server may not fetch from.",
        reason: "blocked_address",
        hostname: "rebind.example.com",
        address: "10.0.0.5",
        category: "private",
      },
    });
  });

  it.each([
    ["metadata.example.com", "link_local"],
    ["mapped.example.com", "loopback"],
    ["garbage.example.com", "unparseable"],
  ])("refuses %s as %s", async (host, category) => {
    expect(await resolveVettedAddresses(url(host), resolver)).toMatchObject({
      error: {
        reason: "blocked_address",
        category,
      },
    });
  });

  it("reports names that do not resolve, or resolve to nothing, as dns_failure", async () => {
    expect(await resolveVettedAddresses(url("missing.example.com"), resolver)).toMatchObject({
      error: {
        reason: "dns_failure",
      },
    });
    expect(await resolveVettedAddresses(url("empty.example.com"), resolver)).toMatchObject({
      error: {
        reason: "dns_failure",
      },
    });
  });

  it("vets a literal address without asking the resolver", async () => {
    const refusing: HostResolver = async () => {
      throw new Error("must not be called");
    };
    expect(await resolveVettedAddresses(new URL("https://[2606:4700::1111]/"), refusing)).toEqual({
      ok: true,
      value: [{ address: "2606:4700::1111", family: 6 }],
    });
  });

  it("skips the policy only for trusted URLs", async () => {
    const internal = resolverFor({ "uploads.internal": ["10.0.0.7"] });
    expect(await resolveTrustedAddresses(url("uploads.internal"), internal)).toEqual({
      ok: true,
      value: [{ address: "10.0.0.7", family: 4 }],
    });
    expect(await resolveVettedAddresses(url("uploads.internal"), internal)).toMatchObject({
      error: {
        reason: "blocked_address",
      },
    });
  });
});
