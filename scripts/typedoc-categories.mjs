// @ts-check
/**
 * A typedoc plugin that files every export of an entry under the `@category` of the
 * folder it is declared in, so the reference reads by area (editor, schemas, credits,
 * ...) instead of one flat list per kind. An explicit `@category` tag still wins.
 */
import { Comment, CommentTag, Converter, ReflectionKind } from "typedoc";

/** Source path prefixes and their categories; the first match wins. */
const CATEGORIES = [
  ["src/editor/", "Editor"],
  ["src/schemas/", "Schemas"],
  ["src/vocabulary.ts", "Schemas"],
  ["src/errors/", "Errors"],
  ["src/credits/", "Credits"],
  ["src/idempotency/", "Idempotency"],
  ["src/ports/", "Ports"],
  ["src/service/", "Service"],
  ["src/clock.ts", "Ports"],
  ["src/memory/", "Ports"],
  ["src/simulated/", "Ports"],
  ["src/media/", "Media"],
  ["src/http/", "HTTP"],
  ["src/local/", "Local"],
  ["src/mcp/", "MCP"],
  ["src/node/", "Node"],
  ["src/openai/", "OpenAI"],
  ["src/elevenlabs/", "ElevenLabs"],
  ["src/provider-calls/", "Ports"],
  ["src/fal/", "fal"],
  ["src/observability/", "Observability"],
  ["src/opentelemetry/", "Observability"],
  ["src/postgres/", "PostgreSQL"],
  ["src/render/", "Render"],
  ["src/s3/", "S3"],
  ["src/testing/", "Testing"],
];

/** @param {string} path */
function categoryOf(path) {
  return CATEGORIES.find(([prefix]) => path.startsWith(prefix))?.[1];
}

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const project = context.project;
    for (const reflection of project.getReflectionsByKind(ReflectionKind.SomeExport)) {
      if (!reflection.parent?.kindOf(ReflectionKind.SomeModule | ReflectionKind.Project)) continue;
      const path = project.getSymbolIdFromReflection(reflection)?.packagePath;
      const category = path === undefined ? undefined : categoryOf(path);
      if (category === undefined) continue;
      reflection.comment ??= new Comment();
      if (reflection.comment.blockTags.some((tag) => tag.tag === "@category")) continue;
      reflection.comment.blockTags.push(
        new CommentTag("@category", [{ kind: "text", text: category }]),
      );
    }
  });
}
