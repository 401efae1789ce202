/**
 * The generator of `set_title`, the one operation on the project itself.
 *
 * @module
 */
import { type OperationGenerator, planFrom } from "../plans.js";
import { titleArbitrary } from "../values/text.js";

/** `set_title` with any title the wire accepts. Never rejected. */
export const setTitleGenerator: OperationGenerator = {
  applies: () => true,
  plans: () => planFrom(titleArbitrary(), (title) => ({ type: "set_title", title })),
  adds: false,
  needsProviders: false,
};
