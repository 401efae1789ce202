/**
 * Placement respects layer order (DESIGN section 4): a picture added without a track goes
 * in front of every picture it overlaps in time, behind the text and captions shown over
 * them; text and captions go in front of everything; a full-frame opaque solid is a
 * background and goes behind everything it overlaps. Audio placement is unaffected.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMediaItem,
  type EditorItem,
  type EditorState,
  itemEndFrame,
  type MediaToPlace,
} from "../../../src/editor/index.js";
import type { EditOperation } from "../../../src/schemas/edit-operations.js";
import { applyOk, itemOf, layerOf, trackIds } from "../support/apply.js";
import {
  asset,
  audio,
  captions,
  gif,
  image,
  solid,
  stateOf,
  type TrackSpec,
  text,
  video,
} from "../support/fixtures.js";
import { countingIds } from "../support/ids.js";
import { SEED } from "./seed.js";

const IMAGE: MediaToPlace = { kind: "image", url: "https://cdn.example.com/overlay.png" };

function placeMedia(state: EditorState, media: MediaToPlace, from: number, duration: number) {
  const result = addMediaItem(state, media, {
    placement: { from_seconds: from, duration_seconds: duration },
    generateId: countingIds("new"),
  });
  if (!result.ok) throw new Error(result.error.message);
  return { state: result.value.state, item: itemOf(result.value.state, result.value.itemId) };
}

describe("a picture added without a track", () => {
  it("goes in front of the full-frame video it overlaps, not onto a free back track", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 300 })] },
      { id: "back", items: [image({ id: "late", from: 600, durationInFrames: 60 })] },
    ]);
    const { state: next, item } = placeMedia(state, IMAGE, 2, 3);
    expect(layerOf(next, item)).toBeLessThan(layerOf(next, itemOf(next, "v")));
    expect(trackIds(next)).toEqual(["new-1", "main", "back"]);
  });

  it("takes a free track that is already in front of what it covers", () => {
    const state = stateOf([
      { id: "top", items: [image({ id: "early", from: 0, durationInFrames: 30 })] },
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 300 })] },
    ]);
    const { state: next, item } = placeMedia(state, IMAGE, 2, 3);
    expect(item.trackId).toBe("top");
    expect(trackIds(next)).toEqual(["top", "main"]);
  });

  it("stays behind the captions shown over the video, so they remain readable", () => {
    const state = stateOf([
      { id: "subs", items: [captions({ id: "c", from: 0, durationInFrames: 300 })] },
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 300 })] },
    ]);
    const { state: next, item } = placeMedia(state, IMAGE, 2, 3);
    expect(trackIds(next)).toEqual(["subs", "new-1", "main"]);
    expect(item.trackId).toBe("new-1");
  });

  it("goes in front of a picture even when text sits behind that picture", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 300 })] },
      { id: "hidden", items: [text({ id: "t", from: 0, durationInFrames: 300 })] },
    ]);
    const { state: next, item } = placeMedia(state, IMAGE, 2, 3);
    expect(layerOf(next, item)).toBeLessThan(layerOf(next, itemOf(next, "v")));
  });

  it("is placed like media when it is a panel solid: over the video, under the title", () => {
    const state = stateOf([
      { id: "titles", items: [text({ id: "t", from: 0, durationInFrames: 300 })] },
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 300 })] },
    ]);
    const result = applyOk(state, [
      { type: "add_solid", duration_seconds: 4, top: 1500, height: 300, style: { opacity: 0.6 } },
    ]);
    expect(trackIds(result.value.state)).toEqual(["titles", "new-1", "main"]);
  });
});

describe("a full-frame opaque solid is a background", () => {
  it("goes behind the video it overlaps", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 300 })] },
    ]);
    const result = applyOk(state, [{ type: "add_solid", duration_seconds: 4 }]);
    expect(trackIds(result.value.state)).toEqual(["main", "new-1"]);
  });
});

describe("audio placement is unaffected", () => {
  it("puts a sound on the front-most free audio track", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "v", from: 0, durationInFrames: 300 })] },
      { id: "music", items: [audio({ id: "a", from: 0, durationInFrames: 30 })] },
      { id: "more", items: [audio({ id: "b", from: 600, durationInFrames: 30 })] },
    ]);
    const result = applyOk(state, [
      {
        type: "add_sound_effect",
        url: "https://sfx.example.com/w.mp3",
        from_seconds: 2,
        duration_seconds: 1,
      },
    ]);
    expect(itemOf(result.value.state, "new-2").trackId).toBe("music");
  });
});

// Scenario: a few visual tracks, each a row of items of any visual type with gaps, then
// one visual item added without a track somewhere over them.
const VISUAL_BUILDERS = { video, image, gif, text, captions, solid } as const;
type VisualType = keyof typeof VISUAL_BUILDERS;
const PICTURES: ReadonlySet<string> = new Set(["video", "image", "gif", "solid"]);

const trackArbitrary = fc.array(
  fc.record({
    type: fc.constantFrom(...(Object.keys(VISUAL_BUILDERS) as VisualType[])),
    gap: fc.integer({ min: 0, max: 60 }),
    length: fc.integer({ min: 1, max: 120 }),
  }),
  { minLength: 1, maxLength: 4 },
);

const added = fc.oneof(
  fc.record({ kind: fc.constantFrom("video", "image", "gif") }),
  fc.record({ kind: fc.constant("panel") }),
  fc.record({ kind: fc.constant("background") }),
  fc.record({ kind: fc.constant("text") }),
  fc.record({ kind: fc.constant("captions") }),
);

const scenario = fc.record({
  tracks: fc.array(trackArbitrary, { minLength: 0, maxLength: 5 }),
  withAudio: fc.boolean(),
  fromFrame: fc.integer({ min: 0, max: 400 }),
  lengthFrames: fc.integer({ min: 1, max: 200 }),
  added,
});

type Row = Array<{ type: VisualType; gap: number; length: number }>;

function buildScenario(tracks: Row[], withAudio: boolean): EditorState {
  const specs: TrackSpec[] = tracks.map((row, trackIndex) => {
    let frame = 0;
    const items = row.map((drawn, index) => {
      frame += drawn.gap;
      const item = VISUAL_BUILDERS[drawn.type]({
        id: `t${trackIndex}-${index}`,
        from: frame,
        durationInFrames: drawn.length,
      });
      frame += drawn.length;
      return item;
    });
    return { id: `track-${trackIndex}`, kind: "visual", items };
  });
  if (withAudio) {
    specs.push({
      id: "sound",
      kind: "audio",
      items: [audio({ id: "a", from: 0, durationInFrames: 900 })],
    });
  }
  return stateOf(specs, {
    assets: [
      asset("video-asset", "video"),
      asset("image-asset", "image"),
      asset("gif-asset", "gif"),
      asset("music-asset", "audio", { audioRole: "music" }),
    ],
  });
}

function addWithoutTrack(
  state: EditorState,
  kind: string,
  fromFrame: number,
  lengthFrames: number,
): { state: EditorState; item: EditorItem } {
  const from = fromFrame / state.fps;
  const duration = lengthFrames / state.fps;
  if (kind === "video" || kind === "image" || kind === "gif") {
    return placeMedia(
      state,
      {
        kind,
        url: `https://cdn.example.com/${kind}`,
        durationSeconds: kind === "image" ? null : 600,
      },
      from,
      duration,
    );
  }
  const operation: EditOperation =
    kind === "panel"
      ? {
          type: "add_solid",
          from_seconds: from,
          duration_seconds: duration,
          width: 400,
          height: 200,
        }
      : kind === "background"
        ? { type: "add_solid", from_seconds: from, duration_seconds: duration }
        : kind === "text"
          ? { type: "add_text", text: "Title", from_seconds: from, duration_seconds: duration }
          : {
              type: "add_captions",
              captions: [{ text: "Hi", startMs: 0, endMs: 100 }],
              from_seconds: from,
              duration_seconds: duration,
            };
  const result = applyOk(state, [operation]);
  const id = result.value.operationResults[0]?.createdItemIds[0] as string;
  return { state: result.value.state, item: itemOf(result.value.state, id) };
}

function overlapping(state: EditorState, item: EditorItem): EditorItem[] {
  return Object.values(state.items).filter(
    (other) =>
      other.id !== item.id &&
      other.type !== "audio" &&
      other.from < itemEndFrame(item) &&
      item.from < itemEndFrame(other),
  );
}

describe("law: a visual item added without a track is never behind a visual item it overlaps", () => {
  it("pictures over pictures and under the text above them; text on top; backgrounds behind", () => {
    fc.assert(
      fc.property(scenario, ({ tracks, withAudio, fromFrame, lengthFrames, added }) => {
        const base = buildScenario(tracks, withAudio);
        const { state, item } = addWithoutTrack(base, added.kind, fromFrame, lengthFrames);
        const at = layerOf(state, item);
        const others = overlapping(state, item);
        if (added.kind === "background") {
          for (const other of others) expect(at).toBeGreaterThan(layerOf(state, other));
          return;
        }
        if (added.kind === "text" || added.kind === "captions") {
          for (const other of others) expect(at).toBeLessThan(layerOf(state, other));
          return;
        }
        const pictures = others.filter((other) => PICTURES.has(other.type));
        for (const picture of pictures) expect(at).toBeLessThan(layerOf(state, picture));
        const frontPicture = Math.min(...pictures.map((picture) => layerOf(state, picture)));
        for (const other of others) {
          const textInFront = !PICTURES.has(other.type) && layerOf(state, other) < frontPicture;
          if (textInFront) expect(at).toBeGreaterThan(layerOf(state, other));
        }
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});
