/**
 * Planning in tests: a plan that must exist, or the failure that must come back.
 */
import {
  type EditorState,
  planRender,
  type RenderPlan,
  type RenderPlanError,
  type RenderPlanOptions,
} from "reelkit/editor";

/** The plan of `state`; a failure is a bug in the test and throws with its message. */
export function planned(state: EditorState, options: RenderPlanOptions = {}): RenderPlan {
  const result = planRender(state, options);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** The failure planning `state` answers; a plan is a bug in the test and throws. */
export function planFailure(state: EditorState, options: RenderPlanOptions = {}): RenderPlanError {
  const result = planRender(state, options);
  if (result.ok) throw new Error("Expected the plan to fail.");
  return result.error;
}
