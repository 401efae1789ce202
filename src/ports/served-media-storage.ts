/**
 * What a host needs of a media storage whose objects it serves itself (the reference
 * host's `/files/**`): the port, plus the object a URL of the storage reads, its token or
 * signature checked. Object storage serves its own URLs and needs none of this.
 *
 * @module
 */
import type { ReadUrlResolution } from "../media/stored-media-urls.js";
import type { MediaStorage } from "./media-storage.js";

/** A {@link MediaStorage} whose URLs the host answers. */
export interface ServedMediaStorage extends MediaStorage {
  /** The object key a URL of this storage names (stable or signed and unexpired), or undefined. */
  objectKeyOf(url: string): string | undefined;
  /**
   * The object a request URL reads: a stable URL with the right token, or a signed read
   * URL with a valid signature before its expiry (`expired` after it).
   */
  resolveReadUrl(url: string): Promise<ReadUrlResolution>;
}
