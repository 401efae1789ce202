// A tour of what reelkit does today, run by `npm start`.
import {
  buildOpenApiDocument,
  buildSkillMarkdown,
  EDIT_OPERATION_TYPES,
  ENDPOINTS,
  editOperationSchema,
  validationError,
} from "reelkit";

function heading(title: string): void {
  console.log(`\n== ${title}`);
}

console.log("reelkit: the embeddable core of a media-generation and video-editing API");

heading("Contract");
const openapi = buildOpenApiDocument();
console.log(
  `${ENDPOINTS.length} endpoints on ${Object.keys(openapi.paths).length} paths, OpenAPI ${openapi.openapi}`,
);
for (const endpoint of ENDPOINTS) {
  console.log(`  ${endpoint.method.padEnd(5)} ${endpoint.path.padEnd(28)} ${endpoint.summary}`);
}
console.log(`skill.md: ${buildSkillMarkdown().split("\n").length} lines for agents`);

heading("Edit operations");
console.log(`${EDIT_OPERATION_TYPES.length} operations: ${EDIT_OPERATION_TYPES.join(", ")}`);
const rejected = editOperationSchema.safeParse({
  type: "set_item_timing",
  item_id: "clip-1",
  duration_seconds: 0,
});
if (!rejected.success) {
  console.log("A bad operation becomes a structured 400:");
  console.log(JSON.stringify(validationError(rejected.error, "body"), null, 2));
}
