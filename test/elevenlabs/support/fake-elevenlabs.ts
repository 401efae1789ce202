/**
 * A local server speaking ElevenLabs' documented wire format for the endpoints the
 * adapters call: text-to-speech with timestamps (base64 audio and character alignment),
 * streamed text-to-speech, and the account's voices (`GET /v2/voices`), with the voices'
 * previews. The speech is real: flite speaks the text and ffmpeg encodes it as the
 * constant-bitrate MP3 ElevenLabs answers by default, each character timed in it. It
 * records every request (path, `xi-api-key`, query, body fields) and can be told to
 * answer a path with a failure, or never, a set number of times.
 *
 * Runnable as a process (`node --import tsx fake-elevenlabs.ts`): it prints its base URL.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The key the fake accepts. */
export const FAKE_ELEVENLABS_KEY = "xi-test-reelkit-fake";

/** One request the fake received. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly apiKey: string | undefined;
  readonly query: Record<string, string>;
  readonly body: Record<string, unknown>;
}

/** A scripted answer for a path: a status and body, no answer at all, or the usual one. */
export type Scripted =
  | { readonly status: number; readonly body: unknown; readonly headers?: Record<string, string> }
  | "hang"
  | "answer";

/** The fake and how to steer it. */
export interface FakeElevenLabs {
  /** Base URL, as `ELEVENLABS_BASE_URL` takes it. */
  readonly baseUrl: string;
  readonly requests: SeenRequest[];
  /**
   * Answers the next calls to `path` as scripted, in order; `*` in place of a voice id
   * scripts the speech of any voice.
   */
  script(path: string, ...answers: Scripted[]): void;
  /** Forgets the scripted answers not given yet. */
  clearScripts(): void;
  /** The last speech answered: its text, its MP3 and each character's times. */
  readonly lastSpeech: () => SpokenText | undefined;
  /** Seconds of extra tone appended to streamed speech, for tests of large answers. */
  streamPaddingSeconds: number;
  close(): Promise<void>;
}

/** Speech the fake made. */
export interface SpokenText {
  readonly text: string;
  readonly mp3: Buffer;
  readonly seconds: number;
  readonly alignment: {
    readonly characters: string[];
    readonly character_start_times_seconds: number[];
    readonly character_end_times_seconds: number[];
  };
}

// --- documented error bodies -------------------------------------------------------------

/** ElevenLabs' answer when the account's character quota is spent (HTTP 401). */
export const QUOTA_EXCEEDED = {
  detail: {
    status: "quota_exceeded",
    message:
      "This request exceeds your quota of 10000. You have 12 credits remaining, while 627 credits are required for this request.",
  },
};

/** ElevenLabs' answer for a `voice_id` the account lacks. */
export const VOICE_NOT_FOUND = {
  detail: { status: "voice_not_found", message: "A voice with voice_id nope does not exist." },
};

/** ElevenLabs' refusal of a text under its terms (HTTP 400). */
export const BAD_PROMPT = {
  detail: {
    status: "bad_prompt",
    message:
      "Your prompt appears to have violated our Terms of Service. Please try again with a different prompt.",
  },
};

/** ElevenLabs' answer when too many requests run at once (HTTP 429). */
export const TOO_MANY_CONCURRENT = {
  detail: {
    status: "too_many_concurrent_requests",
    message: "Too many concurrent requests for this account.",
  },
};

/** A validation failure (HTTP 422), FastAPI's shape. */
export const UNPROCESSABLE = {
  detail: [{ loc: ["body", "text"], msg: "field required", type: "value_error.missing" }],
};

/** ElevenLabs' server-error body. */
export const SERVER_ERROR = {
  detail: { status: "internal_server_error", message: "An internal server error occurred." },
};

/** The documented example voice of `GET /v2/voices`, with a second, cloned one. */
export function voicesAnswer(baseUrl: string) {
  return {
    voices: [
      {
        voice_id: "21m00Tcm4TlvDq8ikWAM",
        name: "Rachel",
        category: "premade",
        labels: {
          accent: "american",
          descriptive: "calm",
          age: "young",
          gender: "female",
          use_case: "narration",
        },
        description: "A calm young American voice for narration.",
        preview_url: `${baseUrl}/previews/21m00Tcm4TlvDq8ikWAM.mp3`,
        verified_languages: [
          { language: "en", model_id: "eleven_multilingual_v2", locale: "en-US" },
          { language: "es", model_id: "eleven_multilingual_v2", locale: "es-ES" },
        ],
      },
      {
        voice_id: "cl0neDv01ce00000000",
        name: "Founder",
        category: "cloned",
        labels: { gender: "male", age: "middle_aged" },
        preview_url: `${baseUrl}/previews/cl0neDv01ce00000000.mp3`,
      },
      { voice_id: "n0Prev1ew0000000000", name: "Silent", category: "generated" },
    ],
    has_more: false,
    total_count: 3,
    next_page_token: null,
  };
}

// --- speech ----------------------------------------------------------------------------------

/** A constant-bitrate 128 kb/s MP3 at 44.1 kHz of `text` spoken by flite, and `tone` seconds of 440 Hz after. */
export function spokenMp3(text: string, toneSeconds = 0): Buffer {
  const directory = mkdtempSync(join(tmpdir(), "fake-elevenlabs-"));
  try {
    const wav = join(directory, "speech.wav");
    const mp3 = join(directory, "speech.mp3");
    execFileSync("flite", ["-t", text, "-o", wav]);
    const filter =
      toneSeconds > 0
        ? ["-f", "lavfi", "-i", `sine=frequency=440:duration=${toneSeconds}:sample_rate=44100`]
        : [];
    const mix =
      toneSeconds > 0
        ? [
            "-filter_complex",
            "[0:a]aresample=44100[a];[a][1:a]concat=n=2:v=0:a=1[out]",
            "-map",
            "[out]",
          ]
        : [];
    execFileSync("ffmpeg", [
      ...["-v", "error", "-y", "-i", wav, ...filter, ...mix],
      ...["-ar", "44100", "-ac", "1", "-c:a", "libmp3lame", "-b:a", "128k"],
      ...["-write_xing", "0", "-id3v2_version", "0", "-f", "mp3", mp3],
    ]);
    return readFileSync(mp3);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Each character of `text` timed evenly over `seconds`, as ElevenLabs aligns them. */
export function evenAlignment(text: string, seconds: number): SpokenText["alignment"] {
  const characters = [...text];
  const each = seconds / Math.max(1, characters.length);
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    characters,
    character_start_times_seconds: characters.map((_, index) => round(index * each)),
    character_end_times_seconds: characters.map((_, index) => round((index + 1) * each)),
  };
}

// --- server ----------------------------------------------------------------------------------

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const raw = Buffer.concat(parts).toString("utf8");
  return raw === "" ? {} : JSON.parse(raw);
}

function json(response: ServerResponse, status: number, body: unknown, headers = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

async function sendInPieces(response: ServerResponse, bytes: Buffer) {
  response.writeHead(200, { "content-type": "audio/mpeg", "transfer-encoding": "chunked" });
  const piece = 16 * 1024;
  for (let at = 0; at < bytes.byteLength; at += piece) {
    if (!response.write(bytes.subarray(at, at + piece))) {
      await new Promise((resolve) => response.once("drain", resolve));
    }
  }
  response.end();
}

const SPEECH_PATH = /^\/v1\/text-to-speech\/([^/]+)(\/with-timestamps|\/stream)?$/;

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeElevenLabs(): Promise<FakeElevenLabs> {
  const requests: SeenRequest[] = [];
  const scripted = new Map<string, Scripted[]>();
  let last: SpokenText | undefined;
  const fake = { streamPaddingSeconds: 0 };
  let baseUrl = "";

  function speak(text: string, toneSeconds = 0): SpokenText {
    const mp3 = spokenMp3(text, toneSeconds);
    const seconds = (mp3.byteLength * 8) / 128_000;
    last = { text, mp3, seconds, alignment: evenAlignment(text, seconds - toneSeconds) };
    return last;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    const body = await readBody(request);
    const apiKey = request.headers["xi-api-key"];
    requests.push({
      method: request.method ?? "",
      path,
      apiKey: typeof apiKey === "string" ? apiKey : undefined,
      query: Object.fromEntries(url.searchParams),
      body,
    });
    if (path.startsWith("/previews/")) {
      return sendInPieces(response, spokenMp3("Hello, this is my voice."));
    }
    if (apiKey !== FAKE_ELEVENLABS_KEY) {
      return json(response, 401, {
        detail: { status: "invalid_api_key", message: "Invalid API key" },
      });
    }
    // A speech path may be scripted for any voice, as `/v1/text-to-speech/*/...`.
    const anyVoice = path.replace(/^(\/v1\/text-to-speech\/)[^/]+/, "$1*");
    const next = (
      scripted.get(path)?.length ? scripted.get(path) : scripted.get(anyVoice)
    )?.shift();
    if (next === "hang") return; // never answered: the client's timeout ends it
    if (next !== undefined && next !== "answer") {
      return json(response, next.status, next.body, next.headers);
    }
    if (path === "/v2/voices") return json(response, 200, voicesAnswer(baseUrl));
    const speech = SPEECH_PATH.exec(path);
    if (speech?.[2] === "/with-timestamps") {
      const spoken = speak(String(body.text));
      return json(response, 200, {
        audio_base64: spoken.mp3.toString("base64"),
        alignment: spoken.alignment,
        normalized_alignment: spoken.alignment,
      });
    }
    if (speech?.[2] === "/stream") {
      return sendInPieces(response, speak(String(body.text), fake.streamPaddingSeconds).mp3);
    }
    json(response, 404, { detail: { status: "not_found", message: `Unknown path ${path}` } });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      response.destroy(error as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  baseUrl = `http://127.0.0.1:${address.port}`;
  return Object.assign(fake, {
    baseUrl,
    requests,
    lastSpeech: () => last,
    clearScripts: () => scripted.clear(),
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
  const fake = await startFakeElevenLabs();
  process.stdout.write(`${fake.baseUrl}\n`);
}
