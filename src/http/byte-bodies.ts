/**
 * Responses whose body is bytes the service already holds, such as the encoded JSON of a
 * large project kept for its revision. A Web `Response` built from a byte array copies it
 * and then hands the copy out through a stream; for an 800 KiB project that copy, its
 * garbage and the stream machinery cost as much as the rest of the request. So such a
 * response remembers its bytes, and an adapter that can write them itself (the Node
 * adapter) asks for them with {@link heldBytesOf} and sends them as they are, without
 * reading the body. Every other reader of the response reads an ordinary stream, which
 * hands out a private copy on first read, so nothing outside can change the held bytes.
 *
 * @module
 */

const heldBytes = new WeakMap<Response, Uint8Array>();

// One chunk, copied only when someone reads the stream: a high-water mark of 0 keeps the
// stream from pulling ahead when it is made.
function copyOnRead(bytes: Uint8Array): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream(
    {
      pull(controller) {
        controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A response with `bytes` as its body. The caller states the length in `init.headers`
 * (`Content-Length`), as a stream body does not carry one; the bytes must not change
 * afterwards.
 */
export function bytesResponse(bytes: Uint8Array, init: ResponseInit): Response {
  const response = new Response(copyOnRead(bytes), init);
  heldBytes.set(response, bytes);
  return response;
}

/**
 * The bytes a response from {@link bytesResponse} was built with, for an adapter that
 * sends them in place of the body; undefined for any other response. The body is then
 * left unread, and the adapter should cancel it.
 */
export function heldBytesOf(response: Response): Uint8Array | undefined {
  return heldBytes.get(response);
}
