/**
 * The renderer port as the service sees it: what turns an editor project into an MP4 or
 * a PNG, and what reads the media a render needs. The types live with the renderer
 * (`reelkit/render` implements them with ffmpeg); the service imports only these, never
 * an implementation, and works without one: render calls then answer a structured error.
 *
 * @module
 */
export type {
  FontFamilyInfo,
  LocalMediaFile,
  MediaBody,
  MediaReader,
  MediaReadRequest,
  MediaReadResult,
  RenderCallOptions,
  RenderError,
  RenderErrorDetails,
  RenderedImage,
  RenderedVideo,
  Renderer,
  RenderFailure,
  RenderFailureCode,
  RenderLimitExceeded,
  RenderProgress,
  RenderWork,
  VideoTarget,
} from "../render/renderer.js";
