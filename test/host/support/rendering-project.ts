/**
 * A running host's API as the end-to-end tests call it, and the project they render: the
 * simulated 3-second clip with a red corner panel and a title over it.
 */
import { parseFixtureText } from "../../../src/host/fixture.js";
import { type HostSetup, setupOf } from "../../../src/host/host-setup.js";
import type { RunningHost } from "../../../src/host/start-host.js";

// biome-ignore lint/suspicious/noExplicitAny: the tests read JSON bodies by path.
export type Json = any;

/** One organization holding `key`, whose simulated jobs finish at once. */
export function instantJobsSetup(key: string): HostSetup {
  const fixture = {
    organizations: [
      {
        id: 1,
        name: "Acme",
        credits: 1000,
        api_keys: [{ key, scopes: ["generations:read", "generations:write"] }],
      },
    ],
    simulator: { job_duration_ms: 0 },
  };
  const parsed = parseFixtureText(JSON.stringify(fixture), "test");
  if (!parsed.ok) throw new Error(parsed.error.join("\n"));
  return setupOf(parsed.value);
}

/** Calls of a host's `/v1` with one key. */
export interface HostClient {
  /** Sends a request and answers its JSON; anything but a 200 throws. */
  call(method: string, path: string, body?: unknown): Promise<Json>;
  /** Reads `path` until its `status` is none of `running`, and answers the last body. */
  poll(path: string, running: readonly string[]): Promise<Json>;
}

/** A client of `host` that sends `key`. */
export function hostClient(host: RunningHost, key: string): HostClient {
  const call = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${host.origin}/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: Json = await response.json();
    if (response.status !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
    return json;
  };
  const poll = async (path: string, running: readonly string[]): Promise<Json> => {
    for (;;) {
      const body = await call("GET", path);
      if (!running.includes(body.status)) return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { call, poll };
}

/** The project's id and the generation that made its clip. */
export interface RenderingProject {
  readonly id: number;
  readonly generationId: string;
}

/**
 * Generates the simulated clip, then makes a 16:9 project titled `title`: the clip
 * (3 s), a red 480 x 270 panel in the top-left corner for 3 s, and "Cold brew" from
 * 0.5 s for 2 s.
 */
export async function createRenderingProject(
  client: HostClient,
  title: string,
): Promise<RenderingProject> {
  const batch = await client.call("POST", "/generations", {
    type: "video_ad",
    template_slug: "unboxing",
    prompt: "Cold brew",
    aspect_ratio: "16:9",
  });
  const generationId: string = batch.generations[0].id;
  const generation = await client.poll(`/generations/${generationId}`, ["generating"]);
  if (generation.status !== "completed") {
    throw new Error(`The clip's generation ended ${JSON.stringify(generation)}`);
  }
  const project = await client.call("POST", "/editor/videos", { title, aspect_ratio: "16:9" });
  const id: number = project.video.id;
  await client.call("POST", `/editor/videos/${id}/media`, {
    url: generation.url,
    media_type: "video",
    duration_seconds: 3,
  });
  await client.call("PATCH", `/editor/videos/${id}`, {
    operations: [
      {
        type: "add_solid",
        left: 0,
        top: 0,
        width: 480,
        height: 270,
        duration_seconds: 3,
        style: { color: "#ff0000" },
      },
      { type: "add_text", text: "Cold brew", from_seconds: 0.5, duration_seconds: 2 },
    ],
  });
  return { id, generationId };
}
