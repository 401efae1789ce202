import { describe, expect, it } from "vitest";
import { createEditorState, type MediaResolutions } from "../../../src/editor/index.js";
import type { AddSoundEffectOperation } from "../../../src/schemas/edit-operations.js";
import { applyFails, applyOk, itemOf, trackIds, trackSpans } from "../support/apply.js";
import { audio, stateOf, video } from "../support/fixtures.js";

const MEDIA_ID = "2f1d3c4b-5a69-4788-9abc-def012345678";
const media: MediaResolutions = {
  soundEffects: {
    whoosh: { url: "https://sfx.example.com/whoosh.mp3", durationSeconds: 1.2, name: "Whoosh" },
  },
  mediaItems: {
    [MEDIA_ID]: {
      url: "https://media.example.com/boom.wav",
      durationSeconds: 3,
      mediaId: MEDIA_ID,
    },
  },
  urls: {
    "https://cdn.example.com/known.mp3": {
      url: "https://cdn.example.com/known.mp3",
      durationSeconds: 2,
    },
  },
};

function sound(fields: Partial<AddSoundEffectOperation>): AddSoundEffectOperation {
  return { type: "add_sound_effect", ...fields };
}

describe("add_sound_effect", () => {
  it("adds a library sound as a sound_effect audio item with its own asset", () => {
    const result = applyOk(
      createEditorState(),
      [sound({ sound_effect_id: "whoosh", from_seconds: 2 })],
      { media },
    );
    expect(result.value.state.assets["new-2"]).toEqual({
      id: "new-2",
      type: "audio",
      url: "https://sfx.example.com/whoosh.mp3",
      name: "Whoosh",
      durationSeconds: 1.2,
      width: null,
      height: null,
      mediaId: null,
      audioRole: "sound_effect",
      metadata: { sound_effect_id: "whoosh" },
    });
    expect(itemOf(result.value.state, "new-3")).toEqual({
      type: "audio",
      id: "new-3",
      trackId: "new-1",
      from: 60,
      durationInFrames: 36,
      left: 0,
      top: 0,
      width: 1080,
      height: 1920,
      opacity: 1,
      assetId: "new-2",
      sourceStartSeconds: 0,
      playbackRate: 1,
      volumeDb: 0,
      audioFadeInSeconds: 0,
      audioFadeOutSeconds: 0,
      audioRole: "sound_effect",
    });
    expect(result.value.state.tracks[0]?.kind).toBe("audio");
  });

  it("resolves a My Media sound and applies the level, fades and trim", () => {
    const result = applyOk(
      createEditorState({ fps: 25 }),
      [
        sound({
          media_id: MEDIA_ID,
          name: "Boom",
          source_start_seconds: 1,
          volume_db: -6,
          audio_fade_in_seconds: 0.1,
          audio_fade_out_seconds: 0.5,
        }),
      ],
      { media },
    );
    expect(result.value.state.assets["new-2"]).toMatchObject({ mediaId: MEDIA_ID, name: "Boom" });
    expect(itemOf(result.value.state, "new-3")).toMatchObject({
      durationInFrames: 50,
      sourceStartSeconds: 1,
      volumeDb: -6,
      audioFadeInSeconds: 0.1,
      audioFadeOutSeconds: 0.5,
    });
  });

  it("uses a probed URL's length, and an unprobed URL with an explicit length", () => {
    const result = applyOk(
      createEditorState(),
      [
        sound({ url: "https://cdn.example.com/known.mp3" }),
        sound({ url: "https://cdn.example.com/other.mp3", duration_seconds: 0.5, from_seconds: 5 }),
      ],
      { media },
    );
    expect(itemOf(result.value.state, "new-3").durationInFrames).toBe(60);
    expect(itemOf(result.value.state, "new-5")).toMatchObject({ from: 150, durationInFrames: 15 });
    expect(trackIds(result.value.state)).toEqual(["new-1"]);
  });

  it("shares a free audio track and opens a new one at the back when busy", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 300 })] },
      { id: "music", items: [audio({ id: "m", from: 0, durationInFrames: 30 })] },
    ]);
    const result = applyOk(
      state,
      [
        sound({ sound_effect_id: "whoosh", from_seconds: 1 }),
        sound({ sound_effect_id: "whoosh", from_seconds: 1 }),
      ],
      { media },
    );
    expect(trackSpans(result.value.state, "music")).toEqual([
      ["m", 0, 30],
      ["new-2", 30, 66],
    ]);
    expect(trackIds(result.value.state)).toEqual(["main", "music", "new-3"]);
  });

  it.each<[string, Partial<AddSoundEffectOperation>, MediaResolutions]>([
    ["media_unresolved", { sound_effect_id: "unknown" }, media],
    ["media_unresolved", { media_id: "0f1d3c4b-5a69-4788-9abc-def012345678" }, media],
    ["media_unresolved", { url: "https://cdn.example.com/unknown.mp3" }, media],
    ["media_unresolved", {}, media],
    ["media_unresolved", { sound_effect_id: "whoosh" }, {}],
    ["source_out_of_range", { sound_effect_id: "whoosh", source_start_seconds: 1.2 }, media],
    ["track_not_found", { sound_effect_id: "whoosh", track_id: "nope" }, media],
    ["track_incompatible", { sound_effect_id: "whoosh", track_id: "main" }, media],
    ["track_occupied", { sound_effect_id: "whoosh", track_id: "music" }, media],
  ])("fails with %s", (code, fields, resolutions) => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 300 })] },
      { id: "music", items: [audio({ id: "m", from: 0, durationInFrames: 30 })] },
    ]);
    const error = applyFails(state, [sound(fields)], { media: resolutions });
    expect(error.code).toBe(code);
  });
});
