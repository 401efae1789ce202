/**
 * reelkit/editor: the editor engine alone, for servers and browsers alike. The editor
 * state model, the 21 edit operations of spec 4.14 as pure, synchronous functions over
 * immutable states, the summary of spec 2.7, the invariants, and the render plan that
 * turns a state into what a renderer draws and mixes.
 *
 * This entry imports neither zod nor any of Node's built-ins, so an editor UI can apply
 * the same batch in the browser (instant feedback) that the server applies (the truth).
 * Operations arrive typed, not parsed: validate untrusted input with the schemas of
 * `reelkit/schemas` first.
 *
 * @example
 * ```ts
 * import { applyOperations, createEditorState, summarizeEditor } from "reelkit/editor";
 *
 * const empty = createEditorState({ aspectRatio: "16:9" });
 * const result = applyOperations(empty, [
 *   { type: "add_text", text: "Hello", from_seconds: 0, duration_seconds: 2 },
 * ]);
 * if (result.ok) console.log(summarizeEditor(result.value.state).totalDurationSeconds);
 * else console.error(result.error.code, result.error.message);
 * ```
 *
 * @packageDocumentation
 */

export type { EditOperation, EditOperationType } from "../schemas/edit-operations.js";
export type { EditorSummary } from "../schemas/editor-videos.js";
export { countSpokenWords } from "../schemas/spoken-words.js";
export {
  type AppliedEdit,
  type ApplyFailure,
  type ApplyResult,
  type ApplySuccess,
  applyOperations,
  applyOperationsOrThrow,
  EditRejectedError,
  type OperationResult,
} from "./apply.js";
export { AUDIO_ROLES, inferAudioRole, isAudioRole } from "./audio-roles.js";
export { CAPTION_PRESET_STYLES, withCaptionPreset } from "./caption-presets.js";
export {
  EDIT_ERROR_CODES,
  type EditError,
  type EditErrorCode,
  type EditFailure,
} from "./errors.js";
export { type EditorStateProblem, validateEditorState } from "./invariants.js";
export {
  type AnimatedFields,
  type AudioItem,
  type CaptionsItem,
  type CaptionsSource,
  type EditorItem,
  type EditorItemType,
  type EffectFamily,
  type EffectSpan,
  type EffectSpans,
  type GifItem,
  type ImageItem,
  type ItemBase,
  isMediaItem,
  isSoundItem,
  isSourceTimedItem,
  isVisualItem,
  itemEndFrame,
  type MediaFit,
  type MediaItem,
  type SolidItem,
  type SoundFields,
  type SoundItem,
  type SourceFields,
  type SourceTimedItem,
  type TextItem,
  type VideoItem,
  type VisualItem,
} from "./items.js";
export {
  type AddedMedia,
  type AddMediaFailure,
  type AddMediaOptions,
  type AddMediaResult,
  type AddMediaSuccess,
  addMediaItem,
  type MediaPlacementFields,
  type MediaToPlace,
} from "./media.js";
export { normalizeEditorState } from "./normalize.js";
export type { ApplyOptions } from "./options.js";
export { applyEditorPatches } from "./patches.js";
export { speechRequestFor, transcriptionRequestsFor } from "./provider-requests.js";
export type {
  MediaResolutions,
  ResolvedMedia,
  SpeechRequest,
  SynthesizedSpeech,
  Transcript,
  TranscriptionRequest,
  TranscriptWord,
} from "./providers.js";
export { RANDOM_ID_LENGTH, randomEditorId } from "./random-id.js";
export {
  ANIMATION_DURATION_DEFAULT_SECONDS,
  ANIMATION_EFFECTS,
  REST_POSE,
  ZOOM_ANIMATION_SCALE,
} from "./render-plan/animations.js";
export { parseCssColor } from "./render-plan/colors.js";
export {
  CONTACT_SHEET_CELL_WIDTH_DEFAULT,
  CONTACT_SHEET_COLUMNS_DEFAULT,
  CONTACT_SHEET_COLUMNS_MAX,
  CONTACT_SHEET_FRAMES_MAX,
  type ContactSheetOptions,
  type ContactSheetPlan,
  type ContactSheetPlanResult,
  planContactSheet,
} from "./render-plan/contact-sheet.js";
export {
  RENDER_PLAN_ERROR_CODES,
  type RenderPlanError,
  type RenderPlanErrorCode,
  type RenderPlanFailure,
} from "./render-plan/errors.js";
export {
  MOTION_FLOAT_PERIOD_DEFAULT_SECONDS,
  MOTION_INTENSITY_DEFAULT,
} from "./render-plan/motion.js";
export {
  RENDER_DIMENSION_MAX,
  RENDER_DIMENSION_MIN,
  type RenderPlanOptions,
} from "./render-plan/options.js";
export { planRender, type RenderPlanResult } from "./render-plan/plan-render.js";
export {
  animationPoseAt,
  layerPoseAt,
  motionPhaseAt,
  motionPoseAt,
  progressAt,
  soundFadeAt,
} from "./render-plan/pose.js";
export { fontWeightOf } from "./render-plan/text-style.js";
export { sourceSecondsAt } from "./render-plan/timing.js";
export type {
  AnimationEffect,
  CaptionPage,
  CaptionPageWord,
  CaptionsLayer,
  LayerBase,
  LayerPose,
  MediaLayer,
  MotionPose,
  MotionSway,
  PlanBox,
  PlannedAnimation,
  PlannedLayer,
  PlannedMotion,
  PlannedSound,
  PlannedTextStyle,
  RenderInput,
  RenderInputKind,
  RenderPlan,
  RgbaColor,
  SolidLayer,
  SourceTiming,
  TextLayer,
  TimeWindow,
} from "./render-plan/types.js";
export {
  COMPOSITION_SIZES,
  type CompositionSize,
  type CreateEditorStateOptions,
  createEditorState,
  type EditorAsset,
  type EditorAssetType,
  type EditorState,
  type Track,
  type TrackKind,
} from "./state.js";
export { serializedStateBytes } from "./state-size.js";
export { summarizeEditor } from "./summary.js";
export {
  durationSecondsToFrames,
  type FrameSpan,
  framesToSeconds,
  secondsSpanToFrames,
  secondsToFrames,
} from "./time.js";
