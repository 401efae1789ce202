/**
 * A zlib stream (RFC 1950) of one deflate block with fixed Huffman codes (RFC 1951
 * 3.2.6) whose only back-references repeat the previous byte. That is run-length
 * encoding in a format every inflater reads: enough for the flat colours of a placeholder
 * image, in a few dozen lines and without `node:zlib`, so the simulated providers stay
 * free of Node built-ins.
 *
 * @module
 */

// Lengths 3..258 as deflate codes 257..285: the base length and its extra bits.
const LENGTH_BASES = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258,
];
const LENGTH_EXTRA_BITS = [
  0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/** Longest back-reference deflate allows. */
const MAX_MATCH = 258;
/** Shortest back-reference deflate allows. */
const MIN_MATCH = 3;
const END_OF_BLOCK = 256;
const ADLER_MODULUS = 65521;

class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private filled = 0;

  /** Writes `count` bits of `value`, least significant first (deflate's data order). */
  bits(value: number, count: number): void {
    for (let bit = 0; bit < count; bit += 1) {
      this.current |= ((value >>> bit) & 1) << this.filled;
      this.filled += 1;
      if (this.filled === 8) this.flush();
    }
  }

  /** Writes a Huffman code, most significant bit first, as deflate stores codes. */
  code(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit -= 1) this.bits((value >>> bit) & 1, 1);
  }

  finish(): number[] {
    if (this.filled > 0) this.flush();
    return this.bytes;
  }

  private flush(): void {
    this.bytes.push(this.current);
    this.current = 0;
    this.filled = 0;
  }
}

// The fixed literal/length code of RFC 1951 3.2.6.
function writeSymbol(writer: BitWriter, symbol: number): void {
  if (symbol < 144) writer.code(0x30 + symbol, 8);
  else if (symbol < 256) writer.code(0x190 + symbol - 144, 9);
  else if (symbol < 280) writer.code(symbol - 256, 7);
  else writer.code(0xc0 + symbol - 280, 8);
}

// A back-reference of `length` bytes at distance 1: the previous byte, repeated.
function writeRepeat(writer: BitWriter, length: number): void {
  let index = LENGTH_BASES.length - 1;
  while ((LENGTH_BASES[index] ?? 0) > length) index -= 1;
  writeSymbol(writer, 257 + index);
  writer.bits(length - (LENGTH_BASES[index] ?? 0), LENGTH_EXTRA_BITS[index] ?? 0);
  writer.code(0, 5);
}

function runLength(data: Uint8Array, start: number): number {
  let end = start + 1;
  while (end < data.length && data[end] === data[start]) end += 1;
  return end - start;
}

function adler32(data: Uint8Array): number {
  let low = 1;
  let high = 0;
  for (const byte of data) {
    low = (low + byte) % ADLER_MODULUS;
    high = (high + low) % ADLER_MODULUS;
  }
  return ((high << 16) | low) >>> 0;
}

/**
 * Compresses `data` into a zlib stream that any inflater (browsers, `node:zlib`, image
 * viewers) reads back exactly. Long runs of one byte shrink to a few bits per 258 bytes;
 * anything else costs about a byte per byte.
 *
 * @example
 * ```ts
 * zlibRuns(new Uint8Array(1000)).length; // 16
 * ```
 */
export function zlibRuns(data: Uint8Array): Uint8Array {
  const writer = new BitWriter();
  writer.bits(1, 1); // the last block
  writer.bits(1, 2); // fixed Huffman codes
  for (let index = 0; index < data.length; ) {
    const run = runLength(data, index);
    writeSymbol(writer, data[index] ?? 0);
    let repeats = run - 1;
    while (repeats >= MIN_MATCH) {
      const length = Math.min(MAX_MATCH, repeats);
      writeRepeat(writer, length);
      repeats -= length;
    }
    for (; repeats > 0; repeats -= 1) writeSymbol(writer, data[index] ?? 0);
    index += run;
  }
  writeSymbol(writer, END_OF_BLOCK);
  const checksum = adler32(data);
  // CMF 0x78 (deflate, 32 KiB window) and FLG 0x01 make a header divisible by 31.
  return new Uint8Array([
    0x78,
    0x01,
    ...writer.finish(),
    checksum >>> 24,
    (checksum >>> 16) & 0xff,
    (checksum >>> 8) & 0xff,
    checksum & 0xff,
  ]);
}
