/**
 * The project of a slideshow, built from its finished steps: one picture per slide on one
 * track, {@link SLIDE_SECONDS} each, fading into the next; with text overlays, each
 * slide's headline as an editable text item over it on a front text track. Pure.
 *
 * @module
 */

import type { EditorState } from "../../editor/state.js";
import { createEditorState } from "../../editor/state.js";
import { secondsToFrames } from "../../editor/time.js";
import type { PlannedSlide } from "../../ports/script-plans.js";
import type { GeneratedVisual } from "../../ports/visuals.js";
import { ok } from "../../result.js";
import type { EditOperation } from "../../schemas/edit-operations.js";
import type { TextStyle } from "../../schemas/edit-values.js";
import type { EditorAspectRatio } from "../../vocabulary.js";
import { PRODUCT_FPS } from "./faceless-project.js";
import { applyBatch, type Build, fadesThroughBlack, placeStills } from "./timeline-build.js";

/** How long each slide shows in a slideshow's video, in seconds. */
export const SLIDE_SECONDS = 3;

/** How a slide's headline looks: large bold white text on a dark rounded plate. */
export const SLIDE_TEXT_STYLE: TextStyle = Object.freeze({
  color: "#FFFFFF",
  font_weight: "bold",
  font_size: 76,
  align: "center",
  background_color: "rgba(0, 0, 0, 0.6)",
  background_horizontal_padding: 36,
  background_border_radius: 24,
});

/** What a slideshow's project is built from. */
export interface SlideshowParts {
  /** Title of the slideshow. */
  readonly title: string;
  /** 9:16, 1:1 or 4:5. */
  readonly aspectRatio: EditorAspectRatio;
  /** The slides, in order. */
  readonly slides: readonly PlannedSlide[];
  /** Each slide's picture, in order. */
  readonly visuals: readonly GeneratedVisual[];
  /** Whether each slide shows its headline as an editable text overlay. */
  readonly textOverlays: boolean;
  /** Names new items, tracks and assets. */
  readonly generateId: () => string;
}

function overlays(parts: SlideshowParts): EditOperation[] {
  return parts.slides.map((slide, index) => ({
    type: "add_text",
    text: slide.headline,
    from_seconds: index * SLIDE_SECONDS,
    duration_seconds: SLIDE_SECONDS,
    style: SLIDE_TEXT_STYLE,
  }));
}

/** Builds the project of a slideshow from its parts. */
export function buildSlideshowProject(parts: SlideshowParts): Build<EditorState> {
  const { generateId } = parts;
  const base = createEditorState({
    aspect_ratio: parts.aspectRatio,
    fps: PRODUCT_FPS,
    title: parts.title,
  });
  const slideFrames = secondsToFrames(SLIDE_SECONDS, PRODUCT_FPS);
  const stills = parts.visuals.map((visual, index) => ({
    visual,
    span: { from: index * slideFrames, durationInFrames: slideFrames },
    name: `Slide ${index + 1}`,
  }));
  const placed = placeStills(base, stills, generateId);
  if (!placed.ok) return placed;
  const operations = [
    ...fadesThroughBlack(placed.value.itemIds),
    ...(parts.textOverlays ? overlays(parts) : []),
  ];
  const built = applyBatch(placed.value.state, operations, { generateId });
  return built.ok ? ok(built.value.state) : built;
}
