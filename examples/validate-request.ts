// examples/validate-request.ts
import assert from "node:assert/strict";
import { errorBody, validationError } from "reelkit";
import { patchEditorVideoRequestSchema } from "reelkit/schemas";

const body = {
  instructions: "Tighten the intro",
  operations: [
    { type: "set_item_timing", item_id: "clip-1", duration_seconds: 4 },
    { type: "split_item", item_id: "clip-2", at_seconds: -1 },
  ],
};

const parsed = patchEditorVideoRequestSchema.safeParse(body);
assert.equal(parsed.success, false);
if (!parsed.success) {
  // A 400 body whose context names the exact field to fix.
  const response = errorBody(validationError(parsed.error, "body"));
  assert.equal(response.error.code, "bad_request");
  assert.deepEqual(
    response.error.context.fields.map((field) => field.path),
    ["operations.1.at_seconds"],
  );
}
