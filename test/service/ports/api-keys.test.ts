import fc from "fast-check";
import { API_KEY_LOOKUP_PREFIX_LENGTH, hashApiKey, lookupPrefixOf } from "reelkit";
import { describe, expect, it } from "vitest";
import { constantTimeEqual } from "../../../src/ports/api-keys.js";

describe("API key digests", () => {
  it("hashes with SHA-256 into lowercase hex", async () => {
    // The FIPS 180-2 test vector for "abc".
    expect(await hashApiKey("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("gives WebCrypto's SHA-256 of the key's UTF-8 bytes for any key", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 200 }), async (key) => {
        const expected = new Uint8Array(
          await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)),
        );
        const hex = Array.from(expected, (byte) => byte.toString(16).padStart(2, "0")).join("");
        expect(await hashApiKey(key)).toBe(hex);
      }),
      { seed: 20261124, numRuns: 300 },
    );
  });

  it("indexes by the digest's first hex digits", async () => {
    const digest = await hashApiKey("rk_live_example");
    expect(lookupPrefixOf(digest)).toBe(digest.slice(0, API_KEY_LOOKUP_PREFIX_LENGTH));
    expect(lookupPrefixOf(digest)).toHaveLength(16);
  });

  it("compares equal strings as equal and any difference as different", () => {
    expect(constantTimeEqual("abcdef", "abcdef")).toBe(true);
    expect(constantTimeEqual("abcdef", "abcdeg")).toBe(false);
    expect(constantTimeEqual("abcdef", "bbcdef")).toBe(false);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
    expect(constantTimeEqual("", "a")).toBe(false);
  });
});
