/**
 * The smallest valid files the simulated providers deliver: a 1×1 PNG, a bare MP4
 * header, and a silent MP3 frame. Real enough for magic-byte sniffing and for a browser
 * to show that something arrived; the README says plainly that they are placeholders.
 *
 * @module
 */
import { decodeBase64 } from "../media/base64.js";

function bytesOf(base64: string): Uint8Array {
  const decoded = decodeBase64(base64, "base64");
  if (!decoded.ok) throw new Error("A placeholder file is not valid base64.");
  return decoded.bytes;
}

/** A transparent 1×1 PNG. */
export const PLACEHOLDER_PNG: Uint8Array = bytesOf(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
);

/** An MP4 `ftyp` box followed by an empty `mdat`: recognisably MP4, with no frames. */
export const PLACEHOLDER_MP4: Uint8Array = new Uint8Array([
  0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0x00, 0x00, 0x02, 0x00,
  0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31, 0x00, 0x00, 0x00, 0x08, 0x6d, 0x64, 0x61, 0x74,
]);

/** One silent MPEG-1 Layer III frame (128 kbit/s, 44.1 kHz) behind an ID3v2 header. */
export const PLACEHOLDER_MP3: Uint8Array = (() => {
  const id3 = [0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00];
  const frame = new Uint8Array(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return new Uint8Array([...id3, ...frame]);
})();
