/**
 * The media storage port: where uploaded and imported bytes are kept and the URL they
 * are served from. Object keys begin with the organization where the service chooses
 * them; the URLs must not be guessable from the keys (the in-memory storage puts a random
 * token in each; object storage would use signed or otherwise unguessable URLs), since
 * whoever holds a URL can read the file.
 *
 * @module
 */

/** A stored object. */
export interface StoredObject {
  /** The object's key. */
  readonly objectKey: string;
  /** The URL the object is served from; whoever holds it can read the object. */
  readonly url: string;
  /** Size in bytes. */
  readonly sizeBytes: number;
  /** Media type of the bytes. */
  readonly contentType: string;
}

/** Stores bytes under keys and serves them by URL. */
export interface MediaStorage {
  /** Stores bytes under a key, replacing any earlier object. */
  put(objectKey: string, bytes: Uint8Array, contentType: string): Promise<StoredObject>;
  /** The object's bytes and type, or undefined when absent. */
  get(
    objectKey: string,
  ): Promise<{ readonly bytes: Uint8Array; readonly contentType: string } | undefined>;
  /**
   * The URL the object of a key is (or, once put, will be) served from; not guessable
   * from the key alone.
   */
  urlOf(objectKey: string): string;
  /**
   * The object key a URL of this storage names, or undefined for any other URL (and for
   * a URL whose unguessable part is wrong). Optional: with it, renders read the project's
   * stored media straight from storage instead of downloading it.
   */
  objectKeyOf?(url: string): string | undefined;
}
