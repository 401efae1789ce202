import { describe, expect, it } from "vitest";
import { type EditorState, validateEditorState } from "../../src/editor/index.js";
import { asset, audio, captions, stateOf, text, video } from "./support/fixtures.js";

function validState(): EditorState {
  return stateOf([
    { id: "front", items: [text({ id: "t1", from: 0, durationInFrames: 30 })] },
    {
      id: "main",
      items: [
        video({ id: "v1", from: 0, durationInFrames: 30 }),
        video({ id: "v2", from: 30, durationInFrames: 30 }),
      ],
    },
    { id: "music", items: [audio({ id: "a1", from: 0, durationInFrames: 60 })] },
  ]);
}

function pathsOf(state: EditorState): string[] {
  return validateEditorState(state).map((problem) => problem.path);
}

describe("validateEditorState", () => {
  it("accepts a valid state", () => {
    expect(validateEditorState(validState())).toEqual([]);
  });

  it("accepts items that touch end to start (half-open intervals)", () => {
    const state = validState();
    expect(state.items.v2?.from).toBe(30);
    expect(validateEditorState(state)).toEqual([]);
  });

  const breakages: Array<[string, (state: EditorState) => void, string]> = [
    [
      "fps out of range",
      (state) => {
        state.fps = 0;
      },
      "fps",
    ],
    [
      "fractional fps",
      (state) => {
        state.fps = 29.97;
      },
      "fps",
    ],
    [
      "zero width",
      (state) => {
        state.compositionWidth = 0;
      },
      "compositionWidth",
    ],
    [
      "a listed id missing from items",
      (state) => void state.tracks[1]?.items.push("ghost"),
      "tracks.1.items.2",
    ],
    [
      "an item on no track",
      (state) => {
        state.tracks[0] = { id: "front", kind: "visual", items: [] };
      },
      "items.t1",
    ],
    [
      "an item on two tracks",
      (state) => void state.tracks[0]?.items.push("v1"),
      "tracks.0.items.1",
    ],
    [
      "overlapping items on one track",
      (state) => {
        const v2 = state.items.v2;
        if (v2) state.items.v2 = { ...v2, from: 29 };
      },
      "tracks.1.items.1",
    ],
    [
      "items out of order",
      (state) => {
        const main = state.tracks[1];
        if (main) main.items = ["v2", "v1"];
      },
      "tracks.1.items.1",
    ],
    [
      "a fractional frame",
      (state) => {
        const t1 = state.items.t1;
        if (t1) state.items.t1 = { ...t1, from: 0.5 };
      },
      "items.t1.from",
    ],
    [
      "a zero-frame item",
      (state) => {
        const t1 = state.items.t1;
        if (t1) state.items.t1 = { ...t1, durationInFrames: 0 };
      },
      "items.t1.durationInFrames",
    ],
    [
      "a negative from",
      (state) => {
        const t1 = state.items.t1;
        if (t1) state.items.t1 = { ...t1, from: -1 };
      },
      "items.t1.from",
    ],
    ["a missing asset", (state) => void delete state.assets["video-asset"], "items.v1.assetId"],
    [
      "a video item on an audio asset",
      (state) => {
        state.assets["video-asset"] = asset("video-asset", "audio");
      },
      "items.v1.assetId",
    ],
    [
      "an audio item without role",
      (state) => {
        const a1 = state.items.a1;
        if (a1?.type === "audio") {
          const { audioRole: _role, ...rest } = a1;
          state.items.a1 = rest;
        }
      },
      "items.a1.audioRole",
    ],
    [
      "an audio item on a visual track",
      (state) => {
        const music = state.tracks[2];
        if (music) music.kind = "visual";
      },
      "tracks.2.items.0",
    ],
    [
      "an item naming another track",
      (state) => {
        const t1 = state.items.t1;
        if (t1) state.items.t1 = { ...t1, trackId: "main" };
      },
      "tracks.0.items.0",
    ],
    [
      "an item stored under another key",
      (state) => {
        const t1 = state.items.t1;
        if (t1) state.items.t1 = { ...t1, id: "other" };
      },
      "items.t1.id",
    ],
    [
      "duplicate track ids",
      (state) => void state.tracks.push({ id: "main", kind: "visual", items: [] }),
      "tracks.3.id",
    ],
    [
      "opacity above 1",
      (state) => {
        const t1 = state.items.t1;
        if (t1) state.items.t1 = { ...t1, opacity: 2 };
      },
      "items.t1.opacity",
    ],
    [
      "a playback rate out of range",
      (state) => {
        const v1 = state.items.v1;
        if (v1?.type === "video") state.items.v1 = { ...v1, playbackRate: 9 };
      },
      "items.v1.playbackRate",
    ],
    [
      "an asset stored under another key",
      (state) => {
        state.assets["image-asset"] = asset("image-2", "image");
      },
      "assets.image-asset.id",
    ],
  ];

  describe("effect spans", () => {
    // v1 fades its sound in, as a right half of a split would.
    const withSpans = (effectSpans: unknown): EditorState => {
      const state = validState();
      const v1 = state.items.v1;
      if (v1?.type === "video") {
        state.items.v1 = { ...v1, audioFadeInSeconds: 2, effectSpans: effectSpans as never };
      }
      return state;
    };

    it("accepts a span of an effect the item has, reaching past an edge", () => {
      const state = withSpans({ audioFade: { beforeSeconds: 1, afterSeconds: 0 } });
      expect(validateEditorState(state)).toEqual([]);
    });

    it.each<[string, unknown, string]>([
      ["a span that is not an object", [], "items.v1.effectSpans"],
      ["an unknown family", { sparkle: { beforeSeconds: 1, afterSeconds: 0 } }, "sparkle"],
      ["a family the type lacks", { textFade: { beforeSeconds: 1, afterSeconds: 0 } }, "textFade"],
      ["negative seconds", { audioFade: { beforeSeconds: -1, afterSeconds: 0 } }, "audioFade"],
      ["missing seconds", { audioFade: { beforeSeconds: 1 } }, "audioFade"],
      [
        "a span reaching nowhere",
        { audioFade: { beforeSeconds: 0, afterSeconds: 0 } },
        "audioFade",
      ],
      [
        "a span of effects the item lacks",
        { motion: { beforeSeconds: 1, afterSeconds: 0 } },
        "motion",
      ],
    ])("reports %s", (_name, spans, field) => {
      const paths = pathsOf(withSpans(spans));
      const path = field.startsWith("items.") ? field : `items.v1.effectSpans.${field}`;
      expect(paths).toEqual([path]);
    });
  });

  it.each(breakages)("reports %s", (_name, breakIt, path) => {
    const state = validState();
    breakIt(state);
    expect(pathsOf(state)).toContain(path);
  });

  it("reports caption entries out of order and words ending before they start", () => {
    const state = stateOf([
      {
        id: "front",
        items: [
          captions(
            { id: "c1", from: 0, durationInFrames: 30 },
            {
              captions: [
                { text: "b", startMs: 500, endMs: 900 },
                { text: "a", startMs: 0, endMs: 400 },
              ],
            },
          ),
          captions(
            { id: "c2", from: 30, durationInFrames: 30 },
            {
              captions: [
                {
                  text: "a b",
                  startMs: 0,
                  endMs: 400,
                  words: [{ word: "a", startMs: 100, endMs: 50 }],
                },
              ],
            },
          ),
        ],
      },
    ]);
    expect(pathsOf(state)).toEqual(["items.c1.captions", "items.c2.captions"]);
  });
});

describe("validateEditorState: links of generated captions", () => {
  function linked(): EditorState {
    return stateOf([
      {
        id: "front",
        items: [
          captions(
            { id: "subs", from: 0, durationInFrames: 60 },
            {
              generatedFrom: {
                sourceItemIds: ["v1"],
                transcripts: { "video-asset": [{ word: "Hi", startMs: 0, endMs: 400 }] },
              },
            },
          ),
        ],
      },
      {
        id: "main",
        items: [video({ id: "v1", from: 0, durationInFrames: 60 }, { captionsItemIds: ["subs"] })],
      },
    ]);
  }

  it("accepts captions and sources that name each other", () => {
    expect(validateEditorState(linked())).toEqual([]);
  });

  it.each<[string, (state: EditorState) => void, string]>([
    [
      "a source that does not name its captions",
      (state) => {
        Object.assign(state.items.v1 as object, { captionsItemIds: [] });
      },
      "items.subs.generatedFrom.sourceItemIds",
    ],
    [
      "captions naming a missing source",
      (state) => {
        const subs = state.items.subs as never as { generatedFrom: { sourceItemIds: string[] } };
        subs.generatedFrom.sourceItemIds = ["v1", "gone"];
      },
      "items.subs.generatedFrom.sourceItemIds",
    ],
    [
      "a source's asset without a transcript",
      (state) => {
        const subs = state.items.subs as never as { generatedFrom: { transcripts: object } };
        subs.generatedFrom.transcripts = {};
      },
      "items.subs.generatedFrom.transcripts",
    ],
    [
      "a source naming captions that do not follow it",
      (state) => {
        Object.assign(state.items.v1 as object, { captionsItemIds: ["subs", "t1"] });
      },
      "items.v1.captionsItemIds",
    ],
  ])("reports %s", (_name, breakIt, path) => {
    const state = linked();
    breakIt(state);
    expect(pathsOf(state)).toContain(path);
  });
});
