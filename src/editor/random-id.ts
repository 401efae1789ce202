/**
 * The default names of new items, tracks and assets: 21 random characters of the URL-safe
 * alphabet (126 bits, the shape nanoid made common), from Web Crypto, which Node, Bun,
 * Deno, Workers and browsers all provide. Written out here because nanoid 5 ships as ESM
 * only, which `require("reelkit")` cannot load on Node releases before require(esm).
 *
 * @module
 */

/** Characters of a random id: URL-safe, 64 of them, so one byte's low 6 bits pick one. */
const RANDOM_ID_ALPHABET = "useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict";
/** Length of a random id: 21 characters of 6 bits each. */
export const RANDOM_ID_LENGTH = 21;
// The alphabet has 64 characters, so masking a byte keeps the choice uniform.
const ALPHABET_MASK = 63;

/**
 * A new random id such as `V1StGXR8_Z5jdHi6B-myT`, for `ApplyOptions.generateId`'s
 * default and hosts that want ids of the same shape.
 */
export function randomEditorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RANDOM_ID_LENGTH));
  let id = "";
  for (const byte of bytes) id += RANDOM_ID_ALPHABET[byte & ALPHABET_MASK];
  return id;
}
