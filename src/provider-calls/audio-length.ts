/**
 * How long a stored audio file plays, read from what passed through on its way to
 * storage (its first bytes and its size), so a streamed file never has to be read back:
 * a WAV from its header, a constant-bitrate MP3 from its size and bitrate.
 *
 * @module
 */

/**
 * The WAV's byte rate and where its samples start, from its first bytes; `undefined`
 * when they are not a WAV's.
 *
 * @example
 * ```ts
 * const layout = wavLayout(meter.head());
 * const seconds = layout && (meter.bytes() - layout.dataOffset) / layout.byteRate;
 * ```
 */
export function wavLayout(head: Uint8Array): { byteRate: number; dataOffset: number } | undefined {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const tag = (offset: number) => String.fromCharCode(...head.subarray(offset, offset + 4));
  if (head.byteLength < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") return undefined;
  let byteRate: number | undefined;
  for (let offset = 12; offset + 8 <= head.byteLength; ) {
    const size = view.getUint32(offset + 4, true);
    if (tag(offset) === "fmt " && offset + 16 <= head.byteLength) {
      byteRate = view.getUint32(offset + 16, true);
    }
    if (tag(offset) === "data") {
      return byteRate === undefined || byteRate === 0
        ? undefined
        : { byteRate, dataOffset: offset + 8 };
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

/** Bytes of an ID3v2 tag at the start of an MP3 (header included), 0 when there is none. */
function id3Length(head: Uint8Array): number {
  if (head.byteLength < 10 || String.fromCharCode(...head.subarray(0, 3)) !== "ID3") return 0;
  const size =
    ((head[6] as number) << 21) |
    ((head[7] as number) << 14) |
    ((head[8] as number) << 7) |
    (head[9] as number);
  return 10 + size;
}

/**
 * Seconds a constant-bitrate MP3 of `bytes` bytes plays at `kilobitsPerSecond`, its
 * ID3 tag (read from `head`) left out.
 *
 * @example
 * ```ts
 * constantBitrateMp3Seconds({ head, bytes: 160_000, kilobitsPerSecond: 128 }); // 10
 * ```
 */
export function constantBitrateMp3Seconds(audio: {
  readonly head: Uint8Array;
  readonly bytes: number;
  readonly kilobitsPerSecond: number;
}): number {
  const frames = Math.max(0, audio.bytes - id3Length(audio.head));
  return (frames * 8) / (audio.kilobitsPerSecond * 1000);
}
