/** The API key the runtime tests send (apart from app.ts: a Worker's module exports only handlers). */
export const RUNTIME_TEST_KEY = "rk_test_runtime_key";
