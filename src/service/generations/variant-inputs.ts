/**
 * Rule 2 of spec 4.4: `source_video_url`, `motion_video_url` and `audio_url` (or their My
 * Media ids) apply only when the chosen AI model variant supports them. What a variant
 * takes is read from its `input_mode` with {@link VARIANT_MEDIA_INPUTS}; template
 * generations have no variant and take none of them.
 *
 * @module
 */
import type { AiModelVariant } from "../../schemas/catalog.js";
import type { CreateGenerationRequest } from "../../schemas/generations.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { unusableFieldError } from "./reference-errors.js";

/** A media input that only some variants take, beside the prompt and reference images. */
export type VariantMediaInput = "source_video" | "motion_video" | "audio";

/**
 * The media inputs each `input_mode` takes. A mode not listed here (`text_to_image`,
 * `text_to_video`, `image_to_video`, ...) takes none of them.
 */
export const VARIANT_MEDIA_INPUTS: ReadonlyMap<string, readonly VariantMediaInput[]> = new Map<
  string,
  readonly VariantMediaInput[]
>([
  ["video_to_video", ["source_video"]],
  ["video_edit", ["source_video"]],
  ["video_extend", ["source_video"]],
  ["motion_control", ["motion_video"]],
  ["audio_to_video", ["audio"]],
  ["lip_sync", ["source_video", "audio"]],
]);

// Each input and the two request fields that can carry it.
const INPUT_FIELDS: readonly {
  readonly input: VariantMediaInput;
  readonly label: string;
  readonly fields: readonly ["source_video_url" | "motion_video_url" | "audio_url", string];
}[] = [
  {
    input: "source_video",
    label: "source video",
    fields: ["source_video_url", "source_video_media_id"],
  },
  {
    input: "motion_video",
    label: "motion video",
    fields: ["motion_video_url", "motion_video_media_id"],
  },
  { input: "audio", label: "audio track", fields: ["audio_url", "audio_media_id"] },
];

/** The input modes that take an input, for error messages. */
function modesTaking(input: VariantMediaInput): string {
  const modes = [...VARIANT_MEDIA_INPUTS].filter(([, inputs]) => inputs.includes(input));
  return modes.map(([mode]) => mode).join(", ");
}

function givenField(
  request: CreateGenerationRequest,
  fields: readonly string[],
): string | undefined {
  const values = request as Readonly<Record<string, unknown>>;
  return fields.find((field) => values[field] !== undefined);
}

/**
 * 400 naming the first media input field the variant does not take; `variant` is
 * undefined for template generations, which take none.
 */
export function checkVariantMediaInputs(
  request: CreateGenerationRequest,
  variant: AiModelVariant | undefined,
): Step<void> {
  const accepted =
    variant === undefined ? [] : (VARIANT_MEDIA_INPUTS.get(variant.input_mode) ?? []);
  for (const { input, label, fields } of INPUT_FIELDS) {
    const field = givenField(request, fields);
    if (field === undefined || accepted.includes(input)) continue;
    const chosen =
      variant === undefined
        ? `${request.type} generations use a template and take no ${label}`
        : `variant ${variant.id} has input_mode ${variant.input_mode}`;
    const message = `${field} applies only to AI model variants whose input_mode takes a ${label} (${modesTaking(input)}); ${chosen}.`;
    return halt(unusableFieldError({ field, message, reason: "unsupported_by_variant" }));
  }
  return proceed(undefined);
}
