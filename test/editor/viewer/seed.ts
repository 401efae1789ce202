/** The fixed seed of the viewer-law property suites; a failure prints it and its path. */
export const SEED = 20261122;
