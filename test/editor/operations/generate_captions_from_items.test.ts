import { describe, expect, it } from "vitest";
import {
  type EditorState,
  type Transcript,
  transcriptionRequestsFor,
} from "../../../src/editor/index.js";
import type { GenerateCaptionsFromItemsOperation } from "../../../src/schemas/edit-operations.js";
import { applyFails, applyOk, itemOf, trackIds } from "../support/apply.js";
import {
  asset,
  audio,
  captions,
  DEFAULT_ASSETS,
  stateOf,
  text,
  video,
} from "../support/fixtures.js";

// At 30 fps: the clip plays source seconds 2 to 4 at double speed during timeline
// second 1 to 2; the voice plays source 0 to 1 during timeline second 2 to 3.
function project(): EditorState {
  return stateOf(
    [
      { id: "titles", items: [text({ id: "title", from: 0, durationInFrames: 10 })] },
      {
        id: "main",
        items: [
          video(
            { id: "clip", from: 30, durationInFrames: 30 },
            { sourceStartSeconds: 2, playbackRate: 2 },
          ),
        ],
      },
      {
        id: "voice",
        items: [
          audio(
            { id: "vo", from: 60, durationInFrames: 30 },
            { assetId: "vo-asset", audioRole: "voice" },
          ),
        ],
      },
      {
        id: "local",
        items: [
          video({ id: "local-clip", from: 0, durationInFrames: 30 }, { assetId: "local-asset" }),
        ],
      },
      {
        id: "subs-track",
        kind: "visual",
        items: [
          captions(
            { id: "subs", from: 200, durationInFrames: 10 },
            { style: { highlight_color: "red", caption_start_seconds: 3 } },
          ),
        ],
      },
    ],
    {
      assets: [
        ...DEFAULT_ASSETS,
        asset("vo-asset", "audio", { audioRole: "voice" }),
        asset("local-asset", "video", { url: "file:///Users/me/clip.mp4" }),
      ],
    },
  );
}

const transcripts: Record<string, Transcript> = {
  clip: {
    language: "en",
    words: [
      { word: "world.", startMs: 3000, endMs: 3400 },
      { word: "skip", startMs: 1000, endMs: 1500 },
      { word: "Hello", startMs: 2500, endMs: 3000, confidence: 0.8 },
      { word: "Again", startMs: 3900, endMs: 4300 },
      { word: "gone", startMs: 4500, endMs: 4800 },
    ],
  },
  vo: { words: [{ word: "Bye", startMs: 0, endMs: 200 }] },
};

function generate(
  fields: Partial<GenerateCaptionsFromItemsOperation> = {},
): GenerateCaptionsFromItemsOperation {
  return { type: "generate_captions_from_items", source_item_ids: ["clip"], ...fields };
}

describe("generate_captions_from_items", () => {
  it("maps words through placement, trim, rate and length onto a new front captions item", () => {
    const result = applyOk(project(), [generate()], { transcripts });
    expect(trackIds(result.value.state)[0]).toBe("titles");
    expect(itemOf(result.value.state, "new-1")).toMatchObject({
      type: "captions",
      trackId: "titles",
      from: 30,
      durationInFrames: 30,
      language: "en",
      top: 1359,
      captions: [
        {
          text: "Hello world.",
          startMs: 250,
          endMs: 700,
          words: [
            { word: "Hello", startMs: 250, endMs: 500, confidence: 0.8 },
            { word: "world.", startMs: 500, endMs: 700 },
          ],
        },
        {
          text: "Again",
          startMs: 950,
          endMs: 1000,
          words: [{ word: "Again", startMs: 950, endMs: 1000 }],
        },
      ],
    });
  });

  it("spans several sources and groups their words in time order", () => {
    const result = applyOk(
      project(),
      [generate({ source_item_ids: ["vo", "clip", "vo"], language: "pt-BR" })],
      {
        transcripts,
      },
    );
    const item = itemOf(result.value.state, "new-1");
    expect(item).toMatchObject({ from: 30, durationInFrames: 60, language: "pt-BR" });
    if (item.type !== "captions") throw new Error("not captions");
    expect(item.captions.map((entry) => [entry.text, entry.startMs, entry.endMs])).toEqual([
      ["Hello world.", 250, 700],
      ["Again Bye", 950, 1200],
    ]);
  });

  it("pages by words_per_caption and can ignore punctuation", () => {
    const result = applyOk(
      project(),
      [generate({ style: { words_per_caption: 1, split_on_punctuation: false } })],
      { transcripts },
    );
    const item = itemOf(result.value.state, "new-1");
    if (item.type !== "captions") throw new Error("not captions");
    expect(item.captions.map((entry) => entry.text)).toEqual(["Hello", "world.", "Again"]);
  });

  it("replaces a captions item in place, merging its style and dropping its clock fields", () => {
    const result = applyOk(
      project(),
      [generate({ captions_item_id: "subs", style: { max_lines: 1 } })],
      {
        transcripts,
      },
    );
    expect(itemOf(result.value.state, "subs")).toMatchObject({
      from: 30,
      durationInFrames: 30,
      trackId: "subs-track",
      style: { highlight_color: "red", max_lines: 1 },
      language: "en",
    });
    expect(itemOf(result.value.state, "subs")).not.toHaveProperty("style.caption_start_seconds");
    expect(Object.keys(result.value.state.items)).toHaveLength(Object.keys(project().items).length);
  });

  it("moves a replaced captions item to a free track_id", () => {
    const result = applyOk(
      project(),
      [generate({ captions_item_id: "subs", track_id: "titles" })],
      {
        transcripts,
      },
    );
    expect(itemOf(result.value.state, "subs")).toMatchObject({ trackId: "titles", from: 30 });
    expect(trackIds(result.value.state)).not.toContain("subs-track");
  });

  it("opens a new front track when the front one is busy", () => {
    const state = project();
    const title = state.items.title;
    if (title) state.items.title = { ...title, durationInFrames: 100 };
    const result = applyOk(state, [generate()], { transcripts });
    expect(trackIds(result.value.state)[0]).toBe("new-1");
    expect(itemOf(result.value.state, "new-2").trackId).toBe("new-1");
  });

  it("asks for one transcription per distinct remote source", () => {
    expect(
      transcriptionRequestsFor(project(), [
        generate({
          source_item_ids: ["clip", "vo", "clip", "title", "local-clip", "nope"],
          language: "en",
        }),
        { type: "set_title", title: "x" },
      ]),
    ).toEqual([
      { itemId: "clip", url: "https://cdn.example.com/video-asset", language: "en" },
      { itemId: "vo", url: "https://cdn.example.com/vo-asset", language: "en" },
    ]);
  });

  it.each<[string, Partial<GenerateCaptionsFromItemsOperation>, Record<string, Transcript>]>([
    ["item_not_found", { source_item_ids: ["nope"] }, transcripts],
    ["item_not_found", { captions_item_id: "nope" }, transcripts],
    ["unsupported_item_type", { captions_item_id: "clip" }, transcripts],
    ["source_not_transcribable", { source_item_ids: ["title"] }, transcripts],
    [
      "source_not_transcribable",
      { source_item_ids: ["local-clip"] },
      { "local-clip": transcripts.vo as Transcript },
    ],
    [
      "transcript_unavailable",
      { source_item_ids: ["clip", "vo"] },
      { clip: transcripts.clip as Transcript },
    ],
    ["transcript_empty", {}, { clip: { words: [{ word: "early", startMs: 0, endMs: 2000 }] } }],
    ["track_occupied", { track_id: "main" }, transcripts],
    ["track_not_found", { captions_item_id: "subs", track_id: "nope" }, transcripts],
  ])("fails with %s", (code, fields, supplied) => {
    const error = applyFails(project(), [generate(fields)], { transcripts: supplied });
    expect(error.code).toBe(code);
  });

  it("fails with transcript_unavailable when no transcripts are supplied", () => {
    const error = applyFails(project(), [generate()]);
    expect(error.code).toBe("transcript_unavailable");
  });
});
