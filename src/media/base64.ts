/**
 * Strict, portable base64 (RFC 4648 section 4) and base64url (section 5) without
 * `Buffer`, so the media input runs on any JavaScript runtime.
 *
 * Decoding refuses everything a lenient decoder would silently skip or repair: foreign
 * characters, whitespace, misplaced or missing padding, and non-zero bits after the
 * last byte. One text then decodes to one byte string, and a malformed upload is
 * reported instead of being stored as different bytes from the ones the client meant.
 *
 * @module
 */
import { err, ok, type Result } from "../result.js";

/** Which of the two RFC 4648 alphabets a text uses. */
export type Base64Alphabet = "base64" | "base64url";

/**
 * Result of {@link decodeBase64}: the decoded bytes, or what is wrong with the text (a
 * sentence for a client-facing message).
 */
export type Base64DecodeResult = Result<Uint8Array, string>;

const LETTERS_AND_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const ALPHABETS: Readonly<Record<Base64Alphabet, string>> = {
  base64: `${LETTERS_AND_DIGITS}+/`,
  base64url: `${LETTERS_AND_DIGITS}-_`,
};

function decodeTable(alphabet: string): Int8Array {
  const table = new Int8Array(128).fill(-1);
  for (let index = 0; index < alphabet.length; index += 1)
    table[alphabet.charCodeAt(index)] = index;
  return table;
}

const DECODE_TABLES: Readonly<Record<Base64Alphabet, Int8Array>> = {
  base64: decodeTable(ALPHABETS.base64),
  base64url: decodeTable(ALPHABETS.base64url),
};

/** Number of `=` characters that end `text`: 0, 1 or 2 (a third is never padding). */
function trailingPadding(text: string): number {
  if (text.endsWith("==")) return 2;
  return text.endsWith("=") ? 1 : 0;
}

/**
 * Bytes that the padded base64 text starting at `start` decodes to, computed from its
 * length alone so an oversize payload is refused before anything is allocated. The
 * figure is exact for valid text; invalid text is refused later by {@link decodeBase64}.
 *
 * @example
 * ```ts
 * base64DecodedByteLength("data:text/plain;base64,aGk=", 23); // 2
 * ```
 */
export function base64DecodedByteLength(text: string, start = 0): number {
  const length = text.length - start;
  if (length <= 0) return 0;
  return Math.floor((length * 3) / 4) - (length % 4 === 0 ? trailingPadding(text) : 0);
}

function describeCharacter(code: number): string {
  const codePoint = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) {
    return `whitespace (${codePoint}); base64 must be one unbroken line`;
  }
  if (code === 0x3d) return "'=' before the end; padding may only close the text";
  if (code >= 0x21 && code <= 0x7e) return `'${String.fromCharCode(code)}' (${codePoint})`;
  return codePoint;
}

function lengthProblem(alphabet: Base64Alphabet, length: number): string | undefined {
  if (alphabet === "base64" && length % 4 !== 0) {
    return `Its length (${length}) is not a multiple of 4; base64 must be padded with '='.`;
  }
  if (alphabet === "base64url" && length % 4 === 1) {
    return `Its length (${length}) cannot be the unpadded base64url form of any bytes.`;
  }
  return undefined;
}

/**
 * Decodes base64 (padding required) or base64url (padding forbidden) from position
 * `start` of `text`, refusing anything that is not the canonical encoding of some bytes.
 *
 * @example
 * ```ts
 * decodeBase64("aGk=", "base64"); // { ok: true, value: Uint8Array [104, 105] }
 * decodeBase64("aGk", "base64").ok; // false: padding missing
 * ```
 */
export function decodeBase64(
  text: string,
  alphabet: Base64Alphabet,
  start = 0,
): Base64DecodeResult {
  const length = text.length - start;
  const problem = lengthProblem(alphabet, length);
  if (problem !== undefined) return err(problem);
  const symbolCount = length - (alphabet === "base64" ? trailingPadding(text) : 0);
  const bytes = new Uint8Array(Math.floor((symbolCount * 3) / 4));
  const table = DECODE_TABLES[alphabet];
  let pending = 0;
  let pendingBits = 0;
  let written = 0;
  for (let offset = 0; offset < symbolCount; offset += 1) {
    const code = text.charCodeAt(start + offset);
    const value = code < 128 ? (table[code] ?? -1) : -1;
    if (value < 0) {
      return err(`Position ${offset} holds ${describeCharacter(code)}.`);
    }
    pending = (pending << 6) | value;
    pendingBits += 6;
    if (pendingBits >= 8) {
      pendingBits -= 8;
      bytes[written] = (pending >> pendingBits) & 0xff;
      written += 1;
      pending &= (1 << pendingBits) - 1;
    }
  }
  if (pending !== 0) {
    return err("Its last character carries bits beyond the final byte.");
  }
  return ok(bytes);
}

function encodeWith(bytes: Uint8Array, alphabet: string): string {
  let text = "";
  let pending = 0;
  let pendingBits = 0;
  for (const byte of bytes) {
    pending = (pending << 8) | byte;
    pendingBits += 8;
    while (pendingBits >= 6) {
      pendingBits -= 6;
      text += alphabet[(pending >> pendingBits) & 0x3f];
    }
    pending &= (1 << pendingBits) - 1;
  }
  if (pendingBits > 0) text += alphabet[(pending << (6 - pendingBits)) & 0x3f];
  return text;
}

/**
 * Encodes bytes as unpadded base64url, the form that sits in a URL query unescaped.
 *
 * @example
 * ```ts
 * encodeBase64Url(new Uint8Array([251, 255])); // "-_8"
 * ```
 */
export function encodeBase64Url(bytes: Uint8Array): string {
  return encodeWith(bytes, ALPHABETS.base64url);
}

/**
 * Encodes bytes as standard, padded base64 (RFC 4648 section 4), the form MCP image
 * content and data URLs carry.
 *
 * @example
 * ```ts
 * encodeBase64(new Uint8Array([251, 255])); // "+/8="
 * ```
 */
export function encodeBase64(bytes: Uint8Array): string {
  const text = encodeWith(bytes, ALPHABETS.base64);
  return text.padEnd(Math.ceil(text.length / 4) * 4, "=");
}
