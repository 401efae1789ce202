import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HostResolver } from "../../src/media/index.js";
import { createNodeHttpTransport, createNodeUrlFetcher } from "../../src/node/index.js";
import { type LocalServer, startHttpsServer } from "./local-server.js";
import { PNG_BYTES } from "./media-samples.js";

// A self-signed certificate for media.reelkit.test, valid until 2126, made for these tests.
const FIXTURES = join(import.meta.dirname, "fixtures");
const CERTIFICATE = readFileSync(join(FIXTURES, "tls-cert.pem"), "utf8");
const KEY = readFileSync(join(FIXTURES, "tls-key.pem"), "utf8");
const HOST = "media.reelkit.test";

let server: LocalServer;
let serverNames: (string | false | null | undefined)[] = [];

const resolveToLoopback: HostResolver = async (hostname) => {
  if (hostname === HOST || hostname === "other.reelkit.test") return ["127.0.0.1"];
  throw new Error(`ENOTFOUND ${hostname}`);
};

beforeAll(async () => {
  server = await startHttpsServer(CERTIFICATE, KEY, (request, response) => {
    serverNames.push((request.socket as import("node:tls").TLSSocket).servername);
    response.writeHead(200, { "content-type": "image/png" }).end(PNG_BYTES);
  });
});

afterAll(async () => {
  await server.close();
});

describe("createSafeUrlFetcher over HTTPS", () => {
  const options = {
    dangerouslyAllowLoopback: true,
    resolveHost: resolveToLoopback,
    transport: createNodeHttpTransport({ ca: CERTIFICATE }),
  };

  it("connects to the vetted address and verifies TLS against the URL's host name", async () => {
    serverNames = [];
    const result = await createNodeUrlFetcher(options).fetch(
      `https://${HOST}:${server.port}/logo.png`,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { bytes: PNG_BYTES, contentType: "image/png" },
    });
    expect(serverNames).toEqual([HOST]);
  });

  it("refuses a certificate that does not name the host", async () => {
    const result = await createNodeUrlFetcher(options).fetch(
      `https://other.reelkit.test:${server.port}/logo.png`,
    );
    expect(result).toMatchObject({ ok: false, error: { reason: "network_error" } });
  });

  it("refuses a certificate from an untrusted authority", async () => {
    const { transport: _transport, ...withDefaultTransport } = options;
    const result = await createNodeUrlFetcher(withDefaultTransport).fetch(
      `https://${HOST}:${server.port}/logo.png`,
    );
    expect(result).toMatchObject({ ok: false, error: { reason: "network_error" } });
  });
});
