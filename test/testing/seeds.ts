/**
 * The fixed seed of the `reelkit/testing` property suites, so a run replays exactly; a
 * failure prints its seed and path, and a seed that once failed belongs in the tests
 * as a kept example.
 */
export const SEED = 20261122;
