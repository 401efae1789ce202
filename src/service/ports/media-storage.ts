/**
 * The media storage port: where uploaded and imported bytes are kept and the URL they
 * are served from. Object keys begin with the organization where the service chooses
 * them; the URLs must not be guessable from the keys (the in-memory storage puts a random
 * token in each; object storage would use signed or otherwise unguessable URLs), since
 * whoever holds a URL can read the file.
 *
 * @module
 */

/** Bytes to store: whole bytes for small media, a stream for large media. */
export type MediaBody = Uint8Array | ReadableStream<Uint8Array>;

/** How to store a body. */
export interface MediaPutOptions {
  /** Media type of the bytes. */
  readonly contentType: string;
  /** The exact size when known (uploads declare it); adapters may use it, never trust it blindly. */
  readonly sizeBytes?: number;
}

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

/** An object opened for reading: its metadata now, its bytes as a stream on demand. */
export interface StoredMediaReader {
  /** Media type of the bytes. */
  readonly contentType: string;
  /** Size in bytes. */
  readonly sizeBytes: number;
  /** A fresh stream of the bytes; `range` is inclusive, both ends in bytes. */
  stream(range?: { readonly start: number; readonly end: number }): ReadableStream<Uint8Array>;
}

/** A presigned direct upload: where and how the client sends the raw bytes (spec 4.17). */
export interface PresignedUpload {
  /** Always PUT. */
  readonly method: "PUT";
  /** Where to send the bytes; the URL itself is the permission. */
  readonly url: string;
  /** Headers the PUT must send, exactly as given. */
  readonly headers: Readonly<Record<string, string>>;
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
