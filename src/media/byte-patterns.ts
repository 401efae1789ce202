/**
 * Small readers over untrusted byte arrays that never read past the end: a short or
 * truncated file simply fails to match instead of throwing.
 *
 * @module
 */

/** True when `bytes` holds exactly `expected` starting at `offset`. */
export function hasBytesAt(
  bytes: Uint8Array,
  offset: number,
  expected: readonly number[],
): boolean {
  if (offset < 0 || offset + expected.length > bytes.length) return false;
  return expected.every((value, index) => bytes[offset + index] === value);
}

/** True when `bytes` holds the ASCII text `expected` starting at `offset`. */
export function hasAsciiAt(bytes: Uint8Array, offset: number, expected: string): boolean {
  if (offset < 0 || offset + expected.length > bytes.length) return false;
  for (let index = 0; index < expected.length; index += 1) {
    if (bytes[offset + index] !== expected.charCodeAt(index)) return false;
  }
  return true;
}

/** The four bytes at `offset` as Latin-1 text (an ISO BMFF brand), or undefined past the end. */
export function fourCharacterCodeAt(bytes: Uint8Array, offset: number): string | undefined {
  if (offset < 0 || offset + 4 > bytes.length) return undefined;
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}

/** The big-endian unsigned 32-bit integer at `offset`, or undefined past the end. */
export function uint32At(bytes: Uint8Array, offset: number): number | undefined {
  if (offset < 0 || offset + 4 > bytes.length) return undefined;
  return new DataView(bytes.buffer, bytes.byteOffset + offset, 4).getUint32(0);
}

/** The byte at `offset`, or -1 past the end, so comparisons stay total. */
export function byteAt(bytes: Uint8Array, offset: number): number {
  return bytes[offset] ?? -1;
}
