/** The WOFF2 decoder of `wawoff2` (Google's woff2 built for WebAssembly), which ships no types. */
declare module "wawoff2/decompress.js" {
  /** The TrueType or OpenType font a WOFF2 file holds. */
  export default function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
