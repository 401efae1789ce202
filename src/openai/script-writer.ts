/**
 * The script writer on OpenAI's chat completions with structured output: each request
 * asks for a JSON object of a strict schema, which is checked again here (zod) before the
 * workflow sees it. A refusal (the model's `refusal`, or a `content_filter` stop) is a
 * content-policy rejection; an answer that breaks the schema is an invalid output, which
 * another attempt may mend. The workflows check the plans' substance themselves (a scene
 * plan must narrate the script whole and in order).
 *
 * @module
 */
import { z } from "zod";
import type { ScriptRequest, ScriptWriter } from "../ports/jobs.js";
import { ProviderError } from "../ports/provider-error.js";
import type {
  PlannedScene,
  PlannedSlide,
  ScenePlanRequest,
  SlidePlanRequest,
} from "../ports/script-plans.js";
import { callOpenAI, invalidOutput, OPENAI_FAILURE_CATEGORIES } from "./openai-calls.js";
import { type OpenAIOptions, type OpenAISettings, openAISettings } from "./openai-options.js";

/** The longest answer asked of the chat model, in tokens. */
export const OPENAI_CHAT_MAX_TOKENS = 4096;

const SCRIPT = z.object({ script: z.string().min(1) });
const SCENES = z.object({
  scenes: z
    .array(
      z.object({
        text: z.string().min(1),
        visual_prompt: z.string().min(1),
        target_seconds: z.number().positive(),
      }),
    )
    .min(1),
});
const SLIDES = z.object({
  slides: z.array(z.object({ headline: z.string().min(1), visual_prompt: z.string().min(1) })),
});

// The wire schemas, in the subset of JSON Schema that strict structured output accepts
// (every property required, no others, no length or range keywords); the zod shapes
// above check the rest.
type JsonSchema = Readonly<Record<string, unknown>>;
const strictObject = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});
const text: JsonSchema = { type: "string" };
const listOf = (items: JsonSchema): JsonSchema => ({ type: "array", items });
const WIRE_SCHEMAS = {
  narration_script: strictObject({ script: text }),
  scene_plan: strictObject({
    scenes: listOf(strictObject({ text, visual_prompt: text, target_seconds: { type: "number" } })),
  }),
  slide_plan: strictObject({
    slides: listOf(strictObject({ headline: text, visual_prompt: text })),
  }),
} as const;

interface Asked<Shape extends z.ZodType> {
  readonly name: keyof typeof WIRE_SCHEMAS;
  readonly shape: Shape;
  readonly system: string;
  readonly user: string;
}

function refused(): ProviderError {
  return new ProviderError({
    category: OPENAI_FAILURE_CATEGORIES.contentPolicy,
    message: "OpenAI's model refused to write this.",
    retryable: false,
  });
}

async function ask<Shape extends z.ZodType>(
  settings: OpenAISettings,
  asked: Asked<Shape>,
): Promise<z.infer<Shape>> {
  const body = {
    model: settings.models.chat,
    max_completion_tokens: OPENAI_CHAT_MAX_TOKENS,
    messages: [
      { role: "system" as const, content: asked.system },
      { role: "user" as const, content: asked.user },
    ],
    response_format: {
      type: "json_schema" as const,
      json_schema: { name: asked.name, strict: true, schema: WIRE_SCHEMAS[asked.name] },
    },
  };
  const answer = await callOpenAI({
    what: `the ${asked.name.replaceAll("_", " ")}`,
    limits: settings.limits,
    ...(settings.sleep === undefined ? {} : { sleep: settings.sleep }),
    attempt: (signal) => settings.client.chat.completions.create(body, { signal }),
  });
  const choice = answer.choices[0];
  if (choice?.message.refusal || choice?.finish_reason === "content_filter") throw refused();
  let json: unknown;
  try {
    json = JSON.parse(choice?.message.content ?? "");
  } catch {
    throw invalidOutput(`OpenAI's ${asked.name} is not JSON.`);
  }
  const parsed = asked.shape.safeParse(json);
  if (!parsed.success) throw invalidOutput(`OpenAI's ${asked.name} does not follow its schema.`);
  return parsed.data;
}

function brandOf(request: ScenePlanRequest | SlidePlanRequest): string {
  const kit = request.brandKit;
  return kit === null ? "" : `\nBrand kit "${kit.name}": ${JSON.stringify(kit.data)}`;
}

function write(settings: OpenAISettings, request: ScriptRequest): Promise<string> {
  const words = Math.max(1, Math.round(request.durationSeconds * request.wordsPerSecond));
  return ask(settings, {
    name: "narration_script",
    shape: SCRIPT,
    system:
      "You write the narration of short vertical videos: plain spoken sentences, no headings, no stage directions, ending on a whole sentence.",
    user: `Write about ${words} words in the language ${request.language} on: ${request.prompt}`,
  }).then((answer) => answer.script.trim());
}

async function planScenes(
  settings: OpenAISettings,
  request: ScenePlanRequest,
): Promise<readonly PlannedScene[]> {
  const styles = [request.imageStyle, ...request.styles].join(", ");
  const answer = await ask(settings, {
    name: "scene_plan",
    shape: SCENES,
    system:
      "You divide a narration into scenes of a faceless video. The scenes' texts, joined in order, must be the narration's words exactly, each once, unchanged. Each scene gets a prompt for an image model describing what it shows, without any text in the picture.",
    user: `Narration (${request.language}, about ${request.durationSeconds} seconds, aspect ratio ${request.aspectRatio}, style ${styles}):\n${request.script}${brandOf(request)}`,
  });
  return answer.scenes.map((scene) => ({
    text: scene.text,
    visualPrompt: scene.visual_prompt,
    targetSeconds: scene.target_seconds,
  }));
}

async function planSlides(
  settings: OpenAISettings,
  request: SlidePlanRequest,
): Promise<readonly PlannedSlide[]> {
  const about = [request.prompt, request.productContext].filter((part) => part !== null);
  const answer = await ask(settings, {
    name: "slide_plan",
    shape: SLIDES,
    system: `You plan social-media slideshows: exactly ${request.slideCount} slides, each with a short headline (at most eight words, in ${request.language}) and a prompt for an image model describing its picture, without any text in the picture.`,
    user: `Title: ${request.title}\nAbout: ${about.join("\n")}\nAspect ratio: ${request.aspectRatio}${brandOf(request)}`,
  });
  if (answer.slides.length !== request.slideCount) {
    throw invalidOutput(
      `OpenAI planned ${answer.slides.length} slides, not ${request.slideCount}.`,
    );
  }
  return answer.slides.map((slide) => ({
    headline: slide.headline,
    visualPrompt: slide.visual_prompt,
  }));
}

/**
 * Creates the script writer on OpenAI's chat completions: scripts, scene plans and slide
 * headlines, each with structured output.
 *
 * @example
 * ```ts
 * import { createOpenAIScriptWriter } from "reelkit/openai";
 *
 * const scriptWriter = createOpenAIScriptWriter({ models: { chat: "gpt-4o" } });
 * const script = await scriptWriter.write({
 *   prompt: "Three facts about octopuses",
 *   durationSeconds: 20,
 *   language: "en",
 *   wordsPerSecond: 2.5,
 * });
 * ```
 */
export function createOpenAIScriptWriter(options: OpenAIOptions = {}): ScriptWriter {
  const settings = openAISettings(options);
  return {
    write: (request) => write(settings, request),
    planScenes: (request) => planScenes(settings, request),
    planSlides: (request) => planSlides(settings, request),
  };
}
