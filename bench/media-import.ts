/**
 * Peak memory of importing a large video through the API on the reference host with
 * `--data-dir`: it starts `src/host/main.ts` (what `npm start` runs) in a child process,
 * asks for a direct upload URL, PUTs a video of 200 MiB (the video import limit) as a
 * stream, imports it with `POST /v1/editor/media` and its `source_url`, and samples the
 * host's resident memory (`VmRSS`, Linux) every 10 ms meanwhile.
 *
 * Usage: part of `npm run bench` (20 MiB with `--quick`), or on its own:
 *
 *   npx tsx bench/media-import.ts [--mebibytes N]
 *
 * The figure reported is the host's peak RSS above its RSS before the upload, as a share
 * of the file's size: a host that held the file whole would be at 1 or more.
 *
 * @module
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { DEMO_API_KEY } from "../src/host/host-setup.js";
import { VIDEO_IMPORT_MAX_BYTES } from "../src/schemas/limits.js";
import { placeholderMp4 } from "../src/simulated/placeholder-video.js";
import { residentKibibytes, startHostProcess } from "./support/host-process.js";
import type { ReportLine, ReportSection } from "./support/report.js";
import type { BenchOptions, BenchSuite } from "./support/suite.js";

const MEBIBYTE = 1024 * 1024;
const CHUNK_BYTES = MEBIBYTE;
const SAMPLE_EVERY_MILLISECONDS = 10;
const QUICK_MEBIBYTES = 20;
/** Peak RSS above the baseline, as a share of the file, that the import should stay under. */
export const IMPORT_PEAK_SHARE_MAX = 0.25;

/** What one import measured. */
export interface ImportFigures {
  readonly fileBytes: number;
  readonly baselineKibibytes: number;
  readonly peakKibibytes: number;
  readonly seconds: number;
  readonly importStatus: number;
}

// Only the fields this measurement reads, present on a 200 of the endpoints it calls.
interface ApiAnswer {
  readonly status: number;
  readonly body: {
    readonly source_url?: string;
    readonly upload?: { readonly url: string };
    readonly error?: unknown;
  };
}

async function callApi(origin: string, path: string, body: unknown): Promise<ApiAnswer> {
  const response = await fetch(`${origin}/v1${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${DEMO_API_KEY}`,
      "content-type": "application/json",
      "idempotency-key": `bench-${path}-${Date.now()}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as ApiAnswer["body"] };
}

// Streams a real MP4 head followed by filler, chunk by chunk with back-pressure, so the
// client never holds the file either.
function putVideo(url: string, totalBytes: number): Promise<number> {
  const head = placeholderMp4("16:9");
  const filler = Buffer.alloc(CHUNK_BYTES, 0);
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: "PUT",
      headers: { "content-type": "video/mp4", "content-length": String(totalBytes) },
    });
    outgoing.once("response", (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? 0));
    });
    outgoing.once("error", reject);
    let sent = 0;
    const writeMore = (): void => {
      while (sent < totalBytes) {
        const chunk =
          sent === 0 ? head : filler.subarray(0, Math.min(CHUNK_BYTES, totalBytes - sent));
        sent += chunk.byteLength;
        if (!outgoing.write(chunk)) {
          outgoing.once("drain", writeMore);
          return;
        }
      }
      outgoing.end();
    };
    writeMore();
  });
}

/** Starts a host on a fresh data directory, uploads and imports `fileBytes`, and stops it. */
export async function measureMediaImport(fileBytes: number): Promise<ImportFigures> {
  const dataDirectory = mkdtempSync(join(tmpdir(), "reelkit-bench-data-"));
  const { child, origin } = await startHostProcess(["--data-dir", dataDirectory]);
  const pid = child.pid ?? 0;
  try {
    const prepared = await callApi(origin, "/editor/media/upload-url", {
      filename: "bench.mp4",
      content_type: "video/mp4",
      size_bytes: fileBytes,
    });
    const { upload, source_url: sourceUrl } = prepared.body;
    if (upload === undefined || sourceUrl === undefined) {
      throw new Error(`upload-url: ${JSON.stringify(prepared.body)}`);
    }
    const baselineKibibytes = residentKibibytes(pid);
    let peakKibibytes = baselineKibibytes;
    const sampler = setInterval(() => {
      peakKibibytes = Math.max(peakKibibytes, residentKibibytes(pid));
    }, SAMPLE_EVERY_MILLISECONDS);
    const started = performance.now();
    const putStatus = await putVideo(upload.url, fileBytes);
    if (putStatus !== 200) throw new Error(`The PUT answered ${putStatus}.`);
    const imported = await callApi(origin, "/editor/media", { source_url: sourceUrl });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakKibibytes = Math.max(peakKibibytes, residentKibibytes(pid));
    return { fileBytes, baselineKibibytes, peakKibibytes, seconds, importStatus: imported.status };
  } finally {
    child.kill("SIGTERM");
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

/** The report lines of one measurement. */
export function importLines(figures: ImportFigures): ReportLine[] {
  const mebibytes = (kibibytes: number) => (kibibytes / 1024).toFixed(1);
  const share = ((figures.peakKibibytes - figures.baselineKibibytes) * 1024) / figures.fileBytes;
  const file = `${(figures.fileBytes / MEBIBYTE).toFixed(0)} MiB`;
  return [
    {
      kind: "figure",
      label: `direct upload + import of a ${file} video (--data-dir), host RSS`,
      text: `${mebibytes(figures.baselineKibibytes)} MiB before, ${mebibytes(figures.peakKibibytes)} MiB peak, ${figures.seconds.toFixed(1)} s, import ${figures.importStatus}`,
    },
    {
      kind: "figure",
      label: "peak RSS above the baseline / file size",
      text: share.toFixed(3),
      value: share,
      target: { comparison: "at-most", value: IMPORT_PEAK_SHARE_MAX },
    },
  ];
}

/** The media import suite of `npm run bench`. */
export const mediaImportSuite: BenchSuite = {
  name: "media import",
  async register(options: BenchOptions): Promise<ReportSection> {
    const fileBytes = options.quick ? QUICK_MEBIBYTES * MEBIBYTE : VIDEO_IMPORT_MAX_BYTES;
    const figures = await measureMediaImport(fileBytes);
    if (figures.importStatus !== 200)
      throw new Error(`The import answered ${figures.importStatus}.`);
    return { title: "media import", lines: importLines(figures) };
  },
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { mebibytes: { type: "string" } } });
  const mebibytes = values.mebibytes === undefined ? undefined : Number(values.mebibytes);
  const fileBytes = mebibytes === undefined ? VIDEO_IMPORT_MAX_BYTES : mebibytes * MEBIBYTE;
  for (const line of importLines(await measureMediaImport(fileBytes))) {
    console.log(`${line.label}: ${line.kind === "figure" ? line.text : ""}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
