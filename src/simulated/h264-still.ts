/**
 * The smallest honest H.264 a placeholder clip needs, in pure TypeScript: one picture
 * held for a number of frames. The first frame is an IDR picture of uncompressed (I_PCM)
 * macroblocks, which any decoder shows exactly as given, and every later frame a P picture
 * whose macroblocks are all skipped (the previous frame again). Baseline profile, CAVLC,
 * 4:2:0, 8 bits: what browsers and ffmpeg play.
 *
 * @module
 */

/** A picture in Y′CbCr 4:2:0 (video range), sized in whole macroblocks. */
export interface YuvPicture {
  /** Width in pixels, a multiple of 16. */
  readonly codedWidth: number;
  /** Height in pixels, a multiple of 16. */
  readonly codedHeight: number;
  /** Width shown: the rest of the coded width is cropped away (even, at most codedWidth). */
  readonly width: number;
  /** Height shown (even, at most codedHeight). */
  readonly height: number;
  /** `codedWidth × codedHeight` luma samples. */
  readonly luma: Uint8Array;
  /** `codedWidth / 2 × codedHeight / 2` blue-difference samples. */
  readonly cb: Uint8Array;
  /** `codedWidth / 2 × codedHeight / 2` red-difference samples. */
  readonly cr: Uint8Array;
}

/** The NAL units of a held picture, without start codes or length prefixes. */
export interface H264Still {
  /** The sequence parameter set. */
  readonly sps: Uint8Array;
  /** The picture parameter set. */
  readonly pps: Uint8Array;
  /** The first frame, an IDR picture. */
  readonly idr: Uint8Array;
  /** The `frame - 1`th later frame, which repeats the picture (frame counts from 1). */
  readonly repeat: (frame: number) => Uint8Array;
}

// frame_num is written in this many bits and wraps, which the decoder allows.
const LOG2_MAX_FRAME_NUM = 16;
const PROFILE_BASELINE = 66;
// Level 3.0 holds pictures up to 1,620 macroblocks.
const LEVEL = 30;
const MB_TYPE_I_PCM = 25;
const SLICE_TYPE_P_ALL = 5;
const SLICE_TYPE_I_ALL = 7;

class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  bit(value: number): void {
    this.current = (this.current << 1) | (value & 1);
    this.used += 1;
    if (this.used === 8) this.flush();
  }

  bits(value: number, count: number): void {
    for (let shift = count - 1; shift >= 0; shift -= 1) this.bit((value >>> shift) & 1);
  }

  // Exp-Golomb, unsigned.
  ue(value: number): void {
    const coded = value + 1;
    const length = Math.floor(Math.log2(coded));
    this.bits(0, length);
    this.bits(coded, length + 1);
  }

  // Exp-Golomb, signed.
  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  aligned(): boolean {
    return this.used === 0;
  }

  byte(value: number): void {
    this.bytes.push(value & 0xff);
  }

  // rbsp_trailing_bits: a one, then zeros to the byte.
  trail(): Uint8Array {
    this.bit(1);
    while (!this.aligned()) this.bit(0);
    return Uint8Array.from(this.bytes);
  }

  private flush(): void {
    this.bytes.push(this.current);
    this.current = 0;
    this.used = 0;
  }
}

// A NAL unit: its header byte, then the payload with emulation prevention (a 3 after two
// zero bytes that a byte of at most 3 follows), so no start code appears inside.
function nalUnit(header: number, rbsp: Uint8Array): Uint8Array {
  const out: number[] = [header];
  let zeros = 0;
  for (const value of rbsp) {
    if (zeros >= 2 && value <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(value);
    zeros = value === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

function sequenceParameterSet(picture: YuvPicture): Uint8Array {
  const writer = new BitWriter();
  writer.bits(PROFILE_BASELINE, 8);
  writer.bits(0xc0, 8); // constraint_set0 and set1: plays as Baseline and Main
  writer.bits(LEVEL, 8);
  writer.ue(0); // seq_parameter_set_id
  writer.ue(LOG2_MAX_FRAME_NUM - 4);
  writer.ue(2); // pic_order_cnt_type 2: output order is decoding order
  writer.ue(1); // max_num_ref_frames
  writer.bit(0); // gaps_in_frame_num_value_allowed_flag
  writer.ue(picture.codedWidth / 16 - 1);
  writer.ue(picture.codedHeight / 16 - 1);
  writer.bit(1); // frame_mbs_only_flag
  writer.bit(1); // direct_8x8_inference_flag
  const cropRight = (picture.codedWidth - picture.width) / 2;
  const cropBottom = (picture.codedHeight - picture.height) / 2;
  const cropped = cropRight > 0 || cropBottom > 0;
  writer.bit(cropped ? 1 : 0);
  if (cropped) {
    writer.ue(0);
    writer.ue(cropRight);
    writer.ue(0);
    writer.ue(cropBottom);
  }
  writer.bit(0); // vui_parameters_present_flag: the container times the frames
  return nalUnit(0x67, writer.trail());
}

function pictureParameterSet(): Uint8Array {
  const writer = new BitWriter();
  writer.ue(0); // pic_parameter_set_id
  writer.ue(0); // seq_parameter_set_id
  writer.bit(0); // entropy_coding_mode_flag: CAVLC
  writer.bit(0); // bottom_field_pic_order_in_frame_present_flag
  writer.ue(0); // num_slice_groups_minus1
  writer.ue(0); // num_ref_idx_l0_default_active_minus1
  writer.ue(0); // num_ref_idx_l1_default_active_minus1
  writer.bit(0); // weighted_pred_flag
  writer.bits(0, 2); // weighted_bipred_idc
  writer.se(0); // pic_init_qp_minus26
  writer.se(0); // pic_init_qs_minus26
  writer.se(0); // chroma_qp_index_offset
  writer.bit(0); // deblocking_filter_control_present_flag
  writer.bit(0); // constrained_intra_pred_flag
  writer.bit(0); // redundant_pic_cnt_present_flag
  return nalUnit(0x68, writer.trail());
}

// One macroblock's samples, as I_PCM writes them: 16 × 16 luma, then 8 × 8 Cb and Cr.
function writeMacroblock(
  writer: BitWriter,
  picture: YuvPicture,
  { mbX, mbY }: { mbX: number; mbY: number },
): void {
  writer.ue(MB_TYPE_I_PCM);
  while (!writer.aligned()) writer.bit(0); // pcm_alignment_zero_bit
  for (let y = 0; y < 16; y += 1) {
    const row = (mbY * 16 + y) * picture.codedWidth + mbX * 16;
    for (let x = 0; x < 16; x += 1) writer.byte(picture.luma[row + x] ?? 16);
  }
  const chromaWidth = picture.codedWidth / 2;
  for (const plane of [picture.cb, picture.cr]) {
    for (let y = 0; y < 8; y += 1) {
      const row = (mbY * 8 + y) * chromaWidth + mbX * 8;
      for (let x = 0; x < 8; x += 1) writer.byte(plane[row + x] ?? 128);
    }
  }
}

function idrSlice(picture: YuvPicture): Uint8Array {
  const writer = new BitWriter();
  writer.ue(0); // first_mb_in_slice
  writer.ue(SLICE_TYPE_I_ALL);
  writer.ue(0); // pic_parameter_set_id
  writer.bits(0, LOG2_MAX_FRAME_NUM); // frame_num
  writer.ue(0); // idr_pic_id
  writer.bit(0); // no_output_of_prior_pics_flag
  writer.bit(0); // long_term_reference_flag
  writer.se(0); // slice_qp_delta
  for (let mbY = 0; mbY < picture.codedHeight / 16; mbY += 1) {
    for (let mbX = 0; mbX < picture.codedWidth / 16; mbX += 1) {
      writeMacroblock(writer, picture, { mbX, mbY });
    }
  }
  return nalUnit(0x65, writer.trail());
}

// A reference P picture (so frame_num counts up and pic_order_cnt_type 2 holds) with
// every macroblock skipped.
function skippedSlice(frame: number, macroblocks: number): Uint8Array {
  const writer = new BitWriter();
  writer.ue(0); // first_mb_in_slice
  writer.ue(SLICE_TYPE_P_ALL);
  writer.ue(0); // pic_parameter_set_id
  writer.bits(frame % 2 ** LOG2_MAX_FRAME_NUM, LOG2_MAX_FRAME_NUM);
  writer.bit(0); // num_ref_idx_active_override_flag
  writer.bit(0); // ref_pic_list_modification_flag_l0
  writer.bit(0); // adaptive_ref_pic_marking_mode_flag: sliding window
  writer.se(0); // slice_qp_delta
  writer.ue(macroblocks); // mb_skip_run: the whole picture
  return nalUnit(0x41, writer.trail());
}

/**
 * Encodes `picture` as the NAL units of a still clip.
 *
 * @example
 * ```ts
 * const still = encodeH264Still(picture);
 * const frames = [still.idr, ...Array.from({ length: 23 }, (_, index) => still.repeat(index + 1))];
 * ```
 */
export function encodeH264Still(picture: YuvPicture): H264Still {
  const macroblocks = (picture.codedWidth / 16) * (picture.codedHeight / 16);
  return {
    sps: sequenceParameterSet(picture),
    pps: pictureParameterSet(),
    idr: idrSlice(picture),
    repeat: (frame) => skippedSlice(frame, macroblocks),
  };
}
