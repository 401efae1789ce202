import { describe, expect, it } from "vitest";
import { classifyAddress, describeBlockedAddress, parseIpAddress } from "../../src/media/index.js";

describe("classifyAddress refuses addresses the server must not reach", () => {
  it.each([
    // IPv4
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link_local"],
    ["169.254.0.1", "link_local"],
    ["100.64.0.1", "carrier_grade_nat"],
    ["100.127.255.255", "carrier_grade_nat"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.170", "reserved"],
    ["192.0.2.10", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    // IPv6
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["fc00::1", "private"],
    ["fd12:3456:789a::1", "private"],
    ["fec0::1", "private"],
    ["fe80::1", "link_local"],
    ["fe80::1%eth0", "link_local"],
    ["febf::1", "link_local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "tunnel"],
    ["64:ff9b:1::a00:1", "private"],
    ["100::1", "reserved"],
    ["::127.0.0.1", "reserved"],
    ["5f00::1", "reserved"],
    ["2001:10::1", "reserved"],
  ])("%s is %s", (address, category) => {
    expect(classifyAddress(address)).toEqual({ allowed: false, category });
  });

  it.each([
    ["::ffff:127.0.0.1", "loopback", "ipv4_mapped"],
    ["::ffff:7f00:1", "loopback", "ipv4_mapped"],
    ["[::ffff:169.254.169.254]", "link_local", "ipv4_mapped"],
    ["::ffff:a9fe:a9fe", "link_local", "ipv4_mapped"],
    ["::ffff:10.1.2.3", "private", "ipv4_mapped"],
    ["::ffff:0.0.0.0", "unspecified", "ipv4_mapped"],
    ["::ffff:0:192.168.0.1", "private", "ipv4_translated"],
    ["64:ff9b::127.0.0.1", "loopback", "nat64"],
    ["64:ff9b::a9fe:a9fe", "link_local", "nat64"],
    ["2002:7f00:1::", "loopback", "6to4"],
    ["2002:c0a8:101::1", "private", "6to4"],
    ["2002:a9fe:a9fe::", "link_local", "6to4"],
  ])("%s embeds a %s address as %s", (address, category, embeddedIn) => {
    expect(classifyAddress(address)).toEqual({ allowed: false, category, embeddedIn });
  });

  it.each([
    "0177.0.0.1",
    "2130706433",
    "0x7f.0.0.1",
    "127.1",
    "127.0.0.01",
    "1.2.3.4.5",
    "256.0.0.1",
    "",
    "localhost",
    "::ffff:999.0.0.1",
    "1::2::3",
    "gggg::1",
    "1:2:3:4:5:6:7:8:9",
  ])("refuses non-canonical or non-address text %j as unparseable", (address) => {
    expect(classifyAddress(address)).toEqual({ allowed: false, category: "unparseable" });
  });
});

describe("classifyAddress allows public addresses", () => {
  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.255.255",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("%s", (address) => {
    expect(classifyAddress(address)).toEqual({ allowed: true });
  });
});

describe("the loopback test override", () => {
  it("allows loopback in every spelling but nothing else", () => {
    const options = { dangerouslyAllowLoopback: true };
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "64:ff9b::7f00:1"]) {
      expect(classifyAddress(address, options)).toEqual({ allowed: true });
    }
    for (const address of ["169.254.169.254", "10.0.0.1", "::", "fe80::1"]) {
      expect(classifyAddress(address, options).allowed).toBe(false);
    }
  });
});

describe("parseIpAddress", () => {
  it("parses the forms resolvers and the URL parser produce", () => {
    expect(parseIpAddress("192.0.2.1")).toEqual({
      family: 4,
      bytes: new Uint8Array([192, 0, 2, 1]),
    });
    expect(parseIpAddress("[2001:db8::1]")?.bytes).toEqual(
      new Uint8Array([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]),
    );
    expect(parseIpAddress("::ffff:1.2.3.4")?.bytes.subarray(10)).toEqual(
      new Uint8Array([0xff, 0xff, 1, 2, 3, 4]),
    );
    expect(parseIpAddress("1:2:3:4:5:6:7::")?.bytes[13]).toBe(7);
  });
});

describe("describeBlockedAddress", () => {
  it("names the category and the embedded IPv4 address", () => {
    expect(describeBlockedAddress("169.254.169.254", "link_local")).toBe(
      "169.254.169.254 (link local)",
    );
    expect(describeBlockedAddress("::ffff:7f00:1", "loopback", "ipv4_mapped")).toBe(
      "::ffff:7f00:1 (loopback, embedding 127.0.0.1 as ipv4_mapped)",
    );
  });
});
