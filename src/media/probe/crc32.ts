/**
 * CRC-32 as PNG (and zlib) compute it: the reflected polynomial 0xEDB88320, so a PNG
 * chunk whose bytes were damaged is told from a whole one.
 *
 * @module
 */

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index += 1) {
    let value = index;
    for (let bit = 0; bit < 8; bit += 1) {
      value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    }
    table[index] = value >>> 0;
  }
  return table;
})();

/**
 * Continues a CRC-32 over `bytes`: start with `crc32Update(0xffffffff, first)`, feed the
 * rest, and finish with `crc32Finish`.
 */
export function crc32Update(crc: number, bytes: Uint8Array): number {
  let value = crc;
  for (const byte of bytes) value = (TABLE[(value ^ byte) & 0xff] ?? 0) ^ (value >>> 8);
  return value >>> 0;
}

/** The CRC-32 a running value stands for. */
export function crc32Finish(crc: number): number {
  return (crc ^ 0xffffffff) >>> 0;
}
