/**
 * One valid example of every edit operation, shared by the schema, engine and adapter
 * suites. Each example sets the fields an agent would typically send, so a suite can
 * change one field and know everything else is valid.
 *
 * @module
 */
import type { EditOperation, EditOperationType } from "../../src/schemas/edit-operations.js";

/** A valid operation of each type, typed precisely so a suite can spread and override it. */
export type OperationExamples = {
  [Type in EditOperationType]: Extract<EditOperation, { type: Type }>;
};

/** A valid example of every edit operation, keyed by wire name. */
export const validOperationExamples: OperationExamples = {
  set_title: { type: "set_title", title: "Summer launch teaser" },
  remove_item: { type: "remove_item", item_id: "clip-1" },
  set_item_timing: {
    type: "set_item_timing",
    item_id: "clip-1",
    from_seconds: 2,
    duration_seconds: 5.5,
  },
  set_item_source: {
    type: "set_item_source",
    item_id: "clip-1",
    source_start_seconds: 1.25,
    playback_rate: 1.5,
  },
  set_item_audio: {
    type: "set_item_audio",
    item_id: "music-1",
    volume_db: -12,
    audio_fade_in_seconds: 0.5,
    audio_fade_out_seconds: 2,
  },
  set_audio_levels: {
    type: "set_audio_levels",
    audio_roles: ["music"],
    exclude_item_ids: ["music-2"],
    volume_db: -18,
    audio_fade_out_seconds: 1,
  },
  set_item_animation: {
    type: "set_item_animation",
    item_id: "title-1",
    enter: { type: "slide", duration_seconds: 0.4, direction: "left" },
    exit: null,
  },
  set_item_motion: {
    type: "set_item_motion",
    item_id: "photo-1",
    motion: {
      type: "ken_burns",
      start_seconds: 0,
      duration_seconds: 4,
      direction: "right",
      intensity: 0.4,
      loop: false,
    },
  },
  apply_item_transition: {
    type: "apply_item_transition",
    from_item_id: "clip-1",
    to_item_id: "clip-2",
    overlap_seconds: 0.5,
    preserve_to_item_end: true,
    enter: { type: "fade", duration_seconds: 0.5 },
    exit: { type: "fade", duration_seconds: 0.5 },
  },
  split_item: { type: "split_item", item_id: "clip-1", at_seconds: 3.2 },
  set_item_transform: {
    type: "set_item_transform",
    item_id: "photo-1",
    left: -40,
    top: 120,
    width: 1160,
    height: 1600,
    opacity: 0.9,
  },
  move_item_to_track: { type: "move_item_to_track", item_id: "clip-1", track_id: "track-2" },
  set_item_layer_order: { type: "set_item_layer_order", item_id: "title-1", position: "front" },
  add_solid: {
    type: "add_solid",
    from_seconds: 0,
    duration_seconds: 3,
    left: 0,
    top: 1500,
    width: 1080,
    height: 420,
    style: { color: "#000000aa", border_radius: 24, rotation: 0, opacity: 0.8 },
  },
  add_text: {
    type: "add_text",
    text: "50% off today only",
    from_seconds: 1,
    duration_seconds: 3,
    left: 90,
    width: 900,
    style: {
      color: "#ffffff",
      align: "center",
      font_family: "Inter",
      font_weight: "800",
      font_size: 72,
      stroke_width: 4,
      stroke_color: "#000000",
      background_color: null,
      fade_in_seconds: 0.2,
    },
  },
  update_text: {
    type: "update_text",
    item_id: "title-1",
    text: "Last chance",
    style: { color: "#ffdd00" },
  },
  add_captions: {
    type: "add_captions",
    captions: [
      {
        text: "Hello there",
        startMs: 0,
        endMs: 900,
        confidence: 0.98,
        words: [
          { word: "Hello", startMs: 0, endMs: 400, confidence: 0.99 },
          { word: "there", startMs: 450, endMs: 900 },
        ],
      },
      { text: "Welcome back", startMs: 1000, endMs: 2000, timestampMs: null },
    ],
    from_seconds: 0,
    style: { highlight_color: "#ffdd00", words_per_caption: 3, max_lines: 2 },
  },
  update_captions: {
    type: "update_captions",
    item_id: "captions-1",
    style: { page_duration_ms: 1500, split_on_punctuation: true },
  },
  generate_captions_from_items: {
    type: "generate_captions_from_items",
    source_item_ids: ["clip-1", "voice-1"],
    language: "en",
    style: { template_key: "bold-pop", words_per_caption: 2 },
  },
  add_sound_effect: {
    type: "add_sound_effect",
    sound_effect_id: "whoosh-soft",
    name: "Whoosh",
    from_seconds: 2.9,
    volume_db: -6,
  },
  add_voiceover: {
    type: "add_voiceover",
    text: "Meet the bottle that keeps drinks cold for a full day.",
    voice_id: "ash",
    instructions: "warm, upbeat",
    from_seconds: 0.5,
    volume_db: 0,
    voice_settings: { stability: 0.5, similarity_boost: 0.75, speed: 1.05 },
    idempotency_key: "voice-2025-06-01-001",
  },
};
