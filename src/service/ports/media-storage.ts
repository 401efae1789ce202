/**
 * The media storage port: where uploaded and imported bytes are kept and the public URL
 * they are served from.
 *
 * @module
 */

/** A stored object. */
export interface StoredObject {
  /** The object's key. */
  readonly objectKey: string;
  /** The public URL the object is served from. */
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
  /** The public URL of a key, whether or not the object exists yet. */
  urlOf(objectKey: string): string;
}
