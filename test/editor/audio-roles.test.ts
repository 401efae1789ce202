import { describe, expect, it } from "vitest";
import { type EditorAsset, inferAudioRole } from "../../src/editor/index.js";
import { asset } from "./support/fixtures.js";

describe("inferAudioRole", () => {
  it.each<[string, EditorAsset | undefined, string]>([
    [
      "a declared asset role",
      asset("a", "audio", { audioRole: "music", metadata: { voice_id: "x" } }),
      "music",
    ],
    ["metadata audio_role", asset("a", "audio", { metadata: { audio_role: "voice" } }), "voice"],
    ["metadata category", asset("a", "audio", { metadata: { category: "music" } }), "music"],
    [
      "a library sound",
      asset("a", "audio", { metadata: { sound_effect_id: "boom" } }),
      "sound_effect",
    ],
    ["synthesized speech", asset("a", "audio", { metadata: { voice_id: "ash" } }), "voiceover"],
    ["a My Media voice", asset("a", "audio", { metadata: { media_type: "voice" } }), "voice"],
    ["a video file", asset("a", "video"), "source_video"],
    ["plain audio", asset("a", "audio"), "audio"],
    ["an unknown role name", asset("a", "audio", { metadata: { role: "jingle" } }), "audio"],
    ["a missing asset", undefined, "audio"],
  ])("infers from %s", (_name, media, role) => {
    expect(inferAudioRole(media)).toBe(role);
  });
});
