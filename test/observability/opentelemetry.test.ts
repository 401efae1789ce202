/**
 * `reelkit/opentelemetry` on the OpenTelemetry SDK's in-memory exporters, through the
 * reference host: a paid request leaves a request span, spans of the credit and record
 * stores and of the job, and the request, job and credit metrics.
 */
import type { DataPoint, Histogram, MetricData } from "@opentelemetry/sdk-metrics";
import { MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { TELEMETRY_METRICS } from "reelkit";
import { createOpenTelemetry } from "reelkit/opentelemetry";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_API_KEY, DEMO_FIXTURE, setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import { staticAd } from "../service/generations/support.js";

class TestReader extends MetricReader {
  protected async onShutdown(): Promise<void> {}
  protected async onForceFlush(): Promise<void> {}
}

let host: RunningHost | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

async function collected(reader: TestReader): Promise<Map<string, MetricData>> {
  const { resourceMetrics } = await reader.collect();
  const all = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics);
  return new Map(all.map((metric) => [metric.descriptor.name, metric]));
}

const sumOf = (metric: MetricData | undefined): number =>
  ((metric?.dataPoints ?? []) as DataPoint<number>[]).reduce((sum, point) => sum + point.value, 0);

describe("OpenTelemetry through the reference host", () => {
  it("records spans and metrics of a paid request, an editor change, their stores and the job", async () => {
    const exporter = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    }).getTracer("reelkit");
    const reader = new TestReader();
    const meter = new MeterProvider({ readers: [reader] }).getMeter("reelkit");
    const setup = setupOf({ ...DEMO_FIXTURE, simulator: { job_duration_ms: 0 } });
    host = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup,
      telemetry: createOpenTelemetry({ tracer, meter }),
    });
    const headers = { authorization: `Bearer ${DEMO_API_KEY}` };
    const created = await fetch(`${host.origin}/v1/generations`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "idempotency-key": "otel-1" },
      body: JSON.stringify(staticAd()),
    });
    expect(created.status).toBe(200);
    const body = await created.json();
    const id = body.generations[0].id as string;
    const price = body.credits_deducted as number;
    expect(price).toBeGreaterThan(0);
    for (;;) {
      const read = await fetch(`${host.origin}/v1/generations/${id}`, { headers });
      if ((await read.json()).status !== "generating") break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const project = await fetch(`${host.origin}/v1/editor/videos`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ title: "Traced" }),
    });
    const videoId = (await project.json()).video.id as number;
    const patched = await fetch(`${host.origin}/v1/editor/videos/${videoId}`, {
      method: "PATCH",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ operations: [{ type: "set_title", title: "Retitled" }] }),
    });
    expect(patched.status).toBe(200);
    // The job's span ends after its last store call; the host stop waits for it.
    await host.stop();

    const spans = exporter.getFinishedSpans();
    const names = new Set(spans.map((span) => span.name));
    for (const name of [
      "POST /v1/generations",
      "GET /v1/generations/{id}",
      "credits.reserve",
      "credits.capture",
      "generations.insert",
      "videos.commitRevision",
      "PATCH /v1/editor/videos/{id}",
      "job generation",
    ]) {
      expect(names, name).toContain(name);
    }
    const request = spans.find((span) => span.name === "POST /v1/generations");
    expect(request?.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.route": "/v1/generations",
      "http.response.status_code": 200,
      "reelkit.organization_id": 1,
    });

    const metrics = await collected(reader);
    expect(sumOf(metrics.get(TELEMETRY_METRICS.creditsHeld))).toBe(price);
    expect(sumOf(metrics.get(TELEMETRY_METRICS.creditsCaptured))).toBe(price);
    const jobs = metrics.get(TELEMETRY_METRICS.jobs)?.dataPoints ?? [];
    expect(jobs.map((point) => [point.attributes, point.value])).toEqual([
      [{ kind: "generation", outcome: "completed" }, 1],
    ]);
    const requests = (metrics.get(TELEMETRY_METRICS.requests)?.dataPoints ?? []).find(
      (point) => point.attributes.route === "/v1/generations",
    );
    expect(requests?.attributes).toEqual({ method: "POST", route: "/v1/generations", status: 200 });
    expect(requests?.value).toBe(1);
    const durations = metrics.get(TELEMETRY_METRICS.requestDuration)?.dataPoints as
      | DataPoint<Histogram>[]
      | undefined;
    expect(
      durations?.reduce((count, point) => count + point.value.count, 0),
    ).toBeGreaterThanOrEqual(2);
  });

  it("marks a span failed and passes the rejection through unchanged", async () => {
    const exporter = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    }).getTracer("reelkit");
    const telemetry = createOpenTelemetry({ tracer });
    const failure = new Error("store down");
    await expect(
      telemetry.inSpan("credits.reserve", {}, () => Promise.reject(failure)),
    ).rejects.toBe(failure);
    const [span] = exporter.getFinishedSpans();
    expect(span?.status.code).toBe(2);
    expect(span?.events.map((event) => event.name)).toEqual(["exception"]);
  });
});
