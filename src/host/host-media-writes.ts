/**
 * The host's own writes into its media storage (demo sounds, voice previews), made while
 * it already listens, and ended by a stop: once closed, new writes are refused without
 * touching the storage, and the stop waits for those in flight, so none is left half
 * written in a data folder.
 *
 * @module
 */
import type { MediaStorage } from "../ports/media-storage.js";

/** A storage for the host's own writes, and how to end them. */
export interface HostMediaWrites {
  /** The storage to write through; refuses every write once {@link close} was called. */
  readonly storage: MediaStorage;
  /** Refuses new writes and settles once the writes in flight have. */
  close(): Promise<void>;
}

/**
 * Wraps `storage` so its writes can be closed. Reads and every other method go to
 * `storage` itself.
 *
 * @example
 * ```ts
 * const writes = hostMediaWrites(storage);
 * void storeDemoSounds(writes.storage);
 * await writes.close(); // in the stop: no file is being written after this
 * ```
 */
export function hostMediaWrites(storage: MediaStorage): HostMediaWrites {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const put: MediaStorage["put"] = async (objectKey, body, options) => {
    if (closed) throw new Error("The host is stopping; its media is no longer stored.");
    const writing = storage.put(objectKey, body, options);
    inFlight.add(writing);
    try {
      return await writing;
    } finally {
      inFlight.delete(writing);
    }
  };
  return {
    storage: Object.assign(Object.create(storage) as MediaStorage, { put }),
    async close() {
      closed = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}
