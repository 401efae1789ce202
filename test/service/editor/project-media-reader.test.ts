import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { collectBytes } from "../../../src/media/byte-streams.js";
import { createStaticUrlFetcher } from "../../../src/media/static-fetcher.js";
import { createMemoryMediaStorage } from "../../../src/memory/media-storage.js";
import { createFileMediaStorage } from "../../../src/node/file-media-storage.js";
import { createProjectMediaReader } from "../../../src/service/editor/render/project-media-reader.js";

const BASE = "http://127.0.0.1:8787/files";
const directories: string[] = [];
afterEach(async () => {
  for (const directory of directories.splice(0))
    await rm(directory, { recursive: true, force: true });
});

const request = (url: string, maxBytes = 1000) => ({
  url,
  kind: "video" as const,
  maxBytes,
  signal: new AbortController().signal,
});

describe("the project media reader", () => {
  it("hands the renderer a stored file's local path when the storage has one", async () => {
    const directory = await mkdtemp(join(tmpdir(), "reelkit-reader-"));
    directories.push(directory);
    const mediaStorage = await createFileMediaStorage({ directory, baseUrl: BASE });
    const stored = await mediaStorage.put("media/1/a.mp4", new Uint8Array([1, 2, 3]), {
      contentType: "video/mp4",
    });
    const read = createProjectMediaReader({ mediaStorage, urlFetcher: createStaticUrlFetcher({}) });
    expect(await read(request(stored.url))).toEqual({
      ok: true,
      value: { path: await mediaStorage.localPathOf("media/1/a.mp4") },
    });
    expect(await read(request(stored.url, 2))).toEqual({
      ok: false,
      error: `${stored.url} is larger than the 2 bytes a render reads.`,
    });
  });

  it("streams a stored file from a storage without local paths", async () => {
    const mediaStorage = createMemoryMediaStorage({ publicBaseUrl: BASE });
    const stored = await mediaStorage.put("media/1/a.mp4", new Uint8Array([4, 5]), {
      contentType: "video/mp4",
    });
    const read = createProjectMediaReader({ mediaStorage, urlFetcher: createStaticUrlFetcher({}) });
    const answer = await read(request(stored.url));
    if (!answer.ok || !(answer.value instanceof ReadableStream))
      throw new Error("expected a stream");
    expect([...((await collectBytes(answer.value, 10)) ?? [])]).toEqual([4, 5]);
    await mediaStorage.delete("media/1/a.mp4");
    expect(await read(request(stored.url))).toEqual({
      ok: false,
      error: `No stored file has the URL ${stored.url}.`,
    });
  });
});
