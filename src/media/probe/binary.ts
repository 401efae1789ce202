/**
 * Integer and text readers over untrusted bytes for the header prober: every reader
 * answers undefined past the end instead of throwing, so a short file fails to match
 * rather than crash.
 *
 * @module
 */

function view(bytes: Uint8Array, offset: number, length: number): DataView | undefined {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset + length > bytes.byteLength) {
    return undefined;
  }
  return new DataView(bytes.buffer, bytes.byteOffset + offset, length);
}

/** The unsigned byte at `offset`. */
export function u8(bytes: Uint8Array, offset: number): number | undefined {
  return view(bytes, offset, 1)?.getUint8(0);
}

/** The big-endian unsigned 16-bit integer at `offset`. */
export function u16be(bytes: Uint8Array, offset: number): number | undefined {
  return view(bytes, offset, 2)?.getUint16(0);
}

/** The little-endian unsigned 16-bit integer at `offset`. */
export function u16le(bytes: Uint8Array, offset: number): number | undefined {
  return view(bytes, offset, 2)?.getUint16(0, true);
}

/** The little-endian unsigned 24-bit integer at `offset`. */
export function u24le(bytes: Uint8Array, offset: number): number | undefined {
  const low = u16le(bytes, offset);
  const high = u8(bytes, offset + 2);
  return low === undefined || high === undefined ? undefined : low + high * 0x10000;
}

/** The big-endian unsigned 32-bit integer at `offset`. */
export function u32be(bytes: Uint8Array, offset: number): number | undefined {
  return view(bytes, offset, 4)?.getUint32(0);
}

/** The little-endian unsigned 32-bit integer at `offset`. */
export function u32le(bytes: Uint8Array, offset: number): number | undefined {
  return view(bytes, offset, 4)?.getUint32(0, true);
}

/** The big-endian unsigned 64-bit integer at `offset`, as a number (exact below 2^53). */
export function u64be(bytes: Uint8Array, offset: number): number | undefined {
  const high = u32be(bytes, offset);
  const low = u32be(bytes, offset + 4);
  return high === undefined || low === undefined ? undefined : high * 0x1_0000_0000 + low;
}

/** The little-endian unsigned 64-bit integer at `offset`, as a number (exact below 2^53). */
export function u64le(bytes: Uint8Array, offset: number): number | undefined {
  const low = u32le(bytes, offset);
  const high = u32le(bytes, offset + 4);
  return high === undefined || low === undefined ? undefined : high * 0x1_0000_0000 + low;
}

/** `length` bytes at `offset` as Latin-1 text (a four-character code, a codec id). */
export function latin1(bytes: Uint8Array, offset: number, length: number): string | undefined {
  if (offset < 0 || offset + length > bytes.byteLength) return undefined;
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}
