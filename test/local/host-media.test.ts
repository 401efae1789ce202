import { createLocalTranscriptionProvider, LOCAL_VOICES, readPcmWav } from "reelkit/local";
import { expect, it } from "vitest";
import { DEMO_API_KEY, DEMO_FIXTURE, setupOf } from "../../src/host/host-setup.js";
import { startHost } from "../../src/host/start-host.js";
import { describeSpeech } from "./support/engines.js";

describeSpeech("the reference host with local speech", () => {
  it("lists the local voices, each with a preview that is audio of that voice, and real demo sounds", async () => {
    const host = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup: setupOf(DEMO_FIXTURE),
      speech: "local",
    });
    try {
      expect(host.speech.speech.kind).toBe("local");
      expect(host.speech.transcription.kind).toBe("local");
      const assets = await fetch(`${host.origin}/v1/assets`, {
        headers: { authorization: `Bearer ${DEMO_API_KEY}` },
      }).then((response) => response.json());
      const voices = assets.voices as { id: string; preview_url: string; locale: string[] }[];
      expect(voices.map((voice) => voice.id)).toEqual(LOCAL_VOICES.map((voice) => voice.id));
      expect(await host.media).toEqual({ soundCount: 10, voiceCount: LOCAL_VOICES.length });
      // The previews are read back over HTTP, as a client hears them.
      const previews = new Map<string, Uint8Array>();
      for (const voice of voices) {
        const response = await fetch(voice.preview_url);
        expect(response.headers.get("content-type")).toBe("audio/wav");
        previews.set(voice.preview_url, new Uint8Array(await response.arrayBuffer()));
      }
      const transcription = createLocalTranscriptionProvider({
        readMedia: async ({ url }) => {
          const bytes = previews.get(url);
          return bytes === undefined ? { ok: false, error: "unknown" } : { ok: true, value: bytes };
        },
      });
      const english = LOCAL_VOICES.filter((voice) => voice.engine === "flite");
      for (const voice of voices) {
        const wav = readPcmWav(previews.get(voice.preview_url) ?? new Uint8Array());
        expect(wav?.durationSeconds, voice.id).toBeGreaterThan(1.5);
        expect(wav?.durationSeconds, voice.id).toBeLessThan(8);
        const own = english.findIndex((candidate) => candidate.id === voice.id);
        if (own < 0) continue;
        const heard = await transcription.recognizePhrases({
          url: voice.preview_url,
          phrases: english.map((candidate) => candidate.previewText),
        });
        expect(heard.phraseIndex, voice.id).toBe(own);
      }
      const fingerprints = new Set(
        [...previews.values()].map((bytes) => bytes.subarray(44, 4044).join(",")),
      );
      expect(fingerprints.size).toBe(voices.length);
      const sounds = await host.wiring.deps.workspace.soundEffects();
      expect(sounds.filter((sound) => sound.tags.includes("music"))).toHaveLength(3);
      for (const sound of sounds) {
        const response = await fetch(sound.url);
        expect(response.status, sound.id).toBe(200);
        const wav = readPcmWav(new Uint8Array(await response.arrayBuffer()));
        expect(wav?.durationSeconds, sound.id).toBeCloseTo(sound.durationSeconds, 3);
      }
    } finally {
      await host.stop();
    }
  }, 180_000);

  it("refuses to start with --speech local when an engine is missing, naming it", async () => {
    await expect(
      startHost({
        port: 0,
        host: "127.0.0.1",
        setup: setupOf(DEMO_FIXTURE),
        speech: "local",
        ffmpegPath: "/nonexistent/ffmpeg",
      }),
    ).rejects.toThrow(
      '--speech local needs the local engines: ffmpeg was not found (looked for "/nonexistent/ffmpeg").',
    );
  });

  it("falls back to the simulated stand-ins where an engine is missing with --speech auto", async () => {
    const host = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup: setupOf(DEMO_FIXTURE),
      speech: "auto",
      ffmpegPath: "/nonexistent/ffmpeg",
    });
    try {
      expect(host.speech.speech.kind).toBe("local");
      expect(host.speech.transcription).toEqual({
        kind: "simulated",
        reason: 'ffmpeg was not found (looked for "/nonexistent/ffmpeg").',
      });
    } finally {
      await host.stop();
    }
  });
});
