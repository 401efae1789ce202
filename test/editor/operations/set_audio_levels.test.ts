import { describe, expect, it } from "vitest";
import type { EditorState } from "../../../src/editor/index.js";
import type { SetAudioLevelsOperation } from "../../../src/schemas/edit-operations.js";
import { applyFails, applyOk, itemOf } from "../support/apply.js";
import { asset, audio, DEFAULT_ASSETS, stateOf, text, video } from "../support/fixtures.js";

// A clip, music, a voiceover and a sound effect, all at 0 dB.
function mix(): EditorState {
  return stateOf(
    [
      { id: "top", items: [text({ id: "title", from: 0, durationInFrames: 30 })] },
      { id: "main", items: [video({ id: "clip", from: 0, durationInFrames: 90 })] },
      { id: "music", items: [audio({ id: "song", from: 0, durationInFrames: 90 })] },
      {
        id: "voice",
        items: [
          audio(
            { id: "vo", from: 0, durationInFrames: 60 },
            { assetId: "vo-asset", audioRole: "voiceover" },
          ),
        ],
      },
      {
        id: "sfx",
        items: [
          audio(
            { id: "boom", from: 10, durationInFrames: 45 },
            { assetId: "sfx-asset", audioRole: "sound_effect" },
          ),
        ],
      },
    ],
    {
      assets: [
        ...DEFAULT_ASSETS,
        asset("vo-asset", "audio", { audioRole: "voiceover" }),
        asset("sfx-asset", "audio", { audioRole: "sound_effect" }),
      ],
    },
  );
}

function levels(state: EditorState): Record<string, number> {
  const result: Record<string, number> = {};
  for (const id of ["clip", "song", "vo", "boom"]) {
    const item = itemOf(state, id);
    if (item.type === "audio" || item.type === "video") result[id] = item.volumeDb;
  }
  return result;
}

type Selector = Omit<SetAudioLevelsOperation, "type" | "volume_db">;

describe("set_audio_levels", () => {
  it.each<[string, Selector, Record<string, number>]>([
    ["ids", { item_ids: ["song", "clip"] }, { clip: -20, song: -20, vo: 0, boom: 0 }],
    ["the music role", { audio_roles: ["music"] }, { clip: 0, song: -20, vo: 0, boom: 0 }],
    [
      "the source_video role",
      { audio_roles: ["source_video"] },
      { clip: -20, song: 0, vo: 0, boom: 0 },
    ],
    ["the video type", { item_types: ["video"] }, { clip: -20, song: 0, vo: 0, boom: 0 }],
    [
      "the audio type, sparing sound effects",
      { item_types: ["audio"] },
      { clip: 0, song: -20, vo: -20, boom: 0 },
    ],
    [
      "the sound_effect role, which names them",
      { audio_roles: ["sound_effect"] },
      { clip: 0, song: 0, vo: 0, boom: -20 },
    ],
    [
      "an id, which names a sound effect",
      { item_ids: ["boom"], item_types: ["audio"] },
      { clip: 0, song: -20, vo: -20, boom: -20 },
    ],
    [
      "types and roles together (their union)",
      { item_types: ["video"], audio_roles: ["voiceover"] },
      { clip: -20, song: 0, vo: -20, boom: 0 },
    ],
    [
      "a selector minus exclusions",
      { item_types: ["audio", "video"], exclude_item_ids: ["vo", "unknown"] },
      { clip: -20, song: -20, vo: 0, boom: 0 },
    ],
  ])("lowers the items matched by %s", (_name, selector, expected) => {
    const result = applyOk(mix(), [{ type: "set_audio_levels", ...selector, volume_db: -20 }]);
    expect(levels(result.value.state)).toEqual(expected);
  });

  it("raises sound effects matched by type, since raising removes nothing", () => {
    const result = applyOk(mix(), [
      { type: "set_audio_levels", item_types: ["audio"], volume_db: 6 },
    ]);
    expect(levels(result.value.state)).toEqual({ clip: 0, song: 6, vo: 6, boom: 6 });
  });

  it("fades sound effects matched by type but keeps their level", () => {
    const result = applyOk(mix(), [
      {
        type: "set_audio_levels",
        item_types: ["audio"],
        volume_db: -60,
        audio_fade_out_seconds: 1,
      },
    ]);
    expect(itemOf(result.value.state, "boom")).toMatchObject({
      volumeDb: 0,
      audioFadeOutSeconds: 1,
    });
    expect(itemOf(result.value.state, "song")).toMatchObject({
      volumeDb: -60,
      audioFadeOutSeconds: 1,
    });
    expect(Object.keys(result.value.state.items).sort()).toEqual(Object.keys(mix().items).sort());
  });

  it("matches older audio items by their inferred role and writes it", () => {
    const { audioRole: _role, ...legacy } = audio(
      { id: "old-song", from: 0, durationInFrames: 30 },
      { assetId: "old-asset" },
    );
    const state = stateOf([{ id: "music", items: [legacy] }], {
      assets: [asset("old-asset", "audio", { metadata: { audio_role: "music" } })],
    });
    const result = applyOk(state, [
      { type: "set_audio_levels", audio_roles: ["music"], volume_db: -12 },
    ]);
    expect(itemOf(result.value.state, "old-song")).toMatchObject({
      audioRole: "music",
      volumeDb: -12,
    });
  });

  it("fails with no_matching_items when nothing matches", () => {
    const error = applyFails(mix(), [
      { type: "set_audio_levels", audio_roles: ["voice"], volume_db: -10 },
    ]);
    expect(error.code).toBe("no_matching_items");
  });

  it("fails with no_matching_items when exclusions remove every match", () => {
    const error = applyFails(mix(), [
      { type: "set_audio_levels", item_ids: ["song"], exclude_item_ids: ["song"], volume_db: -10 },
    ]);
    expect(error.code).toBe("no_matching_items");
  });

  it("fails with item_not_found for an unknown id", () => {
    const error = applyFails(mix(), [
      { type: "set_audio_levels", item_ids: ["nope"], volume_db: 1 },
    ]);
    expect(error.code).toBe("item_not_found");
  });

  it("fails with unsupported_item_type for a silent item", () => {
    const error = applyFails(mix(), [
      { type: "set_audio_levels", item_ids: ["title"], volume_db: 1 },
    ]);
    expect(error.code).toBe("unsupported_item_type");
  });
});
