/**
 * `set_title`: renames the project. Setting the current title changes nothing.
 *
 * @module
 */
import { ok } from "../../result.js";
import type { SetTitleOperation } from "../../schemas/edit-operations.js";
import type { OperationModule } from "../options.js";

/** Applies `set_title`. */
export const setTitle: OperationModule<SetTitleOperation> = (draft, operation) => {
  draft.setTitle(operation.title);
  return ok(undefined);
};
