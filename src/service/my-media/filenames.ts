/**
 * The file name of a My Media item: the client's override, else the name the source
 * carried (the inline name, the part's name, the last segment of the URL path), else one
 * made from the item id and the extension of the format the bytes are.
 *
 * @module
 */
import { NAME_MAX_LENGTH } from "../../schemas/limits.js";

// Control characters make a name unsafe to show or to put in a header.
function hasControlCharacter(text: string): boolean {
  return [...text].some((character) => {
    const code = character.codePointAt(0) ?? 0;
    return code < 0x20 || code === 0x7f;
  });
}

function usableName(name: string | undefined): string | undefined {
  const trimmed = name?.trim();
  if (trimmed === undefined || trimmed === "" || trimmed.length > NAME_MAX_LENGTH) return undefined;
  return hasControlCharacter(trimmed) ? undefined : trimmed;
}

/**
 * The last segment of a URL's path, percent-decoded; undefined when the path ends in `/`
 * or the segment is not a usable name.
 *
 * @example
 * ```ts
 * nameFromUrl("https://cdn.example.com/broll/city%20night.mp4?sig=1"); // "city night.mp4"
 * ```
 */
export function nameFromUrl(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const segment = new URL(url).pathname.split("/").at(-1) ?? "";
  try {
    return usableName(decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/** The names an item may take, best first, and what makes the name of last resort. */
export interface FilenameCandidates {
  /** The client's `filename`. */
  readonly override: string | undefined;
  /** The name the source carried (inline name, part name, URL segment). */
  readonly sourceName: string | undefined;
  /** The item's id, the stem of the made-up name. */
  readonly mediaId: string;
  /** The extension of the format the bytes are, without the dot. */
  readonly extension: string;
}

/**
 * The item's file name: `override`, else `sourceName`, else `<media id>.<extension>`.
 *
 * @example
 * ```ts
 * const names = { override: " ", sourceName: undefined };
 * chooseFilename({ ...names, mediaId: "m1", extension: "png" }); // "m1.png"
 * ```
 */
export function chooseFilename({
  override,
  sourceName,
  mediaId,
  extension,
}: FilenameCandidates): string {
  return usableName(override) ?? usableName(sourceName) ?? `${mediaId}.${extension}`;
}
