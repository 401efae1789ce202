/**
 * The editor engine: the editor state model and the 21 edit operations of spec 4.14 as
 * pure, synchronous functions over immutable states.
 *
 * @module
 */
export {
  type ApplyFailure,
  type ApplyResult,
  type ApplySuccess,
  applyOperations,
  applyOperationsOrThrow,
  EditRejectedError,
  type OperationResult,
} from "./apply.js";
export { AUDIO_ROLES, inferAudioRole, isAudioRole } from "./audio-roles.js";
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
  type AddMediaFailure,
  type AddMediaSuccess,
  addMediaItem,
  type MediaPlacementFields,
  type MediaToPlace,
} from "./media.js";
export { normalizeEditorState } from "./normalize.js";
export type { ApplyOptions } from "./options.js";
export { speechRequestFor, transcriptionRequestsFor } from "./provider-requests.js";
export type {
  MediaResolutions,
  ResolvedMedia,
  SpeechProvider,
  SpeechRequest,
  SynthesizedSpeech,
  Transcript,
  TranscriptionProvider,
  TranscriptionRequest,
  TranscriptWord,
} from "./providers.js";
export { countSpokenWords } from "./spoken-words.js";
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
export { summarizeEditor } from "./summary.js";
export {
  durationSecondsToFrames,
  type FrameSpan,
  framesToSeconds,
  secondsSpanToFrames,
  secondsToFrames,
} from "./time.js";
