/**
 * The product benchmark (reelkit/render with a real ffmpeg), measured outside mitata
 * because one sample is seconds long: a faceless video of 30 s at 720p made end to end
 * with the simulated providers (the request, then every step of its workflow: script,
 * scenes, pictures, narration, word timing, project, render), against an export of the
 * very project it built, in alternating rounds so that both meet the same load.
 *
 * - wall time of the whole product ÷ the video's length: target at most 1.0 (the video
 *   is ready before it could have been watched);
 * - CPU of the whole product (this process and ffmpeg) ÷ CPU of exporting its finished
 *   project: target at most 1.3, since everything but the render should be cheap.
 *
 * Without ffmpeg the suite says so and reports nothing.
 *
 * @module
 */
import { join } from "node:path";
import { createProjectMediaReader, createService } from "reelkit";
import { type EditorState, planRender } from "reelkit/editor";
import { createFetchHandler } from "reelkit/http";
import { createMemoryPorts } from "reelkit/memory";
import { createFfmpegRenderer, type Renderer } from "reelkit/render";
import { API_SCOPES } from "reelkit/schemas";
import { createSimulatedProviders } from "reelkit/simulated";
import { totalCpuSeconds } from "./support/cpu.js";
import { ffmpegSuite } from "./support/ffmpeg-suite.js";
import type { ReportLine } from "./support/report.js";
import type { BenchSuite } from "./support/suite.js";

/** Wall time of a product over its video's length, at most. */
export const PRODUCT_WALL_PER_VIDEO_SECOND_MAX = 1.0;
/** CPU of a product over the CPU of exporting its project, at most. */
export const PRODUCT_CPU_TO_EXPORT_MAX = 1.3;

const KEY = "rk_bench_products";
const ORIGIN = "http://bench.products";

interface ProductPlan {
  /** Requested length of the faceless video. */
  readonly seconds: number;
  /** Rounds of one product and one export each (the medians are reported). */
  readonly rounds: number;
}

const FULL: ProductPlan = { seconds: 30, rounds: 3 };
const QUICK: ProductPlan = { seconds: 10, rounds: 1 };

interface Sample {
  readonly wallSeconds: number;
  readonly cpuSeconds: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function timed(work: () => Promise<void>): Promise<Sample> {
  const cpuBefore = totalCpuSeconds() ?? 0;
  const started = process.hrtime.bigint();
  await work();
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { wallSeconds, cpuSeconds: (totalCpuSeconds() ?? 0) - cpuBefore };
}

// A service on memory ports and the simulated providers, rendering with ffmpeg.
function productService() {
  const ports = createMemoryPorts({
    origin: ORIGIN,
    organizations: [{ id: 1, credits: 1_000_000, apiKeys: [{ key: KEY, scopes: API_SCOPES }] }],
  });
  const renderer = createFfmpegRenderer({
    readMedia: createProjectMediaReader({
      mediaStorage: ports.mediaStorage,
      urlFetcher: ports.urlFetcher,
    }),
  });
  const service = createService({ ...ports, ...createSimulatedProviders(ports), renderer });
  return { ports, service, renderer, handler: createFetchHandler(service.api) };
}

interface MadeProduct {
  readonly state: EditorState;
  readonly durationSeconds: number;
}

type ProductService = ReturnType<typeof productService>;

// One faceless video, from its request to its stored MP4.
async function makeProduct(
  { ports, service, handler }: ProductService,
  { seconds, round }: { seconds: number; round: number },
): Promise<MadeProduct> {
  const response = await handler(
    new Request(`${ORIGIN}/v1/faceless-videos`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({
        prompt: `Three facts about deep-sea octopuses, take ${round}`,
        duration: seconds,
        idempotency_key: `bench-product-${round}`,
      }),
    }),
  );
  const created = (await response.json()) as { video_id?: number };
  await ports.queue.runPending(service.processJob);
  const video = await ports.stores.videos.get(1 as never, created.video_id ?? 0);
  const rendered = video?.workflow?.rendered;
  if (video?.status !== "completed" || video.editor === null || rendered == null) {
    throw new Error(`The benchmark's faceless video did not complete: ${JSON.stringify(video)}`);
  }
  return { state: video.editor, durationSeconds: rendered.durationSeconds };
}

async function exportOf(renderer: Renderer, state: EditorState, output: string): Promise<void> {
  const planned = planRender(state, { width: 720 });
  if (!planned.ok) throw new Error(`The product's project does not plan: ${planned.error.message}`);
  const rendered = await renderer.renderVideo(planned.value, { path: output });
  if (!rendered.ok) throw new Error(`The export failed: ${rendered.error.message}`);
}

async function measure(settings: ProductPlan, output: string): Promise<ReportLine[]> {
  const products: Sample[] = [];
  const exports: Sample[] = [];
  let length = 0;
  for (let round = 0; round < settings.rounds; round += 1) {
    // A fresh service each round; the export reads the pictures and the narration from
    // the storage the product wrote them to.
    const built = productService();
    let made: MadeProduct | undefined;
    products.push(
      await timed(async () => {
        made = await makeProduct(built, { seconds: settings.seconds, round });
      }),
    );
    if (made === undefined) throw new Error("The product was not made.");
    const { state, durationSeconds } = made;
    length = durationSeconds;
    exports.push(await timed(() => exportOf(built.renderer, state, output)));
  }
  const wall = median(products.map((sample) => sample.wallSeconds));
  const productCpu = median(products.map((sample) => sample.cpuSeconds));
  const exportCpu = median(exports.map((sample) => sample.cpuSeconds));
  const size = `${length.toFixed(1)} s at 720p`;
  return [
    {
      kind: "figure",
      label: `faceless video end to end, ${size} (simulated providers)`,
      text: `${wall.toFixed(2)} s wall, ${productCpu.toFixed(1)} s CPU; its export alone ${median(exports.map((sample) => sample.wallSeconds)).toFixed(2)} s wall, ${exportCpu.toFixed(1)} s CPU`,
    },
    {
      kind: "figure",
      label: "faceless video wall time / video length",
      text: `${(wall / length).toFixed(2)}x`,
      value: wall / length,
      target: { comparison: "at-most", value: PRODUCT_WALL_PER_VIDEO_SECOND_MAX },
    },
    {
      kind: "figure",
      label: "faceless video CPU / CPU of exporting its project",
      text: `${(productCpu / exportCpu).toFixed(2)}x`,
      value: productCpu / exportCpu,
      target: { comparison: "at-most", value: PRODUCT_CPU_TO_EXPORT_MAX },
    },
  ];
}

/** The product benchmark suite. */
export const productsSuite: BenchSuite = ffmpegSuite({
  name: "products",
  title: "Products (faceless video, simulated providers, ffmpeg)",
  measure: (folder, options) => measure(options.quick ? QUICK : FULL, join(folder, "export.mp4")),
});
