/**
 * The named schemas of the OpenAPI document, split by direction: request-side schemas are
 * rendered as clients send them (defaults optional), response-side schemas as clients
 * receive them.
 *
 * @module
 */
import type { z } from "zod";
import {
  avatarSchema,
  brandKitSchema,
  referenceTemplateTargetSchema,
  voiceSchema,
  workspaceAssetsSchema,
} from "./assets.js";
import {
  aiModelItemSchema,
  catalogSchema,
  presetSchema,
  templateItemSchema,
  videoTemplateItemSchema,
} from "./catalog.js";
import { creditBalanceSchema } from "./credits.js";
import { editOperationSchema, editOperationSchemas } from "./edit-operations.js";
import {
  animationConfigSchema,
  captionEntrySchema,
  captionStyleSchema,
  textStyleSchema,
  voiceSettingsSchema,
} from "./edit-values.js";
import { editorFontsSchema, fontFamilySchema } from "./editor-fonts.js";
import { editorVideoExportSchema, exportEditorVideoRequestSchema } from "./editor-render.js";
import {
  editorHistoryRequestSchema,
  editorRevisionListSchema,
  editorRevisionResultSchema,
  editorRevisionSchema,
} from "./editor-revisions.js";
import {
  createEditorVideoRequestSchema,
  editOperationResultSchema,
  editorStateSchema,
  editorSummarySchema,
  editorVideoListSchema,
  editorVideoRecordSchema,
  editorVideoSchema,
  editResultSchema,
  patchEditorVideoRequestSchema,
} from "./editor-videos.js";
import { apiErrorSchema, errorResponseSchema } from "./errors.js";
import {
  createFacelessVideoRequestSchema,
  facelessVideoCreationResultSchema,
} from "./faceless-videos.js";
import {
  createGenerationRequestSchema,
  generationBatchSchema,
  generationErrorSchema,
  generationSchema,
} from "./generations.js";
import {
  addEditorMediaRequestSchema,
  directUploadDescriptorSchema,
  mediaAdditionResultSchema,
  mediaAdditionSchema,
  mediaItemSchema,
  mediaListSchema,
  mediaUploadResultSchema,
  placementSchema,
  uploadMediaRequestSchema,
  uploadUrlRequestSchema,
} from "./media.js";
import {
  createReferenceInspirationRequestSchema,
  referenceInspirationCreateResultSchema,
  referenceInspirationListSchema,
  referenceInspirationRecommendationsSchema,
  referenceInspirationSchema,
  referenceTargetSuggestionsSchema,
} from "./reference-inspirations.js";
import {
  createSlideshowRequestSchema,
  slideshowCreationResultSchema,
  slideshowSchema,
} from "./slideshows.js";
import { videoSchema } from "./videos.js";

function pascalCase(wireName: string): string {
  return wireName.replace(/(^|_)([a-z])/g, (_match, _separator, letter: string) =>
    letter.toUpperCase(),
  );
}

const operationComponents: Record<string, z.ZodType> = Object.fromEntries(
  Object.entries(editOperationSchemas).map(([type, schema]) => [
    `${pascalCase(type)}Operation`,
    schema,
  ]),
);

/** Request-side schemas by component name. */
export const REQUEST_COMPONENTS: Readonly<Record<string, z.ZodType>> = {
  CreateGenerationRequest: createGenerationRequestSchema,
  CreateSlideshowRequest: createSlideshowRequestSchema,
  CreateFacelessVideoRequest: createFacelessVideoRequestSchema,
  CreateReferenceInspirationRequest: createReferenceInspirationRequestSchema,
  CreateEditorVideoRequest: createEditorVideoRequestSchema,
  UpdateEditorVideoRequest: patchEditorVideoRequestSchema,
  UploadMediaRequest: uploadMediaRequestSchema,
  CreateUploadUrlRequest: uploadUrlRequestSchema,
  AddEditorMediaRequest: addEditorMediaRequestSchema,
  ExportEditorVideoRequest: exportEditorVideoRequestSchema,
  Placement: placementSchema,
  EditOperation: editOperationSchema,
  ...operationComponents,
  AnimationConfig: animationConfigSchema,
  TextStyle: textStyleSchema,
  CaptionStyle: captionStyleSchema,
  CaptionEntry: captionEntrySchema,
  VoiceSettings: voiceSettingsSchema,
  EditorHistoryRequest: editorHistoryRequestSchema,
};

/** Response-side schemas by component name. */
export const RESPONSE_COMPONENTS: Readonly<Record<string, z.ZodType>> = {
  Catalog: catalogSchema,
  TemplateItem: templateItemSchema,
  VideoTemplateItem: videoTemplateItemSchema,
  Preset: presetSchema,
  AiModelItem: aiModelItemSchema,
  WorkspaceAssets: workspaceAssetsSchema,
  BrandKit: brandKitSchema,
  Avatar: avatarSchema,
  Voice: voiceSchema,
  ReferenceTemplateTarget: referenceTemplateTargetSchema,
  CreditBalance: creditBalanceSchema,
  EditorFonts: editorFontsSchema,
  FontFamily: fontFamilySchema,
  Generation: generationSchema,
  GenerationError: generationErrorSchema,
  GenerationBatch: generationBatchSchema,
  SlideshowCreationResult: slideshowCreationResultSchema,
  Slideshow: slideshowSchema,
  FacelessVideoCreationResult: facelessVideoCreationResultSchema,
  Video: videoSchema,
  ReferenceInspiration: referenceInspirationSchema,
  ReferenceInspirationCreateResult: referenceInspirationCreateResultSchema,
  ReferenceInspirationList: referenceInspirationListSchema,
  ReferenceInspirationRecommendations: referenceInspirationRecommendationsSchema,
  ReferenceTargetSuggestions: referenceTargetSuggestionsSchema,
  EditorVideo: editorVideoSchema,
  EditorVideoRecord: editorVideoRecordSchema,
  EditorVideoList: editorVideoListSchema,
  EditorSummary: editorSummarySchema,
  EditorState: editorStateSchema,
  EditResult: editResultSchema,
  EditOperationResult: editOperationResultSchema,
  MediaItem: mediaItemSchema,
  MediaList: mediaListSchema,
  MediaUploadResult: mediaUploadResultSchema,
  MediaAddition: mediaAdditionSchema,
  MediaAdditionResult: mediaAdditionResultSchema,
  DirectUploadDescriptor: directUploadDescriptorSchema,
  EditorVideoExport: editorVideoExportSchema,
  ApiError: apiErrorSchema,
  ErrorResponse: errorResponseSchema,
  EditorRevisionList: editorRevisionListSchema,
  EditorRevision: editorRevisionSchema,
  EditorRevisionResult: editorRevisionResultSchema,
};
