/**
 * Small square timelines for rendering tests: 1080 x 1080 at 30 fps, rendered 120 pixels
 * wide, so one output pixel is nine composition pixels.
 */
import type {
  EditorAsset,
  EditorItem,
  EditorState,
  RenderPlan,
  RenderPlanOptions,
} from "reelkit/editor";
import { planRender } from "reelkit/editor";
import { asset, stateOf, type TrackSpec } from "../../editor/support/fixtures.js";
import { mediaUrl } from "./ffmpeg.js";

/** Output width of the square test renders. */
export const SIDE = 120;
/** Composition pixels per output pixel. */
export const SCALE = 1080 / SIDE;

/** The assets of the fixture media, by the names the item builders use. */
export const MEDIA_ASSETS: EditorAsset[] = [
  asset("video-asset", "video", { url: mediaUrl("numbered.mp4"), durationSeconds: 6 }),
  asset("image-asset", "image", { url: mediaUrl("halves.png"), width: 200, height: 100 }),
  asset("gif-asset", "gif", { url: mediaUrl("colours.gif"), durationSeconds: 0.8 }),
  asset("music-asset", "audio", { url: mediaUrl("tone.wav"), durationSeconds: 3 }),
  asset("talking-asset", "video", { url: mediaUrl("talking.mp4"), durationSeconds: 2 }),
];

/** A 1:1 state of `tracks` (front first), each given as its items. */
export function square(tracks: ReadonlyArray<EditorItem[] | TrackSpec>): EditorState {
  const specs = tracks.map((track, index) =>
    Array.isArray(track) ? { id: `track-${index}`, items: track } : track,
  );
  return {
    ...stateOf(specs, { assets: MEDIA_ASSETS }),
    compositionWidth: 1080,
    compositionHeight: 1080,
  };
}

/** A box in output pixels, as item fields in composition pixels. */
export function box(left: number, top: number, width: number, height: number) {
  return { left: left * SCALE, top: top * SCALE, width: width * SCALE, height: height * SCALE };
}

/** The plan of `state` at the test size; a failure is a bug in the test. */
export function planOf(state: EditorState, options: RenderPlanOptions = {}): RenderPlan {
  const result = planRender(state, { width: SIDE, ...options });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}
