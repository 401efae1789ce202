/**
 * A real S3-compatible server for the S3 adapter's tests: s3rver (from npm) on a free
 * port of 127.0.0.1, storing into a temporary folder, with one bucket. s3rver checks a
 * presigned URL's expiry but not its SigV4 signature, so a small front checks the
 * signature of every presigned request against the request as it arrives (method,
 * path, query and the values of the signed headers), as S3 does: a PUT whose
 * `Content-Type` or length differs from the signed ones, or an altered URL, is refused
 * with 403 `SignatureDoesNotMatch` before s3rver sees it.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/** s3rver's built-in account. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
export const LOCAL_S3_REGION = "us-east-1";
export const LOCAL_S3_BUCKET = "reelkit-media";

/** A running local S3 server. */
export interface LocalS3 {
  readonly endpoint: string;
  close(): Promise<void>;
}

function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function hmac(key: string | Buffer, text: string): Buffer {
  return createHmac("sha256", key).update(text).digest();
}

// The SigV4 signature a presigned request should carry, computed from the request as it
// arrived; undefined when the request is not presigned.
function expectedSignature(
  request: IncomingMessage,
): { given: string; expected: string } | undefined {
  const url = new URL(request.url ?? "/", "http://local");
  const given = url.searchParams.get("X-Amz-Signature");
  if (given === null) return undefined;
  const credential = url.searchParams.get("X-Amz-Credential") ?? "";
  const [, date = "", region = "", service = ""] = credential.split("/");
  const amzDate = url.searchParams.get("X-Amz-Date") ?? "";
  const signedHeaders = url.searchParams.get("X-Amz-SignedHeaders") ?? "";
  const query = [...url.searchParams]
    .filter(([name]) => name !== "X-Amz-Signature")
    .map(([name, value]) => `${encodeRfc3986(name)}=${encodeRfc3986(value)}`)
    .sort()
    .join("&");
  const headers = signedHeaders
    .split(";")
    .map((name) => `${name}:${String(request.headers[name] ?? "").trim()}\n`)
    .join("");
  const payload = url.searchParams.get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD";
  const rawPath = (request.url ?? "/").split("?")[0] ?? "/";
  const canonical = [request.method, rawPath, query, headers, signedHeaders, payload].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    scope,
    createHash("sha256").update(canonical).digest("hex"),
  ].join("\n");
  let key = hmac(`AWS4${LOCAL_S3_CREDENTIALS.secretAccessKey}`, date);
  for (const part of [region, service, "aws4_request"]) key = hmac(key, part);
  return { given, expected: hmac(key, toSign).toString("hex") };
}

function signatureMatches(request: IncomingMessage): boolean {
  const signature = expectedSignature(request);
  if (signature === undefined) return true;
  const given = Buffer.from(signature.given);
  const expected = Buffer.from(signature.expected);
  return given.byteLength === expected.byteLength && timingSafeEqual(given, expected);
}

function refuse(response: ServerResponse): void {
  response.writeHead(403, { "Content-Type": "application/xml" });
  response.end(
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code>' +
      "<Message>The request signature we calculated does not match the signature you provided." +
      "</Message></Error>",
  );
}

function listen(server: Server): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server.address() as AddressInfo));
  });
}

/** Starts s3rver behind the signature-checking front; rejects when it cannot start. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), "reelkit-s3-"));
  const s3rver = new S3rver({
    silent: true,
    directory,
    configureBuckets: [{ name: LOCAL_S3_BUCKET, configs: [] }],
  });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const server = createServer((request, response) => {
    if (signatureMatches(request)) handle(request, response);
    else {
      request.resume();
      refuse(response);
    }
  });
  const address = await listen(server);
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the local server for a test file: undefined with a warning when it cannot start
 * outside CI (the file's tests are then skipped); under CI=true the error is thrown, so
 * the file fails instead of skipping.
 */
export async function startLocalS3ForTests(): Promise<LocalS3 | undefined> {
  try {
    return await startLocalS3();
  } catch (error) {
    if (process.env.CI === "true") throw error;
    console.warn(`S3 adapter tests skipped: the local S3 server did not start (${error}).`);
    return undefined;
  }
}
