import { API_KEY_LOOKUP_PREFIX_LENGTH, hashApiKey, lookupPrefixOf } from "reelkit";
import { describe, expect, it } from "vitest";
import { constantTimeEqual } from "../../../src/service/pipeline/api-keys.js";

describe("API key digests", () => {
  it("hashes with SHA-256 into lowercase hex", async () => {
    // The FIPS 180-2 test vector for "abc".
    expect(await hashApiKey("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
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
