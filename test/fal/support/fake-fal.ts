/**
 * A local server speaking fal's queue wire format as its client and its Inference API
 * reference describe it: `POST /{endpoint}` answers the queued request
 * (`request_id`, `status_url`, `response_url`, `cancel_url`, `IN_QUEUE`),
 * `GET /{owner}/{app}/requests/{id}/status` answers 202 while queued or in progress and
 * 200 once `COMPLETED`, `GET /{owner}/{app}/requests/{id}` the model's output (a `video`
 * or `images` file on the server's own file URL), `PUT .../cancel` 202. It records every
 * request (method, path, authorization, body) and can be told to answer a kind of request
 * with a failure, or never, a set number of times.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The key the fake accepts. */
export const FAKE_FAL_KEY = "fal-test-key:reelkit-fake-secret";

/** One request the fake received. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
}

/** The kinds of request a script can steer. */
export type FalRequestKind = "submit" | "status" | "result" | "file";

/** A scripted answer: a status, body and headers; no answer at all; or the usual one. */
export type Scripted =
  | { readonly status: number; readonly body: unknown; readonly headers?: Record<string, string> }
  | "hang"
  | "answer";

/** The fake and how to steer it. */
export interface FakeFal {
  /** The queue's base URL, as `FAL_QUEUE_URL` takes it. */
  readonly queueUrl: string;
  readonly requests: SeenRequest[];
  /** Answers the next requests of a kind as scripted, in order. */
  script(kind: FalRequestKind, ...answers: Scripted[]): void;
  /** Status polls answered `IN_PROGRESS` before `COMPLETED`; 1 by default. */
  pollsBeforeDone: number;
  /** The output: a video (the default) or an image. */
  output: "video" | "image";
  /** Size of the file served, in bytes; the tiny MP4 when undefined. */
  fileBytes: number | undefined;
  /** Extra fields of the result (such as `has_nsfw_concepts`). */
  resultExtras: Record<string, unknown>;
  /** Forgets the requests and scripts, numbers requests from `req-1` again, and restores the defaults. */
  reset(): void;
  close(): Promise<void>;
}

// --- documented error bodies -------------------------------------------------------------

/** A model's content-policy refusal (fal's model errors: `detail`, a list of typed errors). */
export const CONTENT_POLICY_VIOLATION = {
  detail: [
    {
      loc: ["body", "prompt"],
      msg: "The content was flagged by a content checker.",
      type: "content_policy_violation",
      url: "https://docs.fal.ai/errors#content_policy_violation",
      input: "the flagged input",
    },
  ],
};

/** A platform error (fal's request errors: `detail`, a sentence, and `error_type`). */
export const RUNNER_DISCONNECTED = {
  detail: "The runner disconnected unexpectedly.",
  error_type: "runner_disconnected",
};

/** A rate limit's body. */
export const RATE_LIMITED = { detail: "Too many concurrent requests." };

/** A tiny real MP4 (H.264, 64x48, one second of a test pattern), made with ffmpeg. */
export function tinyMp4(): Buffer {
  const folder = mkdtempSync(join(tmpdir(), "fake-fal-"));
  try {
    const path = join(folder, "clip.mp4");
    execFileSync(
      "ffmpeg",
      [
        ...["-hide_banner", "-loglevel", "error", "-f", "lavfi"],
        ...["-i", "testsrc=size=64x48:rate=10:duration=1"],
        ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart", path],
      ],
      { stdio: "ignore" },
    );
    return readFileSync(path);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A 2x2 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAwMDAAAAeAAPJ2hZYAAAAAElFTkSuQmCC",
  "base64",
);

function json(response: ServerResponse, status: number, body: unknown, headers = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? undefined : JSON.parse(text);
}

function kindOf(method: string, path: string): FalRequestKind | "cancel" {
  if (path.startsWith("/files/")) return "file";
  if (method === "PUT") return "cancel";
  if (method === "POST") return "submit";
  return path.endsWith("/status") ? "status" : "result";
}

// Serves `size` bytes in 64 KiB chunks, never holding more than one.
function serveLarge(response: ServerResponse, size: number) {
  response.writeHead(200, { "content-type": "video/mp4", "content-length": String(size) });
  const chunk = Buffer.alloc(64 * 1024, 7);
  let left = size;
  const write = () => {
    while (left > 0) {
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      if (!response.write(part)) return void response.once("drain", write);
    }
    response.end();
  };
  write();
}

/** Starts the fake on a free port. */
export async function startFakeFal(): Promise<FakeFal> {
  const mp4 = tinyMp4();
  const scripts = new Map<FalRequestKind, Scripted[]>();
  const polls = new Map<string, number>();
  let counter = 0;
  let origin = "";
  const hanging: ServerResponse[] = [];
  const fake: Omit<FakeFal, "queueUrl" | "close" | "reset"> = {
    requests: [],
    pollsBeforeDone: 1,
    output: "video",
    fileBytes: undefined,
    resultExtras: {},
    script(kind, ...answers) {
      scripts.set(kind, [...(scripts.get(kind) ?? []), ...answers]);
    },
  };
  const answer = (request: IncomingMessage, response: ServerResponse, path: string) => {
    const kind = kindOf(request.method ?? "GET", path);
    const app = path.split("/").slice(1, 3).join("/");
    if (kind === "cancel") return json(response, 202, { status: "CANCELLATION_REQUESTED" });
    if (kind === "submit") {
      counter += 1;
      const id = `req-${counter}`;
      const base = `${origin}/${app}/requests/${id}`;
      return json(response, 200, {
        status: "IN_QUEUE",
        request_id: id,
        response_url: base,
        status_url: `${base}/status`,
        cancel_url: `${base}/cancel`,
        queue_position: 0,
      });
    }
    const id = path.split("/")[4] ?? "";
    if (kind === "status") {
      const seen = (polls.get(id) ?? 0) + 1;
      polls.set(id, seen);
      const done = seen > fake.pollsBeforeDone;
      const base = `${origin}/${app}/requests/${id}`;
      return json(response, done ? 200 : 202, {
        status: done ? "COMPLETED" : "IN_PROGRESS",
        request_id: id,
        response_url: base,
        status_url: `${base}/status`,
        cancel_url: `${base}/cancel`,
        logs: [],
      });
    }
    if (kind === "result") {
      const file = `${origin}/files/${id}.${fake.output === "video" ? "mp4" : "png"}`;
      const output =
        fake.output === "video"
          ? { video: { url: file, content_type: "video/mp4", file_name: `${id}.mp4` } }
          : { images: [{ url: file, content_type: "image/png", width: 2, height: 2 }] };
      return json(response, 200, { ...output, ...fake.resultExtras, seed: 42 });
    }
    if (fake.fileBytes !== undefined) return serveLarge(response, fake.fileBytes);
    const bytes = path.endsWith(".png") ? PNG : mp4;
    response.writeHead(200, { "content-type": path.endsWith(".png") ? "image/png" : "video/mp4" });
    response.end(bytes);
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? "/").split("?")[0] ?? "/";
      const body = await bodyOf(request);
      const authorization = request.headers.authorization;
      fake.requests.push({ method: request.method ?? "GET", path, authorization, body });
      const kind = kindOf(request.method ?? "GET", path);
      if (kind !== "file" && authorization !== `Key ${FAKE_FAL_KEY}`) {
        return json(response, 401, { detail: "Invalid API key." });
      }
      const scripted = kind === "cancel" ? undefined : scripts.get(kind)?.shift();
      if (scripted === "hang") return void hanging.push(response);
      if (scripted !== undefined && scripted !== "answer") {
        return json(response, scripted.status, scripted.body, scripted.headers);
      }
      answer(request, response, path);
    })().catch((error: unknown) => json(response, 500, { detail: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  origin = `http://127.0.0.1:${address.port}`;
  return Object.assign(fake, {
    queueUrl: origin,
    reset() {
      fake.requests.length = 0;
      fake.pollsBeforeDone = 1;
      fake.output = "video" as const;
      fake.fileBytes = undefined;
      fake.resultExtras = {};
      scripts.clear();
      polls.clear();
      counter = 0;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
