/**
 * Codec names as ffmpeg spells them (`h264`, `aac`), from the codes containers use: the
 * four-character sample entries of MP4 and MOV, and the codec ids of Matroska and WebM.
 * A code without a name here is kept, lower-cased, so nothing is guessed.
 *
 * @module
 */

const FOUR_CC: Readonly<Record<string, string>> = {
  avc1: "h264",
  avc3: "h264",
  hvc1: "hevc",
  hev1: "hevc",
  vp08: "vp8",
  vp09: "vp9",
  av01: "av1",
  mp4v: "mpeg4",
  mp4a: "aac",
  Opus: "opus",
  fLaC: "flac",
  ".mp3": "mp3",
  "ac-3": "ac3",
  "ec-3": "eac3",
  jpeg: "mjpeg",
  mjpa: "mjpeg",
  apch: "prores",
  apcn: "prores",
  apcs: "prores",
  apco: "prores",
  ap4h: "prores",
  sowt: "pcm_s16le",
  twos: "pcm_s16be",
  lpcm: "pcm",
  ipcm: "pcm",
  alac: "alac",
};

/** ffmpeg's name of an MP4 or MOV sample entry's four-character code. */
export function codecOfFourCc(code: string | undefined): string {
  if (code === undefined) return "unknown";
  return FOUR_CC[code] ?? code.trim().toLowerCase();
}

const MATROSKA: Readonly<Record<string, string>> = {
  V_VP8: "vp8",
  V_VP9: "vp9",
  V_AV1: "av1",
  "V_MPEG4/ISO/AVC": "h264",
  V_MPEGH_ISO_HEVC: "hevc",
  "V_MPEGH/ISO/HEVC": "hevc",
  V_THEORA: "theora",
  V_MJPEG: "mjpeg",
  A_OPUS: "opus",
  A_VORBIS: "vorbis",
  A_AAC: "aac",
  A_FLAC: "flac",
  A_MPEG_L3: "mp3",
  "A_MPEG/L3": "mp3",
  A_AC3: "ac3",
  A_EAC3: "eac3",
  "A_PCM/INT/LIT": "pcm_s16le",
  "A_PCM/FLOAT/IEEE": "pcm_f32le",
};

/** ffmpeg's name of a Matroska or WebM codec id. */
export function codecOfMatroskaId(id: string | undefined): string {
  if (id === undefined) return "unknown";
  const known = MATROSKA[id] ?? (id.startsWith("A_AAC") ? "aac" : undefined);
  return known ?? id.toLowerCase();
}
