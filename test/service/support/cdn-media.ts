/**
 * What the test CDN serves: the media the service tests place on timelines by URL.
 */

import type { StaticResource } from "reelkit";
import { mp4Lasting } from "../../media/crafted-media.js";
import { MEDIA_FILES } from "../../media/media-samples.js";

const CDN = "https://cdn.example.com";

/**
 * Media the service tests place by URL, as a CDN serves it: real files of each format,
 * some without a type or an extension, and a few answers that are not media. The
 * harness's URL fetcher serves them unless a test gives its own, since media placed by
 * URL is read and probed before it is placed.
 */
export const CDN_MEDIA: Readonly<Record<string, StaticResource>> = {
  [`${CDN}/broll/city.mp4`]: { body: MEDIA_FILES.mp4, contentType: "video/mp4" },
  [`${CDN}/a.mp4`]: { body: MEDIA_FILES.mp4, contentType: "video/mp4" },
  [`${CDN}/talk.mp4`]: { body: MEDIA_FILES.mp4, contentType: "video/mp4" },
  [`${CDN}/logo.png`]: { body: MEDIA_FILES.png, contentType: "image/png" },
  [`${CDN}/still.png`]: { body: MEDIA_FILES.png, contentType: "image/png" },
  // The reference host guide's clip, long enough for its walk-through to cut it at 4 s.
  [`${CDN}/clips/unboxing.mp4`]: { body: mp4Lasting(10), contentType: "video/mp4" },
  [`${CDN}/a.webm`]: { body: MEDIA_FILES.webm, contentType: "video/webm" },
  [`${CDN}/a.MOV?sig=1`]: { body: MEDIA_FILES.mov, contentType: "video/quicktime" },
  [`${CDN}/a.jpeg`]: { body: MEDIA_FILES.jpeg, contentType: "image/jpeg" },
  [`${CDN}/a.webp`]: { body: MEDIA_FILES.webp, contentType: "image/webp" },
  [`${CDN}/a.gif`]: { body: MEDIA_FILES.gif, contentType: "image/gif" },
  [`${CDN}/a.wav`]: { body: MEDIA_FILES.wav, contentType: "audio/wav" },
  [`${CDN}/a.ogg`]: { body: MEDIA_FILES.ogg, contentType: "audio/ogg" },
  [`${CDN}/a.mp3`]: { body: MEDIA_FILES.mp3, contentType: "audio/mpeg" },
  [`${CDN}/v.mp3`]: { body: MEDIA_FILES.mp3, contentType: "audio/mpeg" },
  [`${CDN}/m.mp3`]: { body: MEDIA_FILES.mp3, contentType: "audio/mpeg" },
  [`${CDN}/stream`]: { body: MEDIA_FILES.mp4, contentType: "application/octet-stream" },
  [`${CDN}/download`]: { body: MEDIA_FILES.mp4 },
  [`${CDN}/file.pdf`]: { body: "%PDF-1.4 not media", contentType: "application/pdf" },
  [`${CDN}/page`]: {
    body: "<!doctype html><title>Not a video</title>",
    contentType: "application/octet-stream",
  },
  [`${CDN}/busy.mp4`]: { body: "", status: 503 },
};
