/**
 * A local server speaking OpenAI's documented wire format for the four endpoints the
 * adapters call (images/generations, audio/speech, audio/transcriptions,
 * chat/completions), with answers shaped like the API reference's examples. It records
 * every request (path, authorization, body fields) and can be told to answer a path with
 * a failure, or never, a set number of times.
 *
 * Runnable as a process (`node --import tsx fake-openai.ts`): it prints its base URL.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

/** The key the fake accepts. */
export const FAKE_OPENAI_KEY = "sk-test-reelkit-fake";

/** One request the fake received. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  /** The JSON body, or the multipart fields (files by their name and size). */
  readonly body: Record<string, unknown>;
}

/** A scripted answer for a path: a status and body, no answer at all, or the usual one. */
export type Scripted =
  | { readonly status: number; readonly body: unknown; readonly headers?: Record<string, string> }
  | "hang"
  | "answer";

/** The fake and how to steer it. */
export interface FakeOpenAI {
  /** Base URL with `/v1`, as `OPENAI_BASE_URL` takes it. */
  readonly baseURL: string;
  readonly requests: SeenRequest[];
  /** Answers the next calls to `path` (such as `/v1/images/generations`) as scripted, in order. */
  script(path: string, ...answers: Scripted[]): void;
  /** Bytes of WAV the speech endpoint answers per spoken word; larger for streaming tests. */
  speechBytesPerWord: number;
  close(): Promise<void>;
}

// --- documented error bodies -------------------------------------------------------------

/** The error body OpenAI answers a refused image prompt with (gpt-image-1). */
export const MODERATION_BLOCKED = {
  error: {
    message:
      "Your request was rejected as a result of our safety system. Your request may contain content that is not allowed by our safety system.",
    type: "image_generation_user_error",
    param: null,
    code: "moderation_blocked",
  },
};

/** OpenAI's rate-limit body. */
export const RATE_LIMITED = {
  error: {
    message: "Rate limit reached for gpt-image-1 in organization org-x on images per minute.",
    type: "requests",
    param: null,
    code: "rate_limit_exceeded",
  },
};

/** OpenAI's server-error body. */
export const SERVER_ERROR = {
  error: {
    message: "The server had an error while processing your request. Sorry about that!",
    type: "server_error",
    param: null,
    code: null,
  },
};

// --- media ---------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of one colour. */
export function solidPng(width: number, height: number, rgb: readonly number[]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Sample rate of the fake's speech, OpenAI's own 24 kHz. */
export const SPEECH_SAMPLE_RATE = 24_000;

// A streamed WAV as OpenAI sends it: the sizes in the header are unknown (0xFFFFFFFF).
function wavHeader(): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(0xffffffff, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SPEECH_SAMPLE_RATE, 24);
  header.writeUInt32LE(SPEECH_SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(0xffffffff, 40);
  return header;
}

// A 440 Hz tone, loud enough to be heard back from a render.
function tone(samples: number, offset: number): Buffer {
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = (offset + i) / SPEECH_SAMPLE_RATE;
    pcm.writeInt16LE(Math.round(Math.sin(2 * Math.PI * 440 * t) * 8000), i * 2);
  }
  return pcm;
}

// --- answers -------------------------------------------------------------------------------

function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== "");
}

function sentences(text: string): string[] {
  return (
    text
      .match(/[^.!?]+[.!?]*\s*/g)
      ?.map((part) => part.trim())
      .filter(Boolean) ?? [text]
  );
}

function chatAnswer(body: Record<string, unknown>): unknown {
  const format = body.response_format as { json_schema: { name: string } };
  const messages = body.messages as { content: string }[];
  const system = messages[0]?.content ?? "";
  const user = messages[1]?.content ?? "";
  let content: unknown;
  if (format.json_schema.name === "narration_script") {
    content = {
      script:
        "Octopuses have three hearts. Their blood is blue. They taste with their arms. Each arm can act on its own.",
    };
  } else if (format.json_schema.name === "scene_plan") {
    const script = user.slice(user.indexOf("\n") + 1).split("\nBrand kit")[0] ?? "";
    content = {
      scenes: sentences(script).map((text, index) => ({
        text,
        visual_prompt: `A deep-sea scene, number ${index + 1}`,
        target_seconds: Math.max(1, words(text).length / 2.5),
      })),
    };
  } else {
    const count = Number(/exactly (\d+) slides/.exec(system)?.[1] ?? 3);
    content = {
      slides: Array.from({ length: count }, (_, index) => ({
        headline: `Linen tip ${index + 1}`,
        visual_prompt: `Folded linen, photo ${index + 1}`,
      })),
    };
  }
  return {
    id: "chatcmpl-fake1",
    object: "chat.completion",
    created: 1741570283,
    model: body.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: JSON.stringify(content),
          refusal: null,
          annotations: [],
        },
        logprobs: null,
        finish_reason: "stop",
      },
    ],
    usage: { prompt_tokens: 19, completion_tokens: 10, total_tokens: 29 },
  };
}

// --- server ----------------------------------------------------------------------------------

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function fieldsOf(request: IncomingMessage, raw: Buffer): Promise<Record<string, unknown>> {
  const type = request.headers["content-type"] ?? "";
  if (type.startsWith("application/json")) return JSON.parse(raw.toString("utf8"));
  if (!type.startsWith("multipart/form-data")) return {};
  const form = await new Response(new Uint8Array(raw), {
    headers: { "content-type": type },
  }).formData();
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    const shown = typeof value === "string" ? value : { name: value.name, size: value.size };
    const earlier = fields[name];
    fields[name] = earlier === undefined ? shown : [earlier, shown].flat();
  }
  return fields;
}

function json(response: ServerResponse, status: number, body: unknown, headers = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: SeenRequest[] = [];
  const scripted = new Map<string, Scripted[]>();
  let lastSpoken = { text: "", seconds: 0 };
  const fake = { speechBytesPerWord: SPEECH_SAMPLE_RATE * 2 * 0.4 };

  async function speak(response: ServerResponse, body: Record<string, unknown>) {
    const spoken = words(String(body.input));
    const samples = Math.round((spoken.length * fake.speechBytesPerWord) / 2);
    lastSpoken = { text: String(body.input), seconds: samples / SPEECH_SAMPLE_RATE };
    response.writeHead(200, { "content-type": "audio/wav", "transfer-encoding": "chunked" });
    response.write(wavHeader());
    // Sent in 32 KiB pieces, as a streamed answer arrives.
    const piece = 16 * 1024;
    for (let at = 0; at < samples; at += piece) {
      const part = tone(Math.min(piece, samples - at), at);
      if (!response.write(part)) await new Promise((resolve) => response.once("drain", resolve));
    }
    response.end();
  }

  function transcript(response: ServerResponse) {
    const spoken = words(lastSpoken.text);
    const each = lastSpoken.seconds / Math.max(1, spoken.length);
    json(response, 200, {
      task: "transcribe",
      language: "english",
      duration: lastSpoken.seconds,
      text: lastSpoken.text,
      words: spoken.map((word, index) => ({
        word: word.replace(/[.,!?]/g, ""),
        start: index * each,
        end: (index + 0.9) * each,
      })),
      segments: [],
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    const path = new URL(request.url ?? "/", "http://fake").pathname;
    const body = await fieldsOf(request, raw);
    requests.push({
      method: request.method ?? "",
      path,
      authorization: request.headers.authorization,
      body,
    });
    if (request.headers.authorization !== `Bearer ${FAKE_OPENAI_KEY}`) {
      return json(response, 401, {
        error: {
          message: "Incorrect API key provided.",
          type: "invalid_request_error",
          param: null,
          code: "invalid_api_key",
        },
      });
    }
    const next = scripted.get(path)?.shift();
    if (next === "hang") return; // never answered: the client's timeout ends it
    if (next !== undefined && next !== "answer") {
      return json(response, next.status, next.body, next.headers);
    }
    if (path === "/v1/images/generations") {
      const [width, height] = String(body.size).split("x").map(Number) as [number, number];
      const png = solidPng(width, height, [40, 120, 200]);
      return json(response, 200, {
        created: 1713833628,
        data: [{ b64_json: png.toString("base64") }],
        usage: { total_tokens: 100, input_tokens: 50, output_tokens: 50 },
      });
    }
    if (path === "/v1/audio/speech") return speak(response, body);
    if (path === "/v1/audio/transcriptions") return transcript(response);
    if (path === "/v1/chat/completions") return json(response, 200, chatAnswer(body));
    json(response, 404, {
      error: { message: `Unknown path ${path}`, type: "invalid_request_error" },
    });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      response.destroy(error as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return Object.assign(fake, {
    baseURL: `http://127.0.0.1:${address.port}/v1`,
    requests,
    script(path: string, ...answers: Scripted[]) {
      scripted.set(path, [...(scripted.get(path) ?? []), ...answers]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fake = await startFakeOpenAI();
  process.stdout.write(`${fake.baseURL}\n`);
}
